package task

import (
	"sync/atomic"
	"testing"
)

// loopRanges are the ranges the loop tests run: empty and reversed ones,
// negative bounds, sizes around the worker count, an odd large one and one
// far from zero.
var loopRanges = []struct{ lo, hi int }{
	{0, 0}, {5, 3}, {0, 1}, {0, 2}, {0, 3}, {-10, 10}, {0, 1000}, {7, 100_003}, {1 << 40, 1<<40 + 5000},
}

// loops are ForAll and ForAsync, each run so that the test can check right
// after the construct that should join the iterations.
var loops = []struct {
	name string
	run  func(t *T, lo, hi int, body func(t *T, i int))
}{
	{"ForAll", func(t *T, lo, hi int, body func(t *T, i int)) { t.ForAll(lo, hi, body) }},
	{"ForAsync in Finish", func(t *T, lo, hi int, body func(t *T, i int)) {
		t.Finish(func(t *T) { t.ForAsync(lo, hi, body) })
	}},
}

// TestLoopsRunEveryIterationOnce checks that every iteration of the range
// runs exactly once, with its own index, and has ended when the loop (or the
// Finish around ForAsync) returns.
func TestLoopsRunEveryIterationOnce(t *testing.T) {
	for _, lp := range loops {
		for _, r := range loopRanges {
			n := max(r.hi-r.lo, 0)
			runs := make([]atomic.Int32, n)
			var bad atomic.Int64
			var seen [][]int32
			Run(func(tk *T) {
				lp.run(tk, r.lo, r.hi, func(_ *T, i int) {
					if i < r.lo || i >= r.hi {
						bad.Add(1)
						return
					}
					runs[i-r.lo].Add(1)
				})
				counts := make([]int32, n)
				for k := range runs {
					counts[k] = runs[k].Load()
				}
				seen = append(seen, counts)
			})
			if b := bad.Load(); b != 0 {
				t.Errorf("%s [%d, %d): %d iterations got an index out of range", lp.name, r.lo, r.hi, b)
			}
			for k, c := range seen[0] {
				if c != 1 {
					t.Errorf("%s [%d, %d): iteration %d ran %d times by the end of the loop", lp.name, r.lo, r.hi, r.lo+k, c)
					break
				}
			}
		}
	}
}

// TestForAllNested checks nested ForAll loops and tasks spawned by
// iterations: every (i, j) pair runs once, its Async children included, and
// plain writes of all of them are visible after the outer loop.
func TestForAllNested(t *testing.T) {
	const rows, cols = 37, 53
	var grid [rows][cols]int
	Run(func(tk *T) {
		tk.ForAll(0, rows, func(tk *T, i int) {
			tk.ForAll(0, cols, func(tk *T, j int) {
				tk.Async(func(*T) { grid[i][j] += i*cols + j + 1 })
			})
		})
	})
	for i := range rows {
		for j := range cols {
			if want := i*cols + j + 1; grid[i][j] != want {
				t.Fatalf("grid[%d][%d] = %d, want %d", i, j, grid[i][j], want)
			}
		}
	}
}

// TestLoopIterationHandles checks that an iteration's handle spawns tasks and
// opens Finishes of its own like any task's.
func TestLoopIterationHandles(t *testing.T) {
	const n = 300
	var inner atomic.Int64
	var short atomic.Int64
	Run(func(tk *T) {
		tk.ForAll(0, n, func(tk *T, i int) {
			tk.Finish(func(tk *T) {
				tk.Async(func(*T) { spin(); inner.Add(1) })
			})
			if inner.Load() < 1 {
				short.Add(1)
			}
			f := NewFuture(tk, func(*T) int { return i })
			if f.Get() != i {
				short.Add(1)
			}
		})
	})
	if inner.Load() != n || short.Load() != 0 {
		t.Errorf("inner tasks %d (want %d), failed checks %d (want 0)", inner.Load(), n, short.Load())
	}
}
