package checkbuild

import (
	"errors"
	"os/exec"
	"strconv"
	"strings"
)

// goCommand runs `go sub` with the overlay and the merged tags before the
// other arguments, in the working directory, with standard input passed
// through and every path of the work directory in its output mapped back to
// what the user knows. It returns the go command's exit status.
func (s *session) goCommand(sub string, args ...string) (int, error) {
	return s.goCommandEnv(sub, nil, args...)
}

// goCommandEnv is goCommand with env added to the go command's
// environment.
func (s *session) goCommandEnv(sub string, env []string, args ...string) (int, error) {
	argv := append(append([]string{sub, "-overlay=" + s.overlayPath, "-tags=" + s.tags}, s.rt.args...), args...)
	r := s.work.mapper(s.dir)
	s.logf("%sgo %s", r.Replace(strings.Join(append(append([]string(nil), s.rt.env...), ""), " ")), r.Replace(strings.Join(argv, " ")))
	cmd := exec.Command("go", argv...)
	cmd.Dir = s.dir
	cmd.Env = append(s.goEnv(), env...)
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
	return s.goCommandEnv("test", s.testEnv(), append(args, s.inv.GoArgs...)...)
}

// testEnvVar is the variable through which a checked test binary gets the
// user's values of the variables that the build changed to provide the
// runtime; the runtime's initialization restores them (rt/testenv.go,
// which parses the format testEnv writes).
const testEnvVar = "TPINSTR_TESTENV"

// testEnv returns the environment that go test adds for the test binaries
// it runs: testEnvVar with the user's values of the variables the build
// changed (GOWORK, GOFLAGS, GOPATH), so that a test that reads them, or
// runs the go command, sees what it would under go test. Each entry is
// -NAME for a variable the user did not set, or NAME="value" (quoted as
// in Go).
func (s *session) testEnv() []string {
	var entries []string
	seen := map[string]bool{}
	for _, kv := range s.rt.env {
		k, _, _ := strings.Cut(kv, "=")
		if seen[k] {
			continue
		}
		seen[k] = true
		if v, ok := lookupEnvOK(s.env, k); ok {
			entries = append(entries, k+"="+strconv.Quote(v))
		} else {
			entries = append(entries, "-"+k)
		}
	}
	if len(entries) == 0 {
		return nil
	}
	return []string{testEnvVar + "=" + strings.Join(entries, " ")}
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
