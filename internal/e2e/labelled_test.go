package e2e

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// raceExitCode is the status of a checked program that found a race (the
// TPINSTR exitcode option's default).
const raceExitCode = 66

// runTimeout bounds one `tpinstr run` (rewrite, build and checked run of a
// tiny program), so that a hang fails the program instead of the package.
const runTimeout = 3 * time.Minute

// checker is the tpinstr binary that TestMain builds for the whole package:
// TestMain cannot hand a value to the tests in any other way. err says why
// there is none.
var checker struct {
	root   string // the module root, where `tpinstr run` is started
	path   string
	binDir string // where the tests put the binaries they build
	err    error
}

func TestMain(m *testing.M) {
	flag.Parse()
	os.Exit(runTests(m))
}

// runTests builds cmd/tpinstr (unless -short skips the end-to-end runs),
// runs the tests and removes the build.
func runTests(m *testing.M) int {
	dir, err := os.MkdirTemp("", "tpinstr-e2e-")
	if err != nil {
		fmt.Fprintf(os.Stderr, "e2e: %v\n", err)
		return 1
	}
	defer os.RemoveAll(dir)
	checker.binDir = dir
	if !testing.Short() {
		checker.root, checker.path, checker.err = buildChecker(dir)
	}
	return m.Run()
}

// buildChecker builds cmd/tpinstr into dir and returns the module root and
// the binary's path.
func buildChecker(dir string) (root, path string, err error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", "", fmt.Errorf("building cmd/tpinstr: %w", err)
	}
	root, err = ModuleRoot(wd)
	if err != nil {
		return "", "", fmt.Errorf("building cmd/tpinstr: %w", err)
	}
	path = filepath.Join(dir, "tpinstr")
	if runtime.GOOS == "windows" {
		path += ".exe"
	}
	cmd := exec.Command("go", "build", "-o", path, ModulePath+"/cmd/tpinstr")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", "", fmt.Errorf("go build %s/cmd/tpinstr: %w\n%s", ModulePath, err, out)
	}
	return root, path, nil
}

// TestLabelledPrograms runs every race and norace program of the corpus
// under `tpinstr run` and checks its exit status and reports against its
// labels.
func TestLabelledPrograms(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the checked runs of the corpus (each builds a program)")
	}
	if checker.err != nil {
		t.Fatalf("cannot check the corpus: %v", checker.err)
	}
	for _, kind := range []string{KindRace, KindNoRace, KindExplore} {
		progs, err := Programs(checker.root, kind)
		if err != nil {
			t.Fatal(err)
		}
		if len(progs) == 0 {
			t.Fatalf("no %s programs under %s", kind, ProgramsDir)
		}
		for _, p := range progs {
			t.Run(kind+"/"+p.Name, func(t *testing.T) {
				t.Parallel()
				checkProgram(t, p)
			})
		}
	}
}

// full turns on the slow corpus checks, which .ci/run runs.
var full = flag.Bool("e2e.full", false, "also check every labelled program built with -instr.noprune (a second build of the corpus), "+
	"and explore the plain-Go corpora up to the default 1000 schedules instead of 100")

// TestLabelledProgramsNoPrune checks the race programs again with every
// hook kept (-instr.noprune): pruning must not change a verdict, so both
// runs must match the labels. It needs -e2e.full.
func TestLabelledProgramsNoPrune(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the checked runs of the corpus (each builds a program)")
	}
	if !*full {
		t.Skip("needs -e2e.full (set by .ci/run): builds the corpus a second time, with -instr.noprune")
	}
	if checker.err != nil {
		t.Fatalf("cannot check the corpus: %v", checker.err)
	}
	for _, kind := range []string{KindRace, KindNoRace} {
		progs, err := Programs(checker.root, kind)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range progs {
			t.Run(kind+"/"+p.Name, func(t *testing.T) {
				t.Parallel()
				checkProgram(t, p, "-instr.noprune")
			})
		}
	}
}

// checkProgram runs one program checked (built by checkedBinary with
// flags) and compares what it reported with its labels.
func checkProgram(t *testing.T, p Program, flags ...string) {
	pairs, err := Labels(p.Dir)
	if err != nil {
		t.Fatal(err)
	}
	jsonPath := filepath.Join(t.TempDir(), "reports.jsonl")
	if strings.ContainsAny(jsonPath, " \t") {
		t.Fatalf("the report file %q contains a space, which the TPINSTR variable cannot carry", jsonPath)
	}
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	bin := checkedBinary(t, p, flags...)
	cmd := exec.CommandContext(ctx, bin)
	cmd.Dir = checker.root
	cmd.Env = append(os.Environ(), "TPINSTR=json="+jsonPath)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	code, err := exitCode(cmd.Run())
	if err != nil {
		t.Fatalf("checked %s: %v\nstderr:\n%s", p.Pkg, err, stderr.Bytes())
	}
	races, err := ReadJSONReports(jsonPath, checker.root)
	if err != nil {
		t.Fatal(err)
	}

	switch p.Kind {
	case KindRace, KindExplore:
		if len(pairs) == 0 {
			t.Fatalf("race program %s has no race label", p.Pkg)
		}
		if code != raceExitCode {
			t.Errorf("exit status %d, want %d", code, raceExitCode)
		}
		missing, unexpected := Compare(pairs, races)
		for _, m := range missing {
			t.Errorf("no report for %s", m)
		}
		for _, u := range unexpected {
			t.Errorf("report on an unlabelled line: %s", u)
		}
	case KindNoRace:
		if len(pairs) != 0 {
			t.Fatalf("norace program %s carries race labels: %v", p.Pkg, pairs)
		}
		if code != 0 {
			t.Errorf("exit status %d, want 0", code)
		}
		for _, r := range races {
			t.Errorf("report in a race-free program: %s", r)
		}
		if bytes.Contains(stderr.Bytes(), []byte("DETERMINACY RACE")) {
			t.Errorf("race report on standard error of a race-free program")
		}
	default:
		t.Fatalf("program %s of kind %q: not checked end to end", p.Pkg, p.Kind)
	}
	if t.Failed() {
		t.Logf("stdout:\n%s\nstderr:\n%s", stdout.Bytes(), stderr.Bytes())
	}
}

// exitCode returns the exit status of a command that ran, or the error that
// kept it from running or finishing.
func exitCode(err error) (int, error) {
	if err == nil {
		return 0, nil
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) && ee.Exited() {
		return ee.ExitCode(), nil
	}
	return 0, err
}
