//go:build !tpinstr && !tpserial

package task

import "runtime"

// ForAll runs body(t, i) for every i in [lo, hi), each iteration as a task of
// its own, and returns once they have all ended, transitively. It means
//
//	t.Finish(func(t *T) {
//		for i := lo; i < hi; i++ {
//			t.Async(func(t *T) { body(t, i) })
//		}
//	})
//
// but costs a few goroutines, not one per iteration: see the package
// documentation for how iterations are chunked. A panic of an iteration does
// not stop the others; ForAll panics with a *PanicError once all have ended.
func (t *T) ForAll(lo, hi int, body func(t *T, i int)) {
	t.checkSpawn("ForAll")
	if body == nil {
		panic(misuseNilBody("ForAll"))
	}
	if lo >= hi {
		return
	}
	t.Finish(func(t *T) { spread(t.ief, lo, hi, body, true) })
}

// ForAsync is ForAll without the Finish: it spawns the iterations as tasks of
// t's IEF and returns at once, without waiting for them.
func (t *T) ForAsync(lo, hi int, body func(t *T, i int)) {
	t.checkSpawn("ForAsync")
	if body == nil {
		panic(misuseNilBody("ForAsync"))
	}
	if lo >= hi {
		return
	}
	spread(t.ief, lo, hi, body, false)
}

// maxSpan is the most iterations one loop schedules: a worker's share packs
// two 32-bit offsets into one atomic word.
const maxSpan = 1<<32 - 1

// spread runs the iterations [lo, hi) of body as tasks of s, on at most
// GOMAXPROCS workers per span of maxSpan iterations. With caller set, the
// calling goroutine is one of the workers of the last span, so spread returns
// after it ran out of work (the other workers may still run; s joins them).
func spread(s *scope, lo, hi int, body func(t *T, i int), caller bool) {
	procs := runtime.GOMAXPROCS(0)
	for lo < hi {
		n := hi - lo
		if uint64(n) > maxSpan {
			n = maxSpan
		}
		l := newLoop(s, lo, n, min(procs, n), body)
		lo += n
		l.start(caller && lo >= hi)
	}
}
