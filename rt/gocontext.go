package rt

import (
	"context"
	"sync"
	"time"
	"unsafe"
)

// The contexts of package context that a checked run of goroutines
// cancels: context.WithCancel and WithCancelCause, and the deadlines on
// the run's clock. In a checked run, context.WithDeadline(parent, d) and
// context.WithTimeout(parent, d) return a context of this file, whose
// deadline is an AfterFunc timer of the run (gotimers.go) that cancels it
// with context.DeadlineExceeded, as Go's does with a real timer: Err
// returns context.DeadlineExceeded after the deadline, context.Canceled
// after the cancel function, and context.Cause the cause given to the
// ...Cause variants. Its Done channel is closed through the Close hook, so
// that the memory model's edges hold: the cancellation (the cancel call,
// or the deadline's timer, which follows the context's creation) is
// synchronized before a receive that returns because Done is closed.
//
// context.WithCancel(parent) and WithCancelCause return one without a
// deadline of its own, so that the cancellation of a chain of contexts is
// seen by the run. A context is canceled with its parent: at once when
// the parent is one of these contexts, and otherwise through
// context.AfterFunc, whose goroutine the run does not control (the run
// then says "this schedule only"). Contexts derived from it by package context (WithCancel,
// WithValue, AfterFunc) see it as a context of another package that
// provides AfterFunc, which package context supports.
//
// Outside a checked run, the hooks are the original functions.

// WithCancel returns a copy of parent that its cancel function cancels,
// as context.WithCancel(parent) does. In a checked run it is a context of
// this file, so that its cancellation has the memory model's edges and
// the deadlines of its descendants stay on the run's clock.
func WithCancel(parent context.Context, site uint32) (context.Context, context.CancelFunc) {
	c, ok := newCancelCtx(parent, site)
	if !ok {
		return context.WithCancel(parent)
	}
	return c, func() { c.cancel(true, context.Canceled, nil) }
}

// WithCancelCause is WithCancel whose cancel function records a cause, as
// context.WithCancelCause(parent) does.
func WithCancelCause(parent context.Context, site uint32) (context.Context, context.CancelCauseFunc) {
	c, ok := newCancelCtx(parent, site)
	if !ok {
		return context.WithCancelCause(parent)
	}
	return c, func(cause error) { c.cancel(true, context.Canceled, cause) }
}

// newCancelCtx returns a context of parent without a deadline of its own,
// or false outside a checked run.
func newCancelCtx(parent context.Context, site uint32) (*deadlineCtx, bool) {
	if parent == nil {
		panic("cannot create context from nil parent")
	}
	gx, l := enter(site)
	if gx == nil {
		return nil, false
	}
	gx.Exit(l)
	c := &deadlineCtx{parent: parent, done: make(chan struct{}), site: site}
	c.inner, c.innerCancel = context.WithCancelCause(context.Background())
	c.propagate()
	return c, true
}

// WithDeadline returns a copy of parent that is canceled at d, as
// context.WithDeadline(parent, d) does; in a checked run d is on the
// run's clock.
func WithDeadline(parent context.Context, d time.Time, site uint32) (context.Context, context.CancelFunc) {
	return WithDeadlineCause(parent, d, nil, site)
}

// WithTimeout is WithDeadline(parent, Now().Add(timeout)), as
// context.WithTimeout is.
func WithTimeout(parent context.Context, timeout time.Duration, site uint32) (context.Context, context.CancelFunc) {
	return WithTimeoutCause(parent, timeout, nil, site)
}

// WithTimeoutCause is WithDeadlineCause(parent, Now().Add(timeout),
// cause), as context.WithTimeoutCause is.
func WithTimeoutCause(parent context.Context, timeout time.Duration, cause error, site uint32) (context.Context, context.CancelFunc) {
	gx, l := enter(site)
	if gx == nil {
		return context.WithTimeoutCause(parent, timeout, cause)
	}
	// One reading of the run's clock gives both the deadline and the
	// duration of its timer, which is then timeout exactly: a second
	// reading, later by the wall time in between, would shorten it, and
	// move its deadline before that of a timer or sleep of the same
	// duration started earlier.
	now := gx.Now()
	gx.Exit(l)
	if parent == nil {
		panic("cannot create context from nil parent")
	}
	return newDeadlineCtx(parent, now.Add(timeout), cause, now, site)
}

