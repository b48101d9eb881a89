package mhp

import "testing"

// Each case is a function of package p; a and b name two access leaves
// ("w x" writes x, "r x" reads it) and parallel is whether some instances
// may run in parallel.
var parallelCases = []struct {
	name     string
	src      string
	a, b     string
	parallel bool
}{
	{
		// The paper's step 6 would give ⟨≠⟩ here: S2 of iteration i is
		// still running when S1 of iteration i+1 runs.
		name: "step 6 needs both leaves inside the iteration",
		src: `func f(t *task.T) {
			for i := 0; i < 3; i++ {
				t.Finish(func(t *task.T) { t.Async(func(t *task.T) { x = 1 }) })
				t.Async(func(t *task.T) { y = 1 })
			}
		}`,
		a: "w x", b: "w y", parallel: true,
	},
	{
		name: "finish in the loop body orders iterations",
		src: `func f(t *task.T) {
			for i := 0; i < 3; i++ {
				t.Finish(func(t *task.T) {
					t.Async(func(t *task.T) { x = 1 })
					t.Async(func(t *task.T) { y = 1 })
				})
			}
		}`,
		a: "w x", b: "w x", parallel: false,
	},
	{
		name: "two asyncs of one iteration",
		src: `func f(t *task.T) {
			for i := 0; i < 3; i++ {
				t.Finish(func(t *task.T) {
					t.Async(func(t *task.T) { x = 1 })
					t.Async(func(t *task.T) { y = x })
				})
			}
		}`,
		a: "w x", b: "r x", parallel: true,
	},
	{
		// Dominance (the paper's test) would order these: the async does
		// not dominate the write after the if.
		name: "async in a branch runs in parallel with what follows",
		src: `func f(t *task.T, c bool) {
			if c {
				t.Async(func(t *task.T) { x = 1 })
			}
			y = x
		}`,
		a: "w x", b: "r x", parallel: true,
	},
	{
		name: "statement before the spawn",
		src: `func f(t *task.T) {
			x = 1
			t.Async(func(t *task.T) { y = x })
		}`,
		a: "w x", b: "r x", parallel: false,
	},
	{
		name: "get orders the future's body before what follows",
		src: `func f(t *task.T) {
			h := task.NewFuture(t, func(t *task.T) int { x = 1; return 0 })
			h.Get()
			y = x
		}`,
		a: "w x", b: "r x", parallel: false,
	},
	{
		name: "code between the future and its get",
		src: `func f(t *task.T) {
			h := task.NewFuture(t, func(t *task.T) int { x = 1; return 0 })
			y = x
			h.Get()
		}`,
		a: "w x", b: "r x", parallel: true,
	},
	{
		name: "a conditional get does not join",
		src: `func f(t *task.T, c bool) {
			h := task.NewFuture(t, func(t *task.T) int { x = 1; return 0 })
			if c {
				h.Get()
			}
			y = x
		}`,
		a: "w x", b: "r x", parallel: true,
	},
	{
		name: "a get in each iteration orders the iterations",
		src: `func f(t *task.T) {
			for i := 0; i < 3; i++ {
				h := task.NewFuture(t, func(t *task.T) int { x++; return 0 })
				h.Get()
			}
		}`,
		a: "w x", b: "w x", parallel: false,
	},
	{
		name: "an async spawned by the future is not joined by get",
		src: `func f(t *task.T) {
			h := task.NewFuture(t, func(t *task.T) int {
				t.Async(func(t *task.T) { x = 1 })
				return 0
			})
			h.Get()
			y = x
		}`,
		a: "w x", b: "r x", parallel: true,
	},
	{
		name: "a handle stored twice is not trusted",
		src: `func f(t *task.T) {
			h := task.NewFuture(t, func(t *task.T) int { x = 1; return 0 })
			h = task.NewFuture(t, func(t *task.T) int { return 0 })
			h.Get()
			y = x
		}`,
		a: "w x", b: "r x", parallel: true,
	},
	{
		name: "a continue between a future and its get",
		src: `func f(t *task.T, c bool) {
			for i := 0; i < 3; i++ {
				h := task.NewFuture(t, func(t *task.T) int { x++; return 0 })
				if c {
					continue
				}
				h.Get()
			}
		}`,
		a: "w x", b: "w x", parallel: true,
	},
	{
		name: "a get skipped by a return in a nested body",
		src: `func f(t *task.T, c bool) {
			h := task.NewFuture(t, func(t *task.T) int { x = 1; return 0 })
			t.Finish(func(t *task.T) {
				if c {
					return
				}
				h.Get()
			})
			y = x
		}`,
		a: "w x", b: "r x", parallel: true,
	},
	{
		name: "a get in a nested body without an early exit",
		src: `func f(t *task.T) {
			h := task.NewFuture(t, func(t *task.T) int { x = 1; return 0 })
			h.Get()
			t.Finish(func(t *task.T) {
				y = x
			})
		}`,
		a: "w x", b: "r x", parallel: false,
	},
	{
		// Figure 1 of the futures paper: B's body is done when C's Get of
		// B returns, and C's when main's Get of C returns.
		name: "a get inside another future's body joins transitively",
		src: `func f(t *task.T) {
			b := task.NewFuture(t, func(t *task.T) int { x = 2; return 0 })
			c := task.NewFuture(t, func(t *task.T) int { return b.Get() })
			c.Get()
			y = x
		}`,
		a: "w x", b: "r x", parallel: false,
	},
	{
		name: "a conditional get inside another future's body does not join",
		src: `func f(t *task.T, k bool) {
			b := task.NewFuture(t, func(t *task.T) int { x = 2; return 0 })
			c := task.NewFuture(t, func(t *task.T) int {
				if k {
					return b.Get()
				}
				return 0
			})
			c.Get()
			y = x
		}`,
		a: "w x", b: "r x", parallel: true,
	},
	{
		name: "a goroutine is not joined by finish",
		src: `func f(t *task.T) {
			t.Finish(func(t *task.T) {
				go func() { x = 1 }()
			})
			y = x
		}`,
		a: "w x", b: "r x", parallel: true,
	},
	{
		name: "a closure of unknown use may run at any later time",
		src: `func f(t *task.T) func() {
			g := func() { x = 1 }
			y = x
			return g
		}`,
		a: "w x", b: "r x", parallel: true,
	},
	{
		name: "a closure cannot run before it is created",
		src: `func f(t *task.T) func() {
			y = x
			return func() { x = 1 }
		}`,
		a: "w x", b: "r x", parallel: false,
	},
	{
		name: "a closure called in place runs in its caller's task",
		src: `func f(t *task.T) {
			g := func() { x = 1 }
			g()
			y = x
		}`,
		a: "w x", b: "r x", parallel: false,
	},
	{
		name: "a resolvable closure as an async body",
		src: `func f(t *task.T) {
			body := func(t *task.T) { x = 1 }
			t.Async(body)
			y = x
		}`,
		a: "w x", b: "r x", parallel: true,
	},
	{
		name: "forall joins its iterations",
		src: `func f(t *task.T) {
			t.ForAll(0, 10, func(t *task.T, i int) { x = i })
			y = x
		}`,
		a: "w x", b: "r x", parallel: false,
	},
	{
		name: "forall iterations run in parallel",
		src: `func f(t *task.T) {
			t.ForAll(0, 10, func(t *task.T, i int) { x = i })
		}`,
		a: "w x", b: "w x", parallel: true,
	},
	{
		name: "forasync is joined by the enclosing finish only",
		src: `func f(t *task.T) {
			t.ForAsync(0, 10, func(t *task.T, i int) { x = i })
			y = x
		}`,
		a: "w x", b: "r x", parallel: true,
	},
	{
		name: "deferred calls run after the body, in the same task",
		src: `func f(t *task.T) {
			defer func() { y = x }()
			x = 1
		}`,
		a: "w x", b: "r x", parallel: false,
	},
	{
		name: "an async body is not finished when deferred calls run",
		src: `func f(t *task.T) {
			defer func() { y = x }()
			t.Async(func(t *task.T) { x = 1 })
		}`,
		a: "w x", b: "r x", parallel: true,
	},
}

func TestParallel(t *testing.T) {
	for _, tt := range parallelCases {
		t.Run(tt.name, func(t *testing.T) {
			src := "package p\n\nimport \"github.com/tpinstr/tpinstr/rt/task\"\n\nvar x, y int\n\n" + tt.src + "\n"
			tr := build(t, src, "f")
			_, got := tr.Parallel(leaf(t, tr, tt.a), leaf(t, tr, tt.b), nil)
			if got != tt.parallel {
				t.Errorf("Parallel(%s, %s) = %v, want %v", tt.a, tt.b, got, tt.parallel)
			}
		})
	}
}
