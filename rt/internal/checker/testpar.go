package checker

import (
	"strings"
	"sync"

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
// binary, beside the other parallel tests: the part before t.Parallel ends
// its run here, and the parallel parts of all of them are one run, which
// the first to go on starts and the last to end ends (goexec's
// TopParallel and TopDone), their verdict written at the end of the last.
// The findings of the tests that ran while one waited are not counted as
// its own (TestEnd). With parallel_tests=alone, each is checked in runs of
// its own instead, explored as any, and its verdict says that its races
// with the others were not checked. Its subtests' t.Parallel are package
// testing's alone: their waits make the run "this schedule only" (goexec's
// outside.go), and the test's end waits for them (ParallelPending).
func TestParallel(name string, parallel func(), cleanup func(func()), site uint32) {
	st := global()
	if !strings.Contains(name, "/") {
		if st.gx != nil && st.gx.Holds() {
			st.endGoRun(name)
		}
		if st.topParallel == nil {
			st.topParallel = map[string]bool{}
		}
		st.topParallel[name] = true
		paused := st.findings.Count()
		parallel()
		// The sequential tests of the binary ran meanwhile: what they
		// found is theirs (TestEnd).
		if st.topWindow == nil {
			st.topWindow = map[string][2]uint64{}
		}
		st.topWindow[name] = [2]uint64{paused, st.findings.Count()}
		if !st.opts.ParallelAlone {
			if gx := GoExec(site); gx != nil {
				gx.TopParallel(name, len(st.topParallel), site)
				return
			}
		}
		// Alone (or inside a task.Run): the part after t.Parallel is
		// checked in runs of its own, explored as any.
		st.topPar = &goexec.Choice{What: name + " calls t.Parallel and was checked alone (parallel_tests=alone, or inside a task.Run): its races with the other parallel tests of the package were not checked", Site: site}
		st.topParSaid = false
		return
	}
	if top, _, _ := strings.Cut(name, "/"); st.topParallel[top] {
		// Its top-level test runs beside the other parallel ones, and
		// package testing may run their subtests at once: its wait in
		// t.Parallel is noted as any goroutine's in package testing
		// (outside.go), and the verdict says "this schedule only". Its
		// top-level test's end still waits for it (ParallelPending).
		st.waiting.add(top, 1)
		cleanup(func() { st.waiting.add(top, -1) })
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
	gx.ParallelResume(g, site)
}

// ParallelPending reports whether a subtest of the top-level test named
// test waits in t.Parallel, or runs its parallel part: the test's run of
// goroutines is not over before it ends.
func ParallelPending(test string) bool {
	st := global()
	gx := st.gx
	return gx != nil && gx.ParallelPending(test) || st.waiting.count(test) > 0
}

// parallelCounts is a count by test name, safe for use by the goroutines
// of several tests.
type parallelCounts struct {
	mu sync.Mutex
	n  map[string]int
}

func (c *parallelCounts) add(test string, d int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n == nil {
		c.n = map[string]int{}
	}
	c.n[test] += d
}

func (c *parallelCounts) count(test string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n[test]
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

// topPending records, at the end of the top-level test named name, that it
// ended, and reports whether it is one of the parallel tests of the
// package and another of them has not ended: their run goes on
// (TestParallel).
func (st *state) topPending(name string) bool {
	return st.topParallel[name] && st.gx != nil && st.gx.TopDone(name)
}

// TestRun is the rewritten t.Run of a test at site: run calls t.Run with
// the subtest's function wrapped so that it first calls enter. When a run
// of goroutines is going, the subtest's goroutine is taken in following the
// caller's segment at the call, and the caller, when t.Run returns, follows
// what the subtest did (goexec's parallel.go, Subtests); no run is started
// for a subtest.
func TestRun(site uint32, run func(enter func()) bool) bool {
	gx := RunningGoExec()
	if gx == nil {
		return run(func() {})
	}
	p := gx.CurrentAt(site)
	if p == nil {
		return run(func() {})
	}
	return run(func() {
		gx.SubtestOf(p, goid())
		if l, ok := gx.Enter(site); ok {
			gx.Exit(l)
		}
	})
}
