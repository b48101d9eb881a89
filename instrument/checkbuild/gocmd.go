package checkbuild

import (
	"errors"
	"os/exec"
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
	return s.goCommand("test", append(args, s.inv.GoArgs...)...)
}
