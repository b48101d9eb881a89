//go:build tpserial && !tpinstr

package task

// ForAll runs body(t, i) for every i in [lo, hi) in order, each iteration as
// a task of a Finish; a panic of one iteration does not stop the others.
func (t *T) ForAll(lo, hi int, body func(t *T, i int)) {
	t.checkSpawn("ForAll")
	if body == nil {
		panic(misuseNilBody("ForAll"))
	}
	if lo >= hi {
		return
	}
	t.Finish(func(t *T) { runIterations(t.ief, lo, hi, body) })
}

// ForAsync runs body(t, i) for every i in [lo, hi) in order, each iteration
// as a task of t's innermost Finish.
func (t *T) ForAsync(lo, hi int, body func(t *T, i int)) {
	t.checkSpawn("ForAsync")
	if body == nil {
		panic(misuseNilBody("ForAsync"))
	}
	runIterations(t.ief, lo, hi, body)
}

// runIterations runs the iterations [lo, hi) as tasks of the Finish whose
// panics are ps, with one handle reused for all of them.
func runIterations(ps *panicSet, lo, hi int, body func(t *T, i int)) {
	it := &T{ief: ps}
	for lo < hi {
		lo = runUntilPanic(ps, it, lo, hi, body)
	}
	it.ended = true
}

// runUntilPanic runs iterations from lo until hi or until one panics (its
// panic is recorded in ps), and returns the iteration to go on from. One
// deferred call covers all the iterations it runs.
func runUntilPanic(ps *panicSet, it *T, lo, hi int, body func(t *T, i int)) (next int) {
	i := lo
	defer func() {
		if i >= hi {
			return
		}
		r := recover()
		ps.add(newPanicError(r, r == nil))
		next = i + 1
	}()
	for ; i < hi; i++ {
		body(it, i)
	}
	return hi
}
