package task

import (
	"sync/atomic"
	"testing"
)

// TestFutureFigure1 runs the program of Figure 1 of Surendran and Sarkar,
// "Dynamic Determinacy Race Detection for Task Parallelism with Futures"
// (RV 2016): the main task creates futures A, B and C; B gets A, C gets A
// then B, and main gets A then C. Its computation graph is not strict (B and
// C join their sibling A, C joins B), and main is ordered after B only
// through C. Each statement that must follow a get reads, without
// synchronization of its own, what the joined task wrote: the values show
// the order, and the race detector checks the happens-before edges.
func TestFutureFigure1(t *testing.T) {
	var (
		aWrote, bWrote, cWrote                  int // written by tasks A, B and C
		stmt4SawA, stmt7SawA, stmt7SawB         int // read by B and C after their gets
		stmt9SawA, stmt10SawB, stmt10SawC, gotC int // read by main after its gets
	)
	Run(func(t *T) {
		// Stmt1
		a := NewFuture(t, func(*T) int { aWrote = 1; return 10 })
		// Stmt2
		b := NewFuture(t, func(*T) int {
			// Stmt3
			va := a.Get()
			stmt4SawA = aWrote // Stmt4
			bWrote = 2
			return va + 1
		})
		// Stmt5
		c := NewFuture(t, func(*T) int {
			// Stmt6
			va := a.Get()
			stmt7SawA = aWrote // Stmt7
			vb := b.Get()
			stmt7SawB = bWrote
			cWrote = 3
			return va + vb
		})
		// Stmt8
		a.Get()
		stmt9SawA = aWrote // Stmt9
		gotC = c.Get()
		stmt10SawB, stmt10SawC = bWrote, cWrote // Stmt10: after A, B and C, B only transitively
	})
	checks := []struct {
		what      string
		got, want int
	}{
		{"B after A.Get sees A's write", stmt4SawA, 1},
		{"C after A.Get sees A's write", stmt7SawA, 1},
		{"C after B.Get sees B's write", stmt7SawB, 2},
		{"main after A.Get sees A's write", stmt9SawA, 1},
		{"main after C.Get sees B's write (transitive join)", stmt10SawB, 2},
		{"main after C.Get sees C's write", stmt10SawC, 3},
		{"C's value is A's plus B's", gotC, 10 + 11},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: got %d, want %d", c.what, c.got, c.want)
		}
	}
}

// TestFutureGetByManyTasks checks that a future may be got any number of
// times, by its creator, by tasks that are not its descendants and after Run
// returned, always with its value.
func TestFutureGetByManyTasks(t *testing.T) {
	const getters = 100
	var escaped *Future[string]
	var wrong atomic.Int64
	Run(func(t *T) {
		f := NewFuture(t, func(*T) string { spin(); return "v" })
		escaped = f
		t.ForAll(0, getters, func(t *T, _ int) {
			t.Async(func(*T) {
				if f.Get() != "v" {
					wrong.Add(1)
				}
			})
			if f.Get() != "v" {
				wrong.Add(1)
			}
		})
		for range 3 {
			if f.Get() != "v" {
				wrong.Add(1)
			}
		}
	})
	if n := wrong.Load(); n != 0 {
		t.Errorf("%d Gets returned a wrong value", n)
	}
	if v := escaped.Get(); v != "v" {
		t.Errorf("Get after Run returned %q, want %q", v, "v")
	}
}

// TestFuturePipeline checks a chain of futures in which each stage gets the
// previous one, with stages created in order and got only at the end.
func TestFuturePipeline(t *testing.T) {
	tests := []struct {
		stages int
		want   int
	}{{1, 1}, {2, 3}, {10, 55}, {1000, 500500}}
	for _, tt := range tests {
		var got int
		Run(func(t *T) {
			prev := NewFuture(t, func(*T) int { return 0 })
			for k := 1; k <= tt.stages; k++ {
				in := prev
				prev = NewFuture(t, func(*T) int { return in.Get() + k })
			}
			got = prev.Get()
		})
		if got != tt.want {
			t.Errorf("%d stages: got %d, want %d", tt.stages, got, tt.want)
		}
	}
}

// TestFutureJoinedByIEF checks that a future task is joined by its IEF even
// when nobody gets it: its write is visible after the Finish.
func TestFutureJoinedByIEF(t *testing.T) {
	wrote, sawAtFinishEnd := 0, 0
	Run(func(tk *T) {
		tk.Finish(func(tk *T) {
			NewFuture(tk, func(tk *T) int {
				tk.Async(func(*T) { spin(); wrote = 7 })
				return 0
			})
		})
		sawAtFinishEnd = wrote
	})
	if sawAtFinishEnd != 7 {
		t.Errorf("after the Finish the future's child had written %d, want 7", sawAtFinishEnd)
	}
}

// fibFutures computes the n-th Fibonacci number with a future per call.
func fibFutures(t *T, n int) int {
	if n < 2 {
		return n
	}
	a := NewFuture(t, func(t *T) int { return fibFutures(t, n-1) })
	b := fibFutures(t, n-2)
	return a.Get() + b
}

// TestFutureRecursion checks nested futures got by their creators.
func TestFutureRecursion(t *testing.T) {
	tests := []struct{ n, want int }{{0, 0}, {1, 1}, {2, 1}, {10, 55}, {20, 6765}}
	for _, tt := range tests {
		var got int
		Run(func(t *T) { got = fibFutures(t, tt.n) })
		if got != tt.want {
			t.Errorf("fib(%d) = %d, want %d", tt.n, got, tt.want)
		}
	}
}
