//go:build !tpinstr && !tpserial

package task

import "sync"

// Future is the handle of a future task: a task that computes a value of
// type V. Any task that holds it may call Get, any number of times.
type Future[V any] struct {
	t    T            // the future task's own handle, kept here to save an allocation per future
	body func(t *T) V // the body, from NewFuture until the task starts
	done sync.WaitGroup
	val  V
	perr *PanicError // the body's panic, re-raised by every Get
}

// NewFuture spawns body as a future task of t's task and returns its handle.
// Like an Async task, the future task may run in parallel with the rest of
// t's task and is also joined by its IEF (the innermost Finish open in t). A
// panic of body reaches every caller of Get and, in any case, the IEF.
func NewFuture[V any](t *T, body func(t *T) V) *Future[V] {
	t.checkSpawn("NewFuture")
	if body == nil {
		panic(misuseNilBody("NewFuture"))
	}
	s := t.ief
	f := &Future[V]{body: body}
	f.t.ief = s
	f.done.Add(1)
	if s.busy() && t.inline < maxInline {
		f.t.inline = t.inline + 1
		f.run(s)
		return f
	}
	s.pending.Add(1)
	go f.main()
	return f
}

// main is the goroutine of a future task.
func (f *Future[V]) main() {
	s := f.t.ief
	defer s.done()
	f.run(s)
}

// run computes the future's value on the calling goroutine. A panic (or
// runtime.Goexit) of the body is recorded for Get and in the IEF s.
func (f *Future[V]) run(s *scope) {
	returned := false
	defer func() {
		if !returned {
			r := recover()
			f.perr = newPanicError(r, r == nil)
			s.panics.add(f.perr)
		}
		f.t.state.Store(ended)
		f.done.Done()
	}()
	body := f.body
	f.body = nil
	f.val = body(&f.t)
	returned = true
}

// Get waits until the future task's body has returned and returns its value.
// If the body panicked, Get panics with the same *PanicError in every caller.
// Get must not be called inside an Isolated body (it can deadlock); the
// analyzer and checked runs report that misuse.
func (f *Future[V]) Get() V {
	if f == nil {
		panic(misuseNilFuture())
	}
	f.done.Wait()
	if f.perr != nil {
		panic(f.perr)
	}
	return f.val
}
