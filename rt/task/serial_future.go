//go:build tpserial && !tpinstr

package task

// Future is the handle of a future task: a task that computes a value of
// type V. Any task that holds it may call Get, any number of times.
type Future[V any] struct {
	val  V
	perr *PanicError // the body's panic, re-raised by every Get
}

// NewFuture runs body as a future task, to completion, and returns its
// handle. A panic of body reaches every caller of Get and, in any case, t's
// innermost Finish.
func NewFuture[V any](t *T, body func(t *T) V) *Future[V] {
	t.checkSpawn("NewFuture")
	if body == nil {
		panic(misuseNilBody("NewFuture"))
	}
	f := &Future[V]{}
	f.run(t.ief, body)
	return f
}

// run computes the future's value, recording a panic of body for Get and in
// ps.
func (f *Future[V]) run(ps *panicSet, body func(t *T) V) {
	c := &T{ief: ps}
	returned := false
	defer func() {
		if !returned {
			r := recover()
			f.perr = newPanicError(r, r == nil)
			ps.add(f.perr)
		}
		c.ended = true
	}()
	f.val = body(c)
	returned = true
}

// Get returns the future's value, or panics with the body's *PanicError.
func (f *Future[V]) Get() V {
	if f == nil {
		panic(misuseNilFuture())
	}
	if f.perr != nil {
		panic(f.perr)
	}
	return f.val
}
