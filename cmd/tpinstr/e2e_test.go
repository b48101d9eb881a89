package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// These tests run the tpinstr binary, with the real rewriter and the real
// checker, on small modules that use this repository as users do.

var (
	binOnce sync.Once
	binPath string
	binErr  error
	binDir  string

	// cacheDir is the tpinstr cache that the package's tests share, as a
	// user's commands share one: the runtime copy written there keeps one
	// path, so the go command builds the runtime once for all the tests
	// instead of once per test (and the cache meets concurrent tpinstr
	// commands, as it must).
	cacheDir string
)

// TestMain removes the binary built for the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// tpinstrBinary builds tpinstr once per test run.
func tpinstrBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds tpinstr and programs with the go command")
	}
	binOnce.Do(func() {
		binDir, binErr = os.MkdirTemp("", "tpinstr-test-bin-")
		if binErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "tpinstr")
		cacheDir = filepath.Join(binDir, "cache")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build: %w\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// userModule writes a module that requires tpinstr, replaced by this
// repository, and returns its directory.
func userModule(t *testing.T, files map[string]string) string {
	t.Helper()
	root, goVersion := findRepo(t)
	dir := t.TempDir()
	files["go.mod"] = fmt.Sprintf("module example.com/user\n\ngo %s\n\nrequire github.com/tpinstr/tpinstr v0.0.0\n\nreplace github.com/tpinstr/tpinstr => %s\n", goVersion, root)
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// findRepo returns the root of this repository, found from the test's
// working directory, and the go version in its go.mod.
func findRepo(t *testing.T) (string, string) {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && bytes.HasPrefix(b, []byte("module github.com/tpinstr/tpinstr\n")) {
			sc := bufio.NewScanner(bytes.NewReader(b))
			for sc.Scan() {
				if v, ok := strings.CutPrefix(sc.Text(), "go "); ok {
					return dir, strings.TrimSpace(v)
				}
			}
			t.Fatal("the repository's go.mod has no go directive")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod of github.com/tpinstr/tpinstr above the test's directory")
		}
		dir = parent
	}
}

// tpinstrCmd returns a command running tpinstr in dir, with the tests'
// shared cache (env may set another) and TMPDIR tmp.
func tpinstrCmd(t *testing.T, dir, tmp string, env []string, args ...string) *exec.Cmd {
	cmd := exec.Command(tpinstrBinary(t), args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), append([]string{"TPINSTRCACHE=" + cacheDir, "TMPDIR=" + tmp}, env...)...)
	return cmd
}

// testPackage runs `tpinstr test -count=1 ./s` in a user module made of
// files, and returns its exit status, its standard error, and its
// standard output followed by its standard error.
func testPackage(t *testing.T, files map[string]string) (status int, stderr, out string) {
	t.Helper()
	dir := userModule(t, files)
	var so, se bytes.Buffer
	cmd := tpinstrCmd(t, dir, t.TempDir(), nil, "test", "-count=1", "./s")
	cmd.Stdout, cmd.Stderr = &so, &se
	status = exitStatus(t, cmd.Run())
	return status, se.String(), so.String() + se.String()
}

// exitStatus returns the exit status of a finished command.
func exitStatus(t *testing.T, err error) int {
	t.Helper()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			t.Fatalf("tpinstr died of %v", ws.Signal())
		}
		return ee.ExitCode()
	}
	t.Fatal(err)
	return 0
}

// checkNoWorkDirs fails the test if tpinstr left a work directory in tmp.
func checkNoWorkDirs(t *testing.T, tmp string) {
	t.Helper()
	entries, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "tpinstr-") {
			t.Errorf("work directory %s left in TMPDIR", e.Name())
		}
	}
}

const racyProgram = `package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		x := 0
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) { x++ })
			x++
		})
		fmt.Println("x =", x)
	})
}
`

// TestRunRace runs a racy program: its status is the race status, which
// TPINSTR can change, and the report names the user's file.
func TestRunRace(t *testing.T) {
	dir := userModule(t, map[string]string{"main.go": racyProgram})
	tests := []struct {
		env  []string
		want int
	}{
		{nil, 66},
		{[]string{"TPINSTR=exitcode=3"}, 3},
	}
	for _, tt := range tests {
		tmp := t.TempDir()
		var stdout, stderr bytes.Buffer
		cmd := tpinstrCmd(t, dir, tmp, tt.env, "run", ".")
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		code := exitStatus(t, cmd.Run())
		if code != tt.want {
			t.Errorf("env %q: status %d, want %d; stderr:\n%s", tt.env, code, tt.want, stderr.String())
		}
		if stdout.String() != "x = 2\n" {
			t.Errorf("env %q: stdout %q, want the program's output only", tt.env, stdout.String())
		}
		if !strings.Contains(stderr.String(), filepath.Join(dir, "main.go")+":13:") || !strings.Contains(stderr.String(), filepath.Join(dir, "main.go")+":14:") {
			t.Errorf("env %q: the report does not name main.go:13 and main.go:14:\n%s", tt.env, stderr.String())
		}
		checkNoWorkDirs(t, tmp)
	}
}

