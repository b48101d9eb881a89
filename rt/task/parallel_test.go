//go:build !tpinstr && !tpserial

package task

import (
	"errors"
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

// The tests of this file check what only the parallel build does: tasks that
// really run at the same time, the detection of a handle used while its task
// waits, Goexit in tasks, the spawn throttle and the loop scheduler.

// TestTasksRunConcurrently checks that sibling tasks, a task and its parent,
// and iterations of a loop run at the same time: each waits on a channel for
// the other, which no serial schedule could complete.
func TestTasksRunConcurrently(t *testing.T) {
	tests := []struct {
		name string
		run  func(t *T, a, b func())
	}{
		{"siblings", func(t *T, a, b func()) { t.Async(func(*T) { a() }); t.Async(func(*T) { b() }) }},
		{"child and parent", func(t *T, a, b func()) { t.Async(func(*T) { a() }); b() }},
		{"future and parent", func(t *T, a, b func()) { NewFuture(t, func(*T) int { a(); return 0 }); b() }},
		{"forall iterations", func(t *T, a, b func()) {
			t.ForAll(0, 2, func(_ *T, i int) { [...]func(){a, b}[i]() })
		}},
	}
	for _, tt := range tests {
		ping, pong := make(chan int), make(chan int)
		Run(func(tk *T) {
			tt.run(tk, func() { ping <- 1; <-pong }, func() { <-ping; pong <- 1 })
		})
	}
}

// TestIsolatedAcrossRuns checks that Isolated bodies of independent Runs on
// different goroutines exclude one another.
func TestIsolatedAcrossRuns(t *testing.T) {
	const runs, each = 4, 500
	counter := 0
	done := make(chan struct{})
	for range runs {
		go func() {
			Run(func(t *T) {
				t.ForAll(0, each, func(t *T, _ int) { t.Isolated(func() { counter++ }) })
			})
			done <- struct{}{}
		}()
	}
	for range runs {
		<-done
	}
	if counter != runs*each {
		t.Errorf("counter = %d, want %d", counter, runs*each)
	}
}

// TestMisuseWhileWaiting checks that a child that uses its parent's handle
// while the parent waits at the end of a Finish panics with the message that
// says so, and that the panic reaches the Finish.
func TestMisuseWhileWaiting(t *testing.T) {
	for _, op := range ops {
		pe := catchPanicError(t, func() {
			Run(func(parent *T) {
				parent.Finish(func(*T) {
					parent.Async(func(*T) {
						for parent.state.Load() != waiting {
							runtime.Gosched()
						}
						op.call(parent)
					})
				})
			})
		})
		if want := misuseWaiting(op.name); pe.Value != want {
			t.Errorf("%s: panic %q, want %q", op.name, pe.Value, want)
		}
	}
}

// TestGoexitInTasks checks that a task that calls runtime.Goexit is reported
// at its join as a panic of ErrGoexit, that the other tasks (and the other
// iterations of its loop) still run, and that a Goexit of the root task goes
// on once its tasks have ended. Each program runs on a goroutine of its own,
// since a Goexit on the caller's goroutine (the root task, or a ForAll
// iteration run by the caller) ends that goroutine even after the panic it
// raises at the join is recovered: Go does not let a recover cancel a Goexit.
func TestGoexitInTasks(t *testing.T) {
	tests := []struct {
		name string
		run  func(t *T, tick func())
		want int64 // ticks
		exit bool  // the root task's goroutine exits
		pe   bool  // Run panics with ErrGoexit
	}{
		{"async", func(t *T, tick func()) { t.Async(func(*T) { runtime.Goexit() }); t.Async(func(*T) { tick() }) }, 1, false, true},
		{"future", func(t *T, tick func()) { NewFuture(t, func(*T) int { runtime.Goexit(); return 0 }); tick() }, 1, false, true},
		{"forall iterations", func(t *T, tick func()) {
			t.ForAll(0, 1000, func(_ *T, i int) {
				if i == 0 || i == 999 {
					runtime.Goexit()
				}
				tick()
			})
		}, 998, true, true},
		{"root", func(t *T, tick func()) {
			t.Async(func(*T) { spin(); tick() })
			runtime.Goexit()
		}, 1, true, false},
	}
	for _, tt := range tests {
		var ticks atomic.Int64
		var recovered any
		goOn := false // the goroutine went on after Run and its recovery
		done := make(chan struct{})
		go func() {
			defer close(done)
			func() {
				defer func() { recovered = recover() }()
				Run(func(tk *T) { tt.run(tk, func() { ticks.Add(1) }) })
			}()
			goOn = true
		}()
		<-done
		pe, _ := recovered.(*PanicError)
		if tt.pe != (pe != nil && errors.Is(pe, ErrGoexit)) || !tt.pe && recovered != nil {
			t.Errorf("%s: Run panicked with %v, want a panic of ErrGoexit: %v", tt.name, recovered, tt.pe)
		}
		if exited := !goOn; exited != tt.exit {
			t.Errorf("%s: the goroutine of Run exited: %v, want %v", tt.name, exited, tt.exit)
		}
		if got := ticks.Load(); got != tt.want {
			t.Errorf("%s: %d other tasks had ended, want %d", tt.name, got, tt.want)
		}
	}
}

// TestSpawnThrottle checks that once a Finish has spawnLimit outstanding
// tasks, further tasks run inline on the spawner's goroutine, and that it
// still joins them all.
func TestSpawnThrottle(t *testing.T) {
	release := make(chan struct{})
	var blocked, inline, total atomic.Int64
	Run(func(tk *T) {
		tk.Finish(func(tk *T) {
			for range spawnLimit - 1 { // with the body, spawnLimit outstanding
				tk.Async(func(*T) { blocked.Add(1); <-release; total.Add(1) })
			}
			for range 10 {
				ran := false
				tk.Async(func(*T) { ran = true; total.Add(1) })
				if ran {
					inline.Add(1)
				}
			}
			close(release)
		})
		if got := total.Load(); got != spawnLimit-1+10 {
			t.Errorf("the Finish joined %d tasks, want %d", got, spawnLimit-1+10)
		}
	})
	if inline.Load() != 10 {
		t.Errorf("%d of 10 tasks spawned past the limit ran inline", inline.Load())
	}
}

// TestStealSplitsShares checks the range stealing of the loop scheduler: a
// thief takes the back half of the first share with two or more unclaimed
// iterations, and nothing from shares with fewer.
func TestStealSplitsShares(t *testing.T) {
	tests := []struct {
		name   string
		shares [][2]uint64 // the shares before the steal; the thief is the last one, empty
		ok     bool
		after  [][2]uint64
	}{
		{"split", [][2]uint64{{0, 10}, {10, 10}}, true, [][2]uint64{{0, 5}, {5, 10}}},
		{"odd", [][2]uint64{{3, 6}, {6, 6}}, true, [][2]uint64{{3, 4}, {4, 6}}},
		{"single left", [][2]uint64{{5, 6}, {9, 9}}, false, [][2]uint64{{5, 6}, {9, 9}}},
		{"skip small", [][2]uint64{{0, 1}, {4, 8}, {9, 9}}, true, [][2]uint64{{0, 1}, {4, 6}, {6, 8}}},
		{"all empty", [][2]uint64{{2, 2}, {7, 7}, {9, 9}}, false, [][2]uint64{{2, 2}, {7, 7}, {9, 9}}},
	}
	for _, tt := range tests {
		l := &loop{shares: make([]share, len(tt.shares))}
		for k, r := range tt.shares {
			l.shares[k].r.Store(pack(r[0], r[1]))
		}
		if ok := l.steal(len(tt.shares) - 1); ok != tt.ok {
			t.Errorf("%s: steal = %v, want %v", tt.name, ok, tt.ok)
		}
		for k, want := range tt.after {
			if lo, hi := unpack(l.shares[k].r.Load()); lo != want[0] || hi != want[1] {
				t.Errorf("%s: share %d = [%d, %d), want [%d, %d)", tt.name, k, lo, hi, want[0], want[1])
			}
		}
	}
}

// TestNextBatch checks that batches grow while they are short and shrink
// when they are long, within their bounds.
func TestNextBatch(t *testing.T) {
	tests := []struct {
		batch uint64
		took  int64 // in units of batchTarget/10
		want  uint64
	}{
		{1, 0, 2}, {64, 4, 128}, {64, 10, 64}, {64, 19, 64}, {64, 21, 32}, {1, 100, 1}, {maxBatch, 0, maxBatch},
	}
	for _, tt := range tests {
		if got := nextBatch(tt.batch, batchTarget/10*time_(tt.took)); got != tt.want {
			t.Errorf("nextBatch(%d, %d/10 of the target) = %d, want %d", tt.batch, tt.took, got, tt.want)
		}
	}
}

// TestLoopUnevenWork checks that a loop whose iterations differ wildly in
// cost still runs each iteration once and joins them: the first iterations
// of a share are long, so the others are stolen.
func TestLoopUnevenWork(t *testing.T) {
	const n = 4096
	runs := make([]atomic.Int32, n)
	Run(func(tk *T) {
		tk.ForAll(0, n, func(_ *T, i int) {
			if i%(n/4) < 4 {
				for range 200 {
					runtime.Gosched()
				}
			}
			runs[i].Add(1)
		})
		for i := range runs {
			if c := runs[i].Load(); c != 1 {
				t.Fatalf("iteration %d ran %d times", i, c)
			}
		}
	})
}

// time_ converts a count to a time.Duration factor.
func time_(n int64) time.Duration { return time.Duration(n) }
