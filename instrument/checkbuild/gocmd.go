package checkbuild

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/tpinstr/tpinstr/rt/options"
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
	env := s.testEnv()
	dir := filepath.Join(s.work.dir, "verdicts")
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return 1, fmt.Errorf("work directory: %w", err)
	}
	code, err := s.goCommandEnv("test", append(env, options.VerdictsEnv+"="+dir), append(args, s.inv.GoArgs...)...)
	if vs, rerr := options.ReadVerdicts(dir); rerr == nil {
		printVerdicts(s.d.Stderr, vs)
	}
	return code, err
}

// printVerdicts writes, for each package whose test binary ran, whether
// its tests were checked for every schedule of their input, and the
// verdict of each test that was not: go test shows the verdict lines of a
// passing package only with -v.
func printVerdicts(w io.Writer, vs []options.Verdict) {
	for len(vs) > 0 {
		n := 1
		for n < len(vs) && vs[n].Pkg == vs[0].Pkg {
			n++
		}
		pkg, all := vs[0].Pkg, vs[:n]
		vs = vs[n:]
		var partial []options.Verdict
		total := 0
		for _, v := range all {
			if strings.HasPrefix(v.Verdict, "checked with the package's other parallel tests") {
				continue // its verdict is the group's, which follows
			}
			total++
			if !strings.HasPrefix(v.Verdict, "checked every schedule of this input") || strings.Contains(v.Verdict, "not checked") {
				partial = append(partial, v)
			}
		}
		if total == 0 {
			continue
		}
		tests := fmt.Sprintf("%d tests", total)
		if total == 1 {
			tests = "1 test"
		}
		if len(partial) == 0 {
			fmt.Fprintf(w, "tpinstr: %s: every schedule checked (%s)\n", pkg, tests)
			continue
		}
		fmt.Fprintf(w, "tpinstr: %s: every schedule checked in %d of %s; not in:\n", pkg, total-len(partial), tests)
		for _, v := range partial {
			name := v.Test
			if name == "" {
				name = "outside any test"
			}
			fmt.Fprintf(w, "tpinstr:   %s: %s\n", name, v.Verdict)
		}
	}
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
