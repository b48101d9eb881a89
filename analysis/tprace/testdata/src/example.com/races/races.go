package races

import "github.com/tpinstr/tpinstr/rt/task"

// figure4 is the program of Figure 4 of the MHP paper: every statement SN
// writes sN, and later statements read what NEP proves ordered. No report.
func figure4(t *task.T) int {
	var s5, s8, s10, s11, s12, s2 int
	t.Finish(func(t *task.T) { // S0
		t.Async(func(t *task.T) { // S1
			t.Finish(func(t *task.T) {
				s5 = 1
				t.Async(func(t *task.T) { s11 = s5 }) // S6: async S11
				t.Async(func(t *task.T) { s12 = s5 }) // S7: async S12
			})
			s8 = s11 + s12
			s10 = s8 + s11 + s12 // S10: NEP(S10, S11) = NEP(S10, S12) = true
		})
		s2 = 2
	})
	return s2 + s10 + s11 + s12 // S4: NEP(S4, S11) = NEP(S4, S12) = true
}

func sumRace(t *task.T, n int) int {
	sum := 0
	t.ForAll(0, n, func(t *task.T, i int) {
		sum += i // want `possible determinacy race on sum: the write of sum at races.go:27:3 may run in parallel with itself: in different iterations of the ForAll at races.go:26:2, which run in parallel`
	})
	return sum
}

func perIteration(t *task.T) [8]int {
	var a [8]int
	t.ForAll(0, 8, func(t *task.T, i int) {
		a[i] = i * i // one element per iteration: no report
	})
	return a
}

func sameElement(t *task.T) [8]int {
	var a [8]int
	t.ForAll(0, 8, func(t *task.T, i int) {
		a[0] = i // want `possible determinacy race on a: the write of a\[0\]`
	})
	return a
}

func parentAndChild(t *task.T) int {
	x := 0
	t.Async(func(t *task.T) {
		x = 1 // want `possible determinacy race on x: the write of x at races.go:\d+:\d+ and the read of x at races.go:\d+:\d+ may run in parallel: the Async at races.go:\d+:\d+, which makes the write, is not joined \(no Finish or Get\) before the read`
	})
	return x
}

func joined(t *task.T) int {
	x := 0
	t.Finish(func(t *task.T) {
		t.Async(func(t *task.T) { x = 1 })
	})
	return x // ordered by the Finish: no report
}

func siblings(t *task.T) {
	y := 0
	t.Finish(func(t *task.T) {
		t.Async(func(t *task.T) { y = 1 }) // want `possible determinacy race on y: the write of y .* and the write of y .*: both run in tasks \(the Async at races.go:\d+:\d+ and the Async at races.go:\d+:\d+\) that only the Finish at races.go:\d+:\d+ joins`
		t.Async(func(t *task.T) { y = 2 })
	})
	_ = y
}

func future(t *task.T) int {
	z := 0
	f := task.NewFuture(t, func(t *task.T) int {
		z = 1
		return 2
	})
	v := f.Get()
	return v + z // after the Get: no report
}

func futureRead(t *task.T) int {
	z := 0
	f := task.NewFuture(t, func(t *task.T) int {
		z = 1 // want `possible determinacy race on z`
		return 2
	})
	w := z
	return f.Get() + w
}

func isolatedBoth(t *task.T, n int) int {
	count := 0
	t.ForAll(0, n, func(t *task.T, i int) {
		t.Isolated(func() { count++ }) // isolated bodies never run in parallel
	})
	return count
}

func isolatedOne(t *task.T) int {
	count := 0
	t.Finish(func(t *task.T) {
		t.Async(func(t *task.T) { t.Isolated(func() { count++ }) }) // want `possible determinacy race on count: .*only one of them is inside Isolated`
		count = 5
	})
	return count
}

var counter int

func inc() { counter++ }

func viaCall(t *task.T) {
	t.ForAll(0, 4, func(t *task.T, i int) {
		inc() // want `possible determinacy race on races.counter: the write of races.counter at races.go:\d+:\d+ \(in inc at races.go:\d+:\d+\)`
	})
}

type Counter struct{ n int }

func (c *Counter) Inc() { c.n++ } // want Inc:`effects=2 params=\[\] spawns=0 ops=0`

func viaMethod(t *task.T) int {
	c := &Counter{}
	t.ForAll(0, 4, func(t *task.T, i int) {
		c.Inc() // want `possible determinacy race on c: the write of c.n`
	})
	return c.n
}

func loopSpawn(t *task.T, xs []int) {
	for i := range xs {
		t.Async(func(t *task.T) { xs[i] *= 2 }) // per-iteration index: no report
	}
}

func loopShared(t *task.T, n int) int {
	last := 0
	for i := 0; i < n; i++ {
		t.Async(func(t *task.T) { last = i }) // want `possible determinacy race on last: .* in different iterations of the for loop at races.go:\d+:\d+, which overlap because of the Async` `possible determinacy race on last: the write of last at races.go:\d+:\d+ and the read of last at races.go:\d+:\d+`
	}
	return last
}

type worker struct {
	t   *task.T
	out []int
}

// run writes the element of its argument: callers indexing by an iteration
// variable write distinct elements.
func (w *worker) run(i int) { // want run:`effects=3 params=\[\] spawns=1 ops=1`
	w.t.Async(func(t *task.T) { w.out[i] = i })
}

func workers(t *task.T, n int) []int {
	out := make([]int, n)
	t.Finish(func(t *task.T) {
		w := &worker{t: t, out: out}
		for i := 0; i < n; i++ {
			w.run(i) // distinct elements: no report
		}
	})
	return out
}

func sameWorker(t *task.T) {
	t.Finish(func(t *task.T) {
		w := &worker{t: t, out: make([]int, 1)}
		w.run(0) // want `possible determinacy race on w: the write of w.out\[0\] at races.go:\d+:\d+ \(in run at races.go:\d+:\d+\) and the write of w.out\[0\] at races.go:\d+:\d+ \(in run at races.go:\d+:\d+\) may run in parallel: both run in tasks \(the call to run at`
		w.run(0)
	})
}
