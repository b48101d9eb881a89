package checkbuild

import (
	"fmt"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"golang.org/x/tools/go/packages"
)

// run runs `tpinstr run`: it builds the program with `go build` and runs
// the binary itself, so that the program's exit status (66 after a race)
// becomes the command's, where go run would turn it into 1. A pattern with
// "..." that matches several main packages runs each of them (runMany).
func (s *session) run() (int, error) {
	inv := s.inv
	if len(inv.Packages) == 1 && isManyPattern(inv.Packages[0]) {
		var mains []*packages.Package
		for _, p := range s.roots {
			if p.Name == "main" {
				mains = append(mains, p)
			}
		}
		switch {
		case len(mains) == 0:
			return 0, fmt.Errorf("pattern %s matches no main packages", inv.Packages[0])
		case len(mains) > 1:
			if len(inv.Args) > 0 {
				return 0, &UsageError{Command: "run", Msg: "a pattern that matches several main packages takes no program arguments"}
			}
			return s.runMany(mains)
		}
		return s.runOne(mains[0], []string{mains[0].PkgPath})
	}
	if len(s.roots) != 1 {
		return 0, fmt.Errorf("%s matches %d packages; tpinstr run needs one main package", strings.Join(inv.Packages, " "), len(s.roots))
	}
	if p := s.roots[0]; p.Name != "main" {
		return 0, fmt.Errorf("package %s is not a main package", p.PkgPath)
	}
	return s.runOne(s.roots[0], inv.Packages)
}

// runOne builds the main package p, named on the go command line by args,
// and runs it with the program's arguments.
func (s *session) runOne(p *packages.Package, args []string) (int, error) {
	exe, err := s.work.exeDir()
	if err != nil {
		return 0, err
	}
	bin := filepath.Join(exe, exeName(p))
	goArgs := append(append([]string{"-o", bin}, s.inv.GoArgs...), args...)
	if code, err := s.goCommand("build", goArgs...); err != nil || code != 0 {
		return code, err
	}
	if s.inv.N {
		return 0, nil
	}
	return s.exec(bin, s.inv.Args)
}

// exec runs the built program, through -exec if given, with the command's
// standard streams, environment and working directory.
func (s *session) exec(bin string, args []string) (int, error) {
	argv := append(append(append([]string(nil), s.inv.Exec...), bin), args...)
	s.logf("%s", s.work.mapper(s.dir).Replace(strings.Join(argv, " ")))
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = s.dir
	cmd.Env = s.env
	cmd.Stdin, cmd.Stdout, cmd.Stderr = s.d.Stdin, s.d.Stdout, s.d.Stderr
	return s.sup.run(cmd)
}

// runMany builds every main package in mains, then runs each in turn under
// a header line, and ends with a summary line per program. The status is
// the race exit status if any program reported a race, else the first
// non-zero status, else 0.
func (s *session) runMany(mains []*packages.Package) (int, error) {
	exe, err := s.work.exeDir()
	if err != nil {
		return 0, err
	}
	bins, rounds := planBinaries(exe, mains)
	for _, round := range rounds {
		goArgs := append(append([]string{"-o", round.dir + string(filepath.Separator)}, s.inv.GoArgs...), round.pkgs...)
		if code, err := s.goCommand("build", goArgs...); err != nil || code != 0 {
			return code, err
		}
	}
	if s.inv.N {
		return 0, nil
	}
	raceCode := raceExitCode(s.env)
	status := 0
	var summary []string
	for i, p := range mains {
		name := s.display(p)
		fmt.Fprintf(s.d.Stdout, "=== tpinstr run %s\n", name)
		code, err := s.exec(bins[i], nil)
		if err != nil {
			return 0, err
		}
		verdict := "ok"
		switch {
		case code == raceCode:
			verdict = "race"
			status = raceCode
		case code != 0:
			verdict = fmt.Sprintf("exit %d", code)
			if status == 0 {
				status = code
			}
		}
		summary = append(summary, fmt.Sprintf("%-8s %s", verdict, name))
	}
	fmt.Fprintln(s.d.Stdout, "--- tpinstr run summary")
	for _, line := range summary {
		fmt.Fprintln(s.d.Stdout, line)
	}
	return status, nil
}

// buildRound is one go build of several main packages into one directory.
type buildRound struct {
	dir  string
	pkgs []string
}

// planBinaries assigns every main package a binary in exe. go build -o dir/
// names each binary after its package, so packages with the same name are
// built in different rounds, into different directories.
func planBinaries(exe string, mains []*packages.Package) (bins []string, rounds []buildRound) {
	used := map[string]int{} // binary name -> rounds that have it
	for _, p := range mains {
		name := exeName(p)
		r := used[name]
		used[name]++
		if r == len(rounds) {
			rounds = append(rounds, buildRound{dir: filepath.Join(exe, fmt.Sprint(r))})
		}
		rounds[r].pkgs = append(rounds[r].pkgs, p.PkgPath)
		bins = append(bins, filepath.Join(rounds[r].dir, name))
	}
	return bins, rounds
}

var majorVersion = regexp.MustCompile(`^v[0-9]+$`)

// exeName is the name go build gives the binary of p: the last element of
// its import path, skipping a major version suffix, or for files named on
// the command line the first file's name without .go.
func exeName(p *packages.Package) string {
	if p.PkgPath == "command-line-arguments" && len(p.GoFiles) > 0 {
		return strings.TrimSuffix(filepath.Base(p.GoFiles[0]), ".go")
	}
	name := path.Base(p.PkgPath)
	if majorVersion.MatchString(name) && path.Dir(p.PkgPath) != "." {
		name = path.Base(path.Dir(p.PkgPath))
	}
	return name
}

// raceExitCode is the status a checked program exits with after a race: the
// exitcode option of TPINSTR, or 66.
func raceExitCode(env []string) int {
	code := 66
	for _, f := range strings.Fields(lookupEnv(env, "TPINSTR")) {
		if v, ok := strings.CutPrefix(f, "exitcode="); ok {
			fmt.Sscan(v, &code)
		}
	}
	return code
}