// TestTestRace runs tpinstr test: the tests with a race fail, the others
// pass; a test in which a race happens again whose pair of accesses an
// earlier test reported fails too (its report is written again), of task
// races and of data races alike; a race of the package's initialisation
// is reported outside any test, and not again in a race-free test whose
// schedules are explored (each child of the exploration initialises the
// package again).
func TestTestRace(t *testing.T) {
	dir := userModule(t, map[string]string{
		"p/p.go": `package p

import "github.com/tpinstr/tpinstr/rt/task"

// Sum adds 1..n, racily when racy is set.
func Sum(n int, racy bool) int {
	total := 0
	task.Run(func(t *task.T) {
		t.Finish(func(t *task.T) {
			for i := 1; i <= n; i++ {
				t.Async(func(t *task.T) {
					if racy {
						total += i
					}
				})
			}
		})
	})
	return total
}
`,
		"p/g.go": `package p

import "sync"

// Count counts to 2 in two goroutines, racily.
func Count() int {
	n := 0
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n++
		}()
	}
	wg.Wait()
	return n
}
`,
		"p2/p2.go": `package p2

// initialised races at package initialisation.
var initialised = func() int {
	n := 0
	done := make(chan bool)
	go func() {
		n = 1
		done <- true
	}()
	n = 2
	<-done
	return n
}()

// Select hands a value over in one of two ways, race-free.
func Select() int {
	x := 0
	done := make(chan bool)
	c, c1 := make(chan bool), make(chan bool)
	go func() {
		x = 1
		select {
		case c <- true:
		case c1 <- true:
		}
		done <- true
	}()
	select {
	case <-c:
	case c1 <- true:
	}
	x = 2
	<-done
	return x
}
`,
		"p2/p2_test.go": `package p2

import "testing"

func TestGoOK(t *testing.T) { Select() }
`,
		"p/p_test.go": `package p

import "testing"

func TestRace(t *testing.T)        { Sum(3, true) }
func TestOK(t *testing.T)          { Sum(3, false) }
func TestRaceAgain(t *testing.T)   { Sum(3, true) }
func TestGoRace(t *testing.T)      { Count() }
func TestGoRaceAgain(t *testing.T) { Count() }
`,
	})
	tmp := t.TempDir()
	var stdout, stderr bytes.Buffer
	cmd := tpinstrCmd(t, dir, tmp, nil, "test", "-v", "./...")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	code := exitStatus(t, cmd.Run())
	if code != 1 {
		t.Errorf("status %d, want 1; stdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
	}
	for _, want := range []string{
		"--- FAIL: TestRace ", "--- PASS: TestOK", "--- FAIL: TestRaceAgain", "--- FAIL: TestGoRace ", "--- FAIL: TestGoRaceAgain", "--- PASS: TestGoOK",
		"determinacy races found during execution of this test", "data races found during execution of this test",
	} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("stdout does not contain %q:\n%s", want, stdout.String())
		}
	}
	if want := "found outside any test"; !strings.Contains(stdout.String()+stderr.String(), want) {
		t.Errorf("the output does not contain %q:\nstdout:\n%s\nstderr:\n%s", want, stdout.String(), stderr.String())
	}
	checkNoWorkDirs(t, tmp)
}

