package rt

import (
	"fmt"
	"os"
	"runtime"

	"github.com/tpinstr/tpinstr/rt/internal/checker"
)

// Exit ends a checked program. Rewritten code defers it as the first
// statement of func main:
//
//	func main() {
//		defer rt.Exit()
//		...
//
// When main returns normally and a race was found, Exit flushes the reports
// and exits with the exitcode option (66 by default), as Go's race detector
// does. When main is panicking, Exit returns at once and lets the panic go on
// with its own stack: reports were already written when they were found.
func Exit() {
	if panicking() {
		return
	}
	if code := checker.End(0); code != 0 {
		os.Exit(code)
	}
}

// Start is called at the start of func main, when every package of the
// program is initialized: the rewriter puts the call before `defer Exit()`.
// From then on the reads of fields that no rewritten code writes have no
// hook running (RegisterFields).
func Start() { checker.Start() }

// OSExit replaces calls of os.Exit in rewritten code. A program that found a
// race and exits with status 0 exits with the exitcode option instead.
func OSExit(code int) {
	os.Exit(checker.End(code))
}

// panicking reports whether the calling goroutine is running deferred calls
// because of a panic.
func panicking() bool {
	pcs := make([]uintptr, 64)
	n := runtime.Callers(2, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		if f.Function == "runtime.gopanic" {
			return true
		}
		if !more {
			return false
		}
	}
}

// TB is the part of testing.TB that TestEnd needs.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
	Name() string
	Cleanup(f func())
}

// TestBegin returns the number of races found so far. Rewritten test
// functions start with
//
//	defer rt.TestEnd(t, rt.TestBegin())
func TestBegin() uint64 { return checker.TestBegin() }

// TestEnd fails t when a race was found since TestBegin returned before, as
// `go test -race` fails the test during which a race was found.
//
// When subtests of t called t.Parallel (TestParallel), they run after the
// test function returned: TestEnd then settles in a cleanup of t, which
// runs once they all ended.
func TestEnd(t TB, before uint64) {
	t.Helper()
	if checker.ParallelPending(t.Name()) {
		t.Cleanup(func() {
			t.Helper()
			testEnd(t, before)
		})
		return
	}
	testEnd(t, before)
}

func testEnd(t TB, before uint64) {
	t.Helper()
	if found := checker.TestEnd(t.Name(), before); found != "" {
		t.Helper()
		t.Errorf("tpinstr: %s found during execution of this test", found)
	}
}

// ExampleEnd settles the end of the example function named name, as TestEnd
// does for a test. Rewritten examples start with
//
//	defer rt.ExampleEnd("ExampleXxx", rt.TestBegin())
//
// An example has no *testing.T to fail: when a race was found since
// TestBegin returned before, ExampleEnd prints the message to the standard
// output, which package testing compares with the example's output
// comment, so the example fails and names the race in its "got:" lines
// (the reports are on the standard error, as for a test).
func ExampleEnd(name string, before uint64) {
	if found := checker.TestEnd(name, before); found != "" {
		fmt.Printf("tpinstr: %s found during execution of this example\n", found)
	}
}

// TP is the part of *testing.T that TestParallel needs.
type TP interface {
	Parallel()
	Name() string
	Cleanup(f func())
}

// TestParallel calls t.Parallel(), for the rewritten t.Parallel() of a test
// at site. A subtest's parallel part is checked beside its siblings' in the
// run of goroutines of its test: races between siblings are found whatever
// order package testing runs them in. A top-level test's races with the
// other parallel tests of its package are not checked: its verdict says
// so.
func TestParallel(t TP, site uint32) { checker.TestParallel(t.Name(), t.Parallel, t.Cleanup, site) }

// TR is the part of *testing.T that TestRun needs: T is *testing.T.
type TR[T any] interface {
	Run(name string, f func(T)) bool
}

// TestRun calls t.Run(name, f), for the rewritten t.Run of a test at site.
// In a checked run of goroutines, the subtest's goroutine follows what the
// caller did before the call, and the caller, once t.Run returns, what the
// subtest did: the edges of package testing's own synchronisation.
func TestRun[T any, R TR[T]](t R, name string, f func(T), site uint32) bool {
	return checker.TestRun(site, func(enter func()) bool {
		return t.Run(name, func(ct T) {
			enter()
			f(ct)
		})
	})
}

// TestMain is called by the generated TestMain of a rewritten test package
// with the result of m.Run. It turns a race found outside any test into a
// failure of the package.
func TestMain(code int) int { return checker.TestMain(code) }