// WithDeadlineCause is WithDeadline, whose context's cause is cause once
// the deadline passed, as context.WithDeadlineCause(parent, d, cause) is.
func WithDeadlineCause(parent context.Context, d time.Time, cause error, site uint32) (context.Context, context.CancelFunc) {
	if parent == nil {
		panic("cannot create context from nil parent")
	}
	gx, l := enter(site)
	if gx == nil {
		return context.WithDeadlineCause(parent, d, cause)
	}
	now := gx.Now()
	gx.Exit(l)
	return newDeadlineCtx(parent, d, cause, now, site)
}

// newDeadlineCtx returns a context of parent canceled at d (now on the
// clock of d) with cause, and its cancel function.
func newDeadlineCtx(parent context.Context, d time.Time, cause error, now time.Time, site uint32) (*deadlineCtx, context.CancelFunc) {
	c := &deadlineCtx{parent: parent, deadline: d, hasDeadline: true, done: make(chan struct{}), site: site}
	c.inner, c.innerCancel = context.WithCancelCause(context.Background())
	cancel := func() { c.cancel(true, context.Canceled, nil) }
	if cur, ok := parent.Deadline(); ok && cur.Before(d) {
		// The parent's deadline comes first: the context is canceled
		// with the parent, as Go's is.
		c.deadline = cur
		c.propagate()
		return c, cancel
	}
	c.propagate()
	dur := d.Sub(now)
	if dur <= 0 {
		c.cancel(true, context.DeadlineExceeded, cause)
		return c, cancel
	}
	t := AfterFunc(dur, func() { c.cancel(true, context.DeadlineExceeded, cause) }, site)
	if gx, l := enterRunning(site); gx != nil {
		// A wait on Done ends when the timer fires, at any time: its
		// order against the goroutines is explored (goexec's clock.go).
		gx.TimerCloses(unsafe.Pointer(t), *(*unsafe.Pointer)(unsafe.Pointer(&c.done)))
		gx.Exit(l)
	}
	c.mu.Lock()
	canceled := c.err != nil
	if !canceled {
		c.timer = t
	}
	c.mu.Unlock()
	if canceled {
		TimerStop(t, site)
	}
	return c, cancel
}

// runCtxKey is the key for which a deadlineCtx answers with itself, so
// that a context derived from it by package context without a
// cancellation of its own (WithValue) leads to it.
var runCtxKey int

// deadlineCtx is a context of a checked run: with a deadline on the run's
// clock (hasDeadline), or canceled by its cancel function only.
type deadlineCtx struct {
	parent      context.Context
	deadline    time.Time
	hasDeadline bool
	done        chan struct{}
	site        uint32

	// inner holds the cause for context.Cause, which reads it from the
	// context package's own cancelCtx (see Value).
	inner       context.Context
	innerCancel context.CancelCauseFunc

	mu       sync.Mutex
	err      error
	timer    *time.Timer
	children map[*func()]struct{} // what AfterFunc registered
	detach   func() bool          // undoes the registration with the parent
}

// Deadline implements context.Context.
func (c *deadlineCtx) Deadline() (time.Time, bool) {
	if c.hasDeadline {
		return c.deadline, true
	}
	return c.parent.Deadline()
}

// Done implements context.Context.
func (c *deadlineCtx) Done() <-chan struct{} { return c.done }

// Err implements context.Context.
func (c *deadlineCtx) Err() error { return c.errAt(c.site) }

