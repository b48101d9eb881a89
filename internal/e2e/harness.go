package e2e

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"
)

// RaceExitCode is the status of a checked program that found a race (the
// TPINSTR exitcode option's default).
const RaceExitCode = 66

// RunTimeout bounds one run of a checked corpus binary, so that a hang
// fails the program instead of the package.
const RunTimeout = 3 * time.Minute

// Harness is what the end-to-end tests of a package share: a tpinstr
// binary built for the package's run (by its TestMain, with
// [NewHarness]), the module root where the binaries are run, and a
// directory for the binaries the tests build.
type Harness struct {
	Root   string // the module root
	Path   string // the tpinstr binary
	BinDir string // where the tests put the binaries they build
	// Err says why there is no tpinstr binary (the build failed): the
	// tests that need one fail with it.
	Err error

	statOnce sync.Once // statModule, from the first test that needs the binary

	goMu     sync.Mutex
	goBuilds map[string]*goBuild // the checked builds of plain-Go corpora, by directory (goprog.go)
}

// NewHarness makes a temporary directory and, unless short is set (the
// tests that build programs skip), builds cmd/tpinstr into it. A failed
// build is kept in h.Err, for the tests to report; an error is returned
// only when no directory could be made. cleanup removes the directory.
func NewHarness(short bool) (h *Harness, cleanup func(), err error) {
	dir, err := os.MkdirTemp("", "tpinstr-e2e-")
	if err != nil {
		return nil, nil, fmt.Errorf("e2e: %w", err)
	}
	h = &Harness{BinDir: dir}
	if !short {
		h.Root, h.Path, h.Err = buildChecker(dir)
	}
	return h, func() { os.RemoveAll(dir) }, nil
}

// Need fails t when the harness has no tpinstr binary.
func (h *Harness) Need(t testing.TB) {
	t.Helper()
	if h.Err != nil {
		t.Fatalf("cannot check the corpus: %v", h.Err)
	}
	h.statOnce.Do(func() { statModule(h.Root) })
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

// statModule looks at every file of the module at root (but .git), so
// that the go command's test cache counts them among the test's inputs.
// It runs inside a test (Need): the files a TestMain looks at before
// m.Run are not logged.
// The tests' real inputs (the sources cmd/tpinstr is built from, its
// embedded runtime, the corpora) are read by the go commands they start,
// which the cache does not see: without this, a test package that does
// not import the runtime would pass from the cache after the runtime
// changed.
func statModule(root string) {
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		switch {
		case err != nil:
			return nil
		case d.IsDir() && d.Name() == ".git":
			return filepath.SkipDir
		case !d.IsDir():
			os.Stat(p)
		}
		return nil
	})
}

// TestRoot returns the root of the module that holds the test's working
// directory, or fails t.
func TestRoot(t testing.TB) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root, err := ModuleRoot(wd)
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// ExitCode returns the exit status of a command that ran, or the error
// that kept it from running or finishing.
func ExitCode(err error) (int, error) {
	if err == nil {
		return 0, nil
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) && ee.Exited() {
		return ee.ExitCode(), nil
	}
	return 0, err
}

// Run is the body of a test package's TestMain: it builds cmd/tpinstr
// (unless -short skips the end-to-end runs) into *h, runs the tests and
// removes the build, and returns the exit status.
func Run(m *testing.M, h **Harness) int {
	built, cleanup, err := NewHarness(testing.Short())
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer cleanup()
	*h = built
	return m.Run()
}

// CheckOutcome compares a checked run of p (its exit status, its JSON
// reports, its standard error) with p's labels: a race or explore program
// exits with RaceExitCode and reports exactly its labelled pairs, and a
// norace program exits 0 and reports nothing, on standard error either.
func CheckOutcome(t testing.TB, p Program, pairs []Pair, code int, races []Race, stderr []byte) {
	t.Helper()
	switch p.Kind {
	case KindRace, KindExplore:
		if len(pairs) == 0 {
			t.Fatalf("race program %s has no race label", p.Pkg)
		}
		if code != RaceExitCode {
			t.Errorf("exit status %d, want %d", code, RaceExitCode)
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
		if bytes.Contains(stderr, []byte("DATA RACE")) || bytes.Contains(stderr, []byte("DETERMINACY RACE")) {
			t.Errorf("race report on standard error of a race-free program")
		}
	default:
		t.Fatalf("program %s of kind %q: not checked end to end", p.Pkg, p.Kind)
	}
}
