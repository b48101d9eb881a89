package checker

import (
	"flag"
	"io"
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

var scale = flag.Bool("rt.scale", false, "run the scale test at full size: 10^7 tasks and 10^9 accesses")

// TestScale runs a ForAll-shaped checked execution — one finish joining
// many tasks, each writing its own slot of a shared slice and reading a
// shared table — and checks that it finds no race and, with one racing
// write added, exactly one report. At full size (-rt.scale) it makes 10^7
// tasks and 10^9 accesses and logs time and peak memory.
func TestScale(t *testing.T) {
	tasks, perTask := 100_000, 100
	if *scale {
		tasks = 10_000_000
	}
	if testing.Short() {
		tasks = 10_000
	}
	st := newTestState(t)
	start := time.Now()
	slots := make([]int64, tasks)
	table := make([]int64, perTask-1)
	run := func(racy bool) {
		root := st.runBegin()
		st.finishBegin()
		for i := 0; i < tasks; i++ {
			c := st.spawn(false)
			for j := range table {
				Read(&table[j], 1)
			}
			Write(&slots[i], 2)
			if racy && i == tasks-1 {
				Write(&table[0], 3)
			}
			st.taskEnd(c)
		}
		st.finishEnd()
		st.runEnd(root)
	}
	run(false)
	elapsed := time.Since(start)
	if n := st.findings.Count(); n != 0 {
		t.Fatalf("%d races reported on a race-free execution", n)
	}
	if testing.Short() || !*scale {
		st.w.Out = io.Discard
		defer func() { st.w.Out = os.Stderr }()
		run(true)
		if n := st.findings.Count(); n != 1 {
			t.Fatalf("%d reports for one racing pair of sites, want 1", n)
		}
	}
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	accesses := float64(tasks) * float64(perTask)
	t.Logf("%d tasks, %.0f accesses in %v (%.1f ns/access), peak RSS %d MiB",
		tasks, accesses, elapsed, float64(elapsed.Nanoseconds())/accesses, ru.Maxrss/1024)
	runtime.KeepAlive(slots)
}

// newTestState returns a checker of its own for a test, reporting into the
// test log. Tests that use it must not run in parallel with one another,
// since the hooks find the checker through the process's state.
func newTestState(t *testing.T) *state {
	t.Helper()
	st := global()
	if st.cur != 0 {
		t.Fatal("a checked Run is already active")
	}
	st.findings.Reset()
	clear(st.seen)
	return st
}

// The methods below call the exported event functions; they exist so that
// tests read as the checked task library would drive the checker.
func (st *state) runBegin() event.Task         { return RunBegin() }
func (st *state) runEnd(root event.Task)       { RunEnd(root) }
func (st *state) spawn(future bool) event.Task { return Spawn(future) }
func (st *state) taskEnd(t event.Task)         { TaskEnd(t) }
func (st *state) finishBegin()                 { FinishBegin() }
func (st *state) finishEnd()                   { FinishEnd() }