// TestTestClockValue runs tpinstr test on a test whose code reads the
// clock through time.Now used as a value (an injected clock) while a
// goroutine's timer fires on the run's clock: the value reads the run's
// clock too, so the timer never fires before the time it was set for.
func TestTestClockValue(t *testing.T) {
	dir := userModule(t, map[string]string{
		"p/p.go": `package p

import (
	"sync"
	"time"
)

// Clock is an injectable clock.
type Clock struct{ Now func() time.Time }

// Elapsed returns how long, by c, a goroutine's timer of d took to fire.
func Elapsed(c Clock, d time.Duration) time.Duration {
	start := c.Now()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		<-time.NewTimer(d).C
	}()
	wg.Wait()
	return c.Now().Sub(start)
}
`,
		"p/p_test.go": `package p

import (
	"testing"
	"time"
)

func TestElapsed(t *testing.T) {
	c := Clock{Now: time.Now}
	for _, d := range []time.Duration{time.Millisecond, time.Second, time.Hour} {
		if got := Elapsed(c, d); got < d {
			t.Errorf("a timer of %v fired after %v by the clock", d, got)
		}
	}
}
`,
	})
	tmp := t.TempDir()
	var stdout, stderr bytes.Buffer
	cmd := tpinstrCmd(t, dir, tmp, nil, "test", "-count=1", "-v", "./...")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if code := exitStatus(t, cmd.Run()); code != 0 || !strings.Contains(stdout.String(), "--- PASS: TestElapsed") {
		t.Errorf("status %d, want 0 and TestElapsed passing; stdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
	}
	checkNoWorkDirs(t, tmp)
}

// TestTestVerdicts runs tpinstr test without -v on a passing package, whose
// test binary's output go test does not show: tpinstr prints the
// package's verdicts itself, naming the test whose run did not cover every
// schedule (exploration is off here).
func TestTestVerdicts(t *testing.T) {
	dir := userModule(t, map[string]string{
		"p/p.go": `package p

import "sync"

// Collect returns what n goroutines append under a lock, in their order.
func Collect(n int) []int {
	var (
		mu  sync.Mutex
		wg  sync.WaitGroup
		out []int
	)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			out = append(out, i)
			mu.Unlock()
		}()
	}
	wg.Wait()
	return out
}
`,
		"p/p_test.go": `package p

import "testing"

func TestOne(t *testing.T) { Collect(1) }
func TestTwo(t *testing.T) { Collect(2) }
`,
	})
	tmp := t.TempDir()
	var stdout, stderr bytes.Buffer
	cmd := tpinstrCmd(t, dir, tmp, []string{"TPINSTR=explore=0"}, "test", "-count=1", "./...")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if code := exitStatus(t, cmd.Run()); code != 0 {
		t.Fatalf("status %d, want 0; stdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
	}
	for _, want := range []string{
		"tpinstr: example.com/user/p: every schedule checked in 1 of 2 tests; not in:\n",
		"tpinstr:   TestTwo: checked 1 schedule",
	} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr does not contain %q:\n%s", want, stderr.String())
		}
	}
	if strings.Contains(stderr.String(), "TestOne:") {
		t.Errorf("stderr lists TestOne, whose run covered every schedule:\n%s", stderr.String())
	}
	checkNoWorkDirs(t, tmp)
}

// TestTestDeadlockInOneSchedule runs tpinstr test on a test that deadlocks
// in one schedule only (the second goroutine's send comes first): the
// exploration's child that runs it reports the deadlock, inside the test
// binary, and the parent writes it with the schedule that shows it.
func TestTestDeadlockInOneSchedule(t *testing.T) {
	dir := userModule(t, map[string]string{
		"p/p_test.go": `package p

import "testing"

func TestStuck(t *testing.T) {
	never := make(chan int)
	q := make(chan int, 1)
	go func() { q <- 1 }()
	go func() { q <- 2 }()
	if <-q == 2 {
		<-never
	}
	<-q
}
`,
	})
	tmp := t.TempDir()
	var stdout, stderr bytes.Buffer
	cmd := tpinstrCmd(t, dir, tmp, nil, "test", "-count=1", "./...")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if code := exitStatus(t, cmd.Run()); code == 0 {
		t.Errorf("status 0, want a failure; stdout:\n%s\nstderr:\n%s", stdout.String(), stderr.String())
	}
	out := stdout.String() + stderr.String()
	for _, want := range []string{
		"DEADLOCK: all goroutines are asleep",
		"p_test.go:11:",
		"Schedule: g@",
		"and tpinstr test -run '^TestStuck$')", // the replay option applies to every test of the binary
		"checked every schedule of this input",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output does not contain %q:\n%s", want, out)
		}
	}
	checkNoWorkDirs(t, tmp)
}

// TestInterruptForwarded sends SIGINT to tpinstr alone while the program
// runs: tpinstr passes it on, the program dies of it, and tpinstr removes
// its work directory and reports the signal in its status.
func TestInterruptForwarded(t *testing.T) {
	dir := userModule(t, map[string]string{"main.go": `package main

import (
	"fmt"
	"time"
)

func main() {
	fmt.Println("ready")
	time.Sleep(time.Hour)
}
`})
	tmp := t.TempDir()
	cmd := tpinstrCmd(t, dir, tmp, nil, "run", ".")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || line != "ready\n" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("first line %q, %v; stderr:\n%s", line, err, stderr.String())
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, out)
	code := exitStatus(t, cmd.Wait())
	if want := 128 + int(syscall.SIGINT); code != want {
		t.Errorf("status %d, want %d; stderr:\n%s", code, want, stderr.String())
	}
	checkNoWorkDirs(t, tmp)
}