// errAt is Err, its look at Done made at site.
func (c *deadlineCtx) errAt(site uint32) error {
	if !c.observeAt(site) {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// ContextErr returns ctx.Err(). For one of the run's contexts (see
// ContextAfterFunc), its look at the context's Done channel is made at
// site, the call's, so that a run that explores a poll of ctx.Err() names
// the poll's line rather than the context's creation.
func ContextErr(ctx context.Context, site uint32) error {
	if dc, ok := ctx.Value(&runCtxKey).(*deadlineCtx); ok && dc.Done() == ctx.Done() {
		return dc.errAt(site)
	}
	return ctx.Err()
}

// observe reports whether c was canceled, as a select with a default case
// on its Done channel does: package context's Err (and Cause) receive from
// the closed Done channel before they return a non-nil error, so that the
// cancellation is synchronized before them. Through the Select hook the
// run sees the test as an operation on the channel, which gives that edge
// when it finds the channel closed, and whose order with the cancel's
// close it explores: a goroutine that looks before the cancel gets nil,
// and no edge.
func (c *deadlineCtx) observe() bool { return c.observeAt(c.site) }

// observeAt is observe at site.
func (c *deadlineCtx) observeAt(site uint32) bool { return Select(site, true, OnRecv(c.done)) == 0 }

// Value implements context.Context. Package context looks up its own
// cancelCtx with a key of type *int that no other package can make: for
// that key the context answers with its inner cancelCtx, whose cause
// context.Cause then reads, and whose Done channel is not the context's,
// so that package context registers its children through AfterFunc.
func (c *deadlineCtx) Value(key any) any {
	if key == &runCtxKey {
		return c
	}
	if k, ok := key.(*int); ok {
		if v := c.inner.Value(k); v != nil {
			// context.Cause reads the cause through this key: once
			// canceled, it follows the cancellation (canceledEdge).
			c.observe()
			return v
		}
	}
	return c.parent.Value(key)
}

// String describes the context as package context does.
func (c *deadlineCtx) String() string {
	if !c.hasDeadline {
		return contextName(c.parent) + ".WithCancel"
	}
	return contextName(c.parent) + ".WithDeadline(" + c.deadline.String() + ")"
}

func contextName(c context.Context) string {
	if s, ok := c.(interface{ String() string }); ok {
		return s.String()
	}
	return "context"
}

// AfterFunc arranges to call f after c is canceled, and returns a
// function that undoes it, reporting whether it did: the interface
// package context uses for the children of a context of another package.
// If c is canceled already, f runs in a goroutine of its own, as
// context.AfterFunc runs it: package context calls AfterFunc holding the
// child's lock, which f takes, and it looks at Done first, which a cancel
// closes only after it sets err, so a call in between would wait for
// itself.
func (c *deadlineCtx) AfterFunc(f func()) func() bool {
	return c.onCancel(f, func() { Go(f, c.site) })
}

// onCancel makes cancel call f, or calls done at once when c is canceled
// already, and returns the function that undoes it: true when f was still
// to be called.
func (c *deadlineCtx) onCancel(f, done func()) func() bool {
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		done()
		return func() bool { return false }
	}
	if c.children == nil {
		c.children = map[*func()]struct{}{}
	}
	key := &f
	c.children[key] = struct{}{}
	c.mu.Unlock()
	return func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		_, ok := c.children[key]
		delete(c.children, key)
		return ok
	}
}

// ContextAfterFunc arranges to call f in its own goroutine after ctx is
// done, as context.AfterFunc(ctx, f) does, and returns the function that
// stops it (true if it stopped f from being started). In a checked run,
// when ctx is one of the run's contexts (this file's, or one that package
// context derived from one without a cancellation of its own), f's
// goroutine is one of the run's, started by the cancellation, which is
// synchronized before it, as the go statement of Go's own does: f's
// accesses and synchronisation are checked. For other contexts it is
// context.AfterFunc, whose goroutine the run does not control.
func ContextAfterFunc(ctx context.Context, f func(), site uint32) (stop func() bool) {
	if dc, ok := ctx.Value(&runCtxKey).(*deadlineCtx); ok && dc.Done() == ctx.Done() {
		return dc.afterFuncGo(f, site)
	}
	return context.AfterFunc(ctx, f)
}

// afterFuncGo starts f as a goroutine of the run at site once c is
// canceled (at once if it is), and returns the function that stops that.
func (c *deadlineCtx) afterFuncGo(f func(), site uint32) func() bool {
	start := func() { Go(f, site) }
	return c.onCancel(start, start)
}

// propagate cancels c with its parent.
func (c *deadlineCtx) propagate() {
	if c.parent.Done() == nil {
		return
	}
	if err := c.parent.Err(); err != nil {
		c.cancel(false, err, context.Cause(c.parent))
		return
	}
	p := c.parent
	var stop func() bool
	if dc, ok := p.Value(&runCtxKey).(*deadlineCtx); ok && dc.Done() == p.Done() {
		// The parent is one of these contexts, or one that package
		// context derived from it without a cancellation of its own
		// (WithValue).
		stop = dc.AfterFunc(func() { c.cancel(false, dc.Err(), context.Cause(dc)) })
	} else {
		stop = context.AfterFunc(p, func() { c.cancel(false, p.Err(), context.Cause(p)) })
	}
	c.mu.Lock()
	c.detach = stop
	c.mu.Unlock()
}

// cancel closes c's Done channel with err (and cause, err when nil),
// cancels its children, and stops its timer; detach removes it from its
// parent's children.
func (c *deadlineCtx) cancel(detach bool, err, cause error) {
	if cause == nil {
		cause = err
	}
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		return
	}
	c.err = err
	children := c.children
	c.children = nil
	t, stop := c.timer, c.detach
	c.mu.Unlock()
	c.innerCancel(cause)
	Close(c.done, c.site)
	for f := range children {
		(*f)()
	}
	if detach && stop != nil {
		stop()
	}
	if t != nil {
		TimerStop(t, c.site)
	}
}
