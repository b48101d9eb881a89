package rt

import (
	"fmt"
	"os"
	"regexp"
	"runtime"
	"strings"
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
	st := global()
	st.end()
	if st.raceCount() > 0 {
		os.Exit(st.opts.exitCode)
	}
}

// end settles what the program's end decides: a child of exploration
// reports its findings and exits; the program that needs its isolated
// sections explored explores them now.
func (st *state) end() {
	st.endGoRun("")
	if st.child != nil {
		st.finishChild()
	}
	st.settle()
	st.flush()
}

// OSExit replaces calls of os.Exit in rewritten code. A program that found a
// race and exits with status 0 exits with the exitcode option instead.
func OSExit(code int) {
	st := global()
	st.end()
	if code == 0 && st.raceCount() > 0 {
		code = st.opts.exitCode
	}
	os.Exit(code)
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
}

// TestBegin returns the number of races found so far. Rewritten test
// functions start with
//
//	defer rt.TestEnd(t, rt.TestBegin())
func TestBegin() uint64 { return global().raceCount() }

// TestEnd fails t when a race was found since TestBegin returned before, as
// `go test -race` fails the test during which a race was found.
func TestEnd(t TB, before uint64) {
	st := global()
	if st.child != nil {
		return // a child of exploration reports at the end of the process
	}
	st.endGoRun(t.Name())
	st.settleTest(t.Name())
	st.flush()
	if n := st.raceCount(); n > before {
		st.attributeToTests(before, n)
		t.Helper()
		t.Errorf("tpinstr: %s found during execution of this test", st.describe(before, n))
	}
}

// TestMain is called by the generated TestMain of a rewritten test package
// with the result of m.Run. It turns a race found outside any test into a
// failure of the package.
func TestMain(code int) int {
	st := global()
	st.endGoRun("")
	if st.child != nil {
		st.finishChild()
	}
	st.settleTest("")
	st.flush()
	if out := st.raceCount() - st.testRaces(); out > 0 {
		fmt.Fprintf(os.Stderr, "tpinstr: %s found outside any test\n", st.describeOutsideTests())
		if code == 0 {
			code = 1
		}
	}
	return code
}

// funcName trims a package path from a function name, for reports.
func funcName(full string) string {
	if i := strings.LastIndexByte(full, '/'); i >= 0 {
		full = full[i+1:]
	}
	return full
}

// settleTest settles, at the end of the test named test, the reports held
// because the test ran isolated sections of several tasks: it explores the
// orders of those sections by re-running the test binary with
// -test.run restricted to the test, as a program's end explores by
// re-running the program. Outside any test (test is empty), the held
// reports are written with a note instead.
func (st *state) settleTest(test string) {
	if !st.needExplore {
		return
	}
	if test != "" && st.opts.explore && st.x == nil {
		st.settleWith(testArgs(os.Args[1:], test))
		return
	}
	st.needExplore = false
	for _, rep := range st.unconfirmed {
		rep.Reason += "; isolated sections of several tasks ran in one order outside any test, and their other orders were not explored: an order of them may order this pair"
		st.emit(rep, "")
	}
	st.unconfirmed = nil
}

// testArgs returns the arguments of a test binary that runs only the
// top-level test of test (a test or subtest name) once.
func testArgs(args []string, test string) []string {
	top, _, _ := strings.Cut(test, "/")
	out := []string{"-test.run=^" + regexp.QuoteMeta(top) + "$", "-test.count=1"}
	for i := 0; i < len(args); i++ {
		a := args[i]
		name := strings.TrimLeft(a, "-")
		name, _, hasValue := strings.Cut(name, "=")
		switch name {
		case "test.run", "test.count", "test.v", "test.bench", "test.fuzz", "test.list", "test.skip",
			"test.cpuprofile", "test.memprofile", "test.trace", "test.coverprofile", "test.outputdir", "test.json":
			if !hasValue && name != "test.v" && i+1 < len(args) {
				i++ // the value is the next argument
			}
			continue
		}
		out = append(out, a)
	}
	return out
}
