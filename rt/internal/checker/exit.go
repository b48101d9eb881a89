package checker

import (
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/tpinstr/tpinstr/rt/internal/sites"
	"github.com/tpinstr/tpinstr/rt/options"
)

// end settles what the program's end decides: a child of exploration
// reports its findings and exits; the program that needs its isolated
// sections explored explores them now.
func (st *state) end() {
	st.endGoRun("")
	if st.childOut != "" {
		st.finishChild()
	}
	st.settle()
	st.taskVerdict()
	st.flush()
}

// End settles, at the end of a program, what the program's end decides:
// a child of exploration reports its findings and exits; the program that
// needs its isolated sections explored explores them now. It returns the
// exit status that a program with status code must have: the exitcode
// option when code is 0 and something was found, code otherwise. rt.Exit
// and rt.OSExit call it.
func End(code int) int {
	st := global()
	st.end()
	if code == 0 && st.findings.Count() > 0 {
		return st.opts.ExitCode
	}
	return code
}

// Start is called when every package of the program is initialized, at
// the start of func main: see start.
func Start() { global().start() }

// start settles the flags of field reads (sites.SettleFields) now that
// every package of the program has registered its fields: at the start of
// func main and of each test. Strict permissions keep every read hook,
// since they report reads of locations that two tasks touch whether or not
// anything writes them.
func (st *state) start() {
	if st.opts.Permissions != options.PermStrict {
		sites.SettleFields()
	}
}

// Found returns the number of findings so far.
func Found() uint64 { return global().findings.Count() }

// TestBegin begins a test: it returns the number of findings so far, for
// TestEnd, and begins a test epoch, so that a race whose pair of accesses
// an earlier test reported is reported again, and fails this test, when
// it happens in it (as go test -race fails each test in which a race
// with another stack happens).
func TestBegin() uint64 {
	st := global()
	st.start()
	st.testEpoch.Add(1)
	return st.findings.Count()
}

// TestEnd settles, at the end of the test or example named name, the
// findings since TestBegin returned before. When some were found, it
// returns what they were (such as "1 determinacy race"), for the message
// that fails the test, else "".
func TestEnd(name string, before uint64) string {
	st := global()
	if st.childOut != "" {
		return "" // a child of exploration reports at the end of the process
	}
	st.verdictLog.test = name
	defer func() { st.verdictLog.test = "" }()
	if st.topPending(name) {
		// The run of the package's parallel tests goes on.
		st.verdict("checked with the package's other parallel tests, in one run: its verdict follows the last of them")
	} else {
		st.endGoRun(name)
		st.sayTopParallel()
	}
	st.settleTest(name)
	st.flush()
	spans := [][2]uint64{{before, st.findings.Count()}}
	if w, ok := st.topWindow[name]; ok {
		// It waited in t.Parallel while other tests ran (TestParallel).
		delete(st.topWindow, name)
		spans = [][2]uint64{{before, w[0]}, {w[1], spans[0][1]}}
	}
	var found uint64
	for _, sp := range spans {
		if sp[1] > sp[0] {
			found += sp[1] - sp[0]
			st.findings.AttributeToTests(sp[0], sp[1])
		}
	}
	if found > 0 {
		return st.findings.Describe(spans...)
	}
	return ""
}

// TestMain settles the end of a test binary whose m.Run returned code: it
// writes what was found outside any test and returns the status, which is
// 1 instead of 0 when something was.
func TestMain(code int) int {
	st := global()
	st.endGoRun("")
	if st.childOut != "" {
		st.finishChild()
	}
	st.settleTest("")
	st.taskVerdict()
	st.flush()
	if out := st.findings.Count() - st.findings.InTests(); out > 0 {
		fmt.Fprintf(os.Stderr, "tpinstr: %s found outside any test\n", st.findings.DescribeOutsideTests())
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
	if test != "" && st.opts.Explore && st.x == nil {
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
