package difftest

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
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

var all = flag.Bool("difftest.all", false, "compare every program of the corpus, not only the default sample (.ci/run sets it)")

// sample is the part of the corpus compared by default: a few programs
// of different kinds (closures, maps, goroutines and channels, defer,
// panics and recover, methods, reflection, strings, unsafe).
var sample = map[string]bool{
	"closure": true, "map": true, "chancap": true, "deferprint": true,
	"recover": true, "method5": true, "reflectmethod1": true, "string_lit": true,
	"unsafebuiltins": true, "helloworld": true,
}

// knownDiffs are the programs whose checked build does not behave as the
// plain build, each with the reason. The test fails when another program
// differs, and when one of these stops differing (so that the list only
// shrinks).
var knownDiffs = map[string]string{
	// The goroutines race on x on purpose (the program checks that byte
	// loads are atomic): the checked build reports the data race and
	// exits 66.
	"atomicload": "the program races on purpose, and the checked build reports it",
	// The finalizers' atomic adds race with main's plain read of the
	// counter, and the checked build reports it and exits 66, as
	// `go build -race` does; the plain build exits 0. (The finalizers run:
	// rt.SetFinalizer unpins the objects it is given and wraps their
	// finalizers, rt/internal/checker/alloc.go.)
	"deferfin": "the finalizers race with main's read of the counter, and the checked build reports it, as go build -race does",
}

// mayDiffer are the programs whose checked build differs in some runs
// and not in others, each with the reason: rewritten code that runs on a
// goroutine of the runtime (a finalizer), which the checker does not
// control, enters the checked run from outside. Their outcome is logged,
// not checked.
var mayDiffer = map[string]string{
	"tinyfin": "finalizers send on a channel from the runtime's finalizer goroutine, which the checker does not control",
	// closure counts the allocations of the whole process between two
	// runtime.ReadMemStats calls; the checker's watchdog, which reads the
	// goroutines' stacks when the goroutine that runs has made no hook
	// for two of its ticks (goexec's watch), allocates there when the
	// machine is busy enough to slow that stretch down.
	"closure": "it counts the process's allocations, and the checker's watchdog allocates when the machine is busy",
}

// timeout bounds one build or run.
const timeout = 3 * time.Minute

var tool struct {
	once sync.Once
	path string
	err  error
}

// tpinstr builds cmd/tpinstr once.
func tpinstr(t *testing.T) string {
	t.Helper()
	tool.once.Do(func() {
		dir, err := os.MkdirTemp("", "difftest-")
		if err != nil {
			tool.err = err
			return
		}
		tool.path = filepath.Join(dir, "tpinstr")
		cmd := exec.Command("go", "build", "-o", tool.path, "github.com/tpinstr/tpinstr/cmd/tpinstr")
		if out, err := cmd.CombinedOutput(); err != nil {
			tool.err = fmt.Errorf("go build cmd/tpinstr: %w\n%s", err, out)
		}
	})
	if tool.err != nil {
		t.Fatal(tool.err)
	}
	return tool.path
}

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if tool.path != "" {
		os.RemoveAll(filepath.Dir(tool.path))
	}
	os.Exit(code)
}

// outcome is what one build and run of a program did.
type outcome struct {
	stdout []byte
	status int
}

// TestDifferential builds each program of testdata, every one a module of
// its own that requires nothing, once with go build and once with tpinstr
// build, runs both binaries and compares their standard output and exit
// status, which must be equal. Standard error is not compared: a panic
// prints addresses and goroutine numbers there. By default a sample of the
// corpus is compared; -difftest.all compares all of it.
func TestDifferential(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds programs with the go command")
	}
	entries, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() && (*all || sample[e.Name()]) {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	if len(names) == 0 {
		t.Fatal("no programs in testdata")
	}
	bin := tpinstr(t)
	var mu sync.Mutex
	var same, differ []string
	t.Run("programs", func(t *testing.T) {
		for _, name := range names {
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				dir, err := filepath.Abs(filepath.Join("testdata", name))
				if err != nil {
					t.Fatal(err)
				}
				plain := buildAndRun(t, dir, "go", "build")
				checked := buildAndRun(t, dir, bin, "build")
				diff := ""
				switch {
				case plain.status != checked.status:
					diff = fmt.Sprintf("exit status %d, plain build %d", checked.status, plain.status)
				case !bytes.Equal(plain.stdout, checked.stdout):
					diff = fmt.Sprintf("standard output differs:\nchecked: %q\nplain:   %q", clip(checked.stdout), clip(plain.stdout))
				}
				mu.Lock()
				if diff == "" {
					same = append(same, name)
				} else {
					differ = append(differ, name)
				}
				mu.Unlock()
				if reason, ok := mayDiffer[name]; ok {
					if diff != "" {
						t.Logf("difference that depends on the runtime's goroutines (%s): %s", reason, diff)
					}
					return
				}
				reason, known := knownDiffs[name]
				switch {
				case diff != "" && !known:
					t.Errorf("the checked build differs: %s", diff)
				case diff == "" && known:
					t.Errorf("the checked build no longer differs (%s): remove it from knownDiffs", reason)
				case diff != "":
					t.Logf("known difference (%s): %s", reason, diff)
				}
			})
		}
	})
	sort.Strings(differ)
	t.Logf("%d programs: %d behave the same checked, %d differ %v", len(names), len(same), len(differ), differ)
}

// buildAndRun builds the module in dir with `tool build -o BIN .` and runs
// BIN in dir.
func buildAndRun(t *testing.T, dir, tool, build string) outcome {
	t.Helper()
	exe := filepath.Join(t.TempDir(), "prog")
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, tool, build, "-o", exe, ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s build: %v\n%s", filepath.Base(tool), err, out)
	}
	run := exec.CommandContext(ctx, exe)
	run.Dir = dir
	// The corpus compares behaviour, which exploring other schedules
	// does not change (its children's output is discarded); without it,
	// the programs that start thousands of goroutines (chanlinear,
	// gcgort, stack) rerun for the whole explore_time limit.
	run.Env = append(os.Environ(), "TPINSTR=explore=0")
	var stdout bytes.Buffer
	run.Stdout = &stdout
	err := run.Run()
	status := 0
	var ee *exec.ExitError
	switch {
	case ctx.Err() != nil:
		t.Fatalf("%s: the %s build did not finish within %v", filepath.Base(dir), filepath.Base(tool), timeout)
	case errors.As(err, &ee):
		status = ee.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return outcome{stdout: stdout.Bytes(), status: status}
}

// clip shortens long output for a test message.
func clip(b []byte) string {
	s := string(b)
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	return strings.TrimSpace(s)
}
