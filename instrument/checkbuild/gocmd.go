package checkbuild

import (
	"errors"
	"os"
	"os/exec"
	"runtime"
	"strings"
)

// goCommand runs `go sub` with the overlay and the merged tags before the
// other arguments, in the working directory, with standard input passed
// through and every path of the work directory in its output mapped back to
// what the user knows. It returns the go command's exit status.
func (s *session) goCommand(sub string, args ...string) (int, error) {
	argv := append(append([]string{sub, "-overlay=" + s.overlayPath, "-tags=" + s.tags}, s.rt.args...), args...)
	r := s.work.mapper(s.dir)
	s.logf("%sgo %s", r.Replace(strings.Join(append(append([]string(nil), s.rt.env...), ""), " ")), r.Replace(strings.Join(argv, " ")))
	cmd := exec.Command("go", argv...)
	cmd.Dir = s.dir
	cmd.Env = s.goEnv()
	cmd.Stdin = s.d.Stdin
	stdout := newMapWriter(s.d.Stdout, r)
	stderr := newMapWriter(s.d.Stderr, r)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	code, err := s.sup.run(cmd)
	return code, errors.Join(err, stdout.Flush(), stderr.Flush())
}

// build runs `tpinstr build`.
func (s *session) build() (int, error) {
	return s.goCommand("build", s.inv.GoArgs...)
}

// test runs `tpinstr test`. Unless the user chose otherwise it passes
// -parallel=1, because a checked binary runs one task.Run at a time (its
// detector is one per process) and attributes each race to the test running
// when it was found, so parallel tests would only wait for one another and
// blur that attribution; and -vet=off, because the vet checks of go test
// would see the rewritten files rather than the user's.
func (s *session) test() (int, error) {
	var args []string
	if !s.inv.Parallel {
		args = append(args, "-parallel=1")
	}
	if !s.inv.Vet {
		args = append(args, "-vet=off")
	}
	if x := s.testExec(); x != "" {
		args = append(args, "-exec="+x)
	}
	return s.goCommand("test", append(args, s.inv.GoArgs...)...)
}

// testExec returns the -exec of go test: the user's, if any, after an env
// command that gives the test binaries the user's environment where the
// build changed it to provide the runtime (GOWORK, GOFLAGS, GOPATH), so
// that a test that reads them or runs the go command behaves as under go
// test. Without env (Windows), or when the path of the test binary would
// hold "=" (from GOTMPDIR or TMPDIR), which env would take for a setting,
// the binaries see the build's environment.
func (s *session) testExec() string {
	var unset, set []string
	seen := map[string]bool{}
	for _, kv := range s.rt.env {
		k, _, _ := strings.Cut(kv, "=")
		if seen[k] {
			continue
		}
		seen[k] = true
		if v, ok := lookupEnvOK(s.env, k); ok {
			set = append(set, quoteWord(k+"="+v))
		} else {
			unset = append(unset, "-u", k)
		}
	}
	if len(unset)+len(set) == 0 || runtime.GOOS == "windows" || strings.Contains(s.goTempDir(), "=") {
		return s.inv.TestExec
	}
	words := append(append([]string{"env"}, unset...), set...)
	if s.inv.TestExec != "" {
		words = append(words, s.inv.TestExec)
	}
	return strings.Join(words, " ")
}

// goTempDir returns the directory where the go command makes its work
// directory, which holds the test binaries.
func (s *session) goTempDir() string {
	if d := lookupEnv(s.goEnv(), "GOTMPDIR"); d != "" {
		return d
	}
	if d := lookupEnv(s.goEnv(), "TMPDIR"); d != "" && runtime.GOOS != "windows" {
		return d
	}
	return os.TempDir()
}

// lookupEnvOK returns the last value of key in env and whether it is set.
func lookupEnvOK(env []string, key string) (string, bool) {
	v, ok := "", false
	for _, kv := range env {
		if k, val, found := strings.Cut(kv, "="); found && k == key {
			v, ok = val, true
		}
	}
	return v, ok
}

// quoteWord quotes w for the go command's splitting of -exec
// (cmd/internal/quoted.Split) when it holds a space or a quote.
func quoteWord(w string) string {
	if !strings.ContainsAny(w, " \t\n'\"") {
		return w
	}
	if !strings.Contains(w, "'") {
		return "'" + w + "'"
	}
	return `"` + w + `"`
}
