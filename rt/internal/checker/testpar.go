package checker

import (
	"strings"

	"github.com/tpinstr/tpinstr/rt/internal/goexec"
)

// TestParallel is the rewritten t.Parallel() of the test or subtest named
// name: parallel is t.Parallel, and cleanup is t.Cleanup.
//
// A subtest's parallel part runs in the run of goroutines of its top-level
// test, beside its siblings' (goexec's parallel.go): the run starts here if
// none did, ParallelBegin and ParallelDone tell the executor where the
// subtest waits and when its test ends, and TestEnd of the top-level test
// waits for its parallel subtests (rt.TestEnd defers it to a cleanup).
//
// A top-level test's parallel part runs after every sequential test of the
// binary, beside the other parallel tests, but tpinstr runs the tests of a
// binary one at a time, each in runs of its own (go test gets
// -parallel=1), so their races with one another are not checked: the part
// before t.Parallel ends its run here, the test's verdict says "this
// schedule only", naming the t.Parallel, and the findings of the tests
// that ran while it waited are not counted as the test's (TestEnd). Its
// subtests' t.Parallel are then package testing's alone: their waits make
// the runs "this schedule only" (goexec's outside.go).
func TestParallel(name string, parallel func(), cleanup func(func()), site uint32) {
	st := global()
	if !strings.Contains(name, "/") {
		if st.gx != nil && st.gx.Holds() {
			st.endGoRun(name)
		}
		paused := st.findings.Count()
		parallel()
		// The sequential tests of the binary ran meanwhile: what they
		// found is theirs (TestEnd).
		if st.topWindow == nil {
			st.topWindow = map[string][2]uint64{}
		}
		st.topWindow[name] = [2]uint64{paused, st.findings.Count()}
		if st.topParallel == nil {
			st.topParallel = map[string]bool{}
		}
		st.topParallel[name] = true
		st.topPar = &goexec.Choice{What: name + " calls t.Parallel, and its races with the other parallel tests of the package were not checked (tpinstr runs the tests of a package one at a time)", Site: site}
		st.topParSaid = false
		return
	}
	if top, _, _ := strings.Cut(name, "/"); st.topParallel[top] {
		// Its top-level test runs beside the other parallel ones, which
		// may end the run: its wait in t.Parallel is noted as any
		// goroutine's in package testing (outside.go), and its verdict
		// says "this schedule only".
		parallel()
		return
	}
	gx := GoExec(site)
	if gx == nil {
		parallel()
		return
	}
	g := gx.ParallelBegin(name, site)
	cleanup(func() { gx.ParallelDone(g) })
	parallel()
	// Taken in again at once, joining what its parallel part follows.
	if l, ok := gx.Enter(site); ok {
		gx.Exit(l)
	}
}

// ParallelPending reports whether a subtest of the top-level test named
// test waits in t.Parallel, or runs its parallel part: the test's run of
// goroutines is not over before it ends.
func ParallelPending(test string) bool {
	gx := global().gx
	return gx != nil && gx.ParallelPending(test)
}

// sayTopParallel writes the verdict of a top-level test that called
// t.Parallel, when its run of goroutines did not name it (it had none, or
// one goroutine).
func (st *state) sayTopParallel() {
	if c := st.topPar; c != nil {
		if !st.topParSaid {
			st.verdict("checked this schedule only: " + c.What + at(c.Site))
		}
		st.topPar, st.topParSaid = nil, false
	}
}
