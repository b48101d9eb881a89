package goexec

import (
	"reflect"
	"runtime"
	"slices"
	"time"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// Channels. The real channel holds the buffered values, so that len, cap
// and code that was not rewritten see what they would see; the executor
// keeps beside it, per channel, the segment that sent each buffered value
// and the goroutines parked on it. The edges are the memory model's:
//
//   - a send is synchronized before the completion of the receive that
//     takes its value (the receiver joins the sender's release segment,
//     or is spawned from it when it was waiting);
//   - the closing of a channel is synchronized before a receive that
//     returns because the channel is closed;
//   - on an unbuffered channel, a receive is synchronized before the
//     completion of the send (the sender joins the receiver's segment, or
//     is spawned from it);
//   - the k-th receive on a channel of capacity C is synchronized before
//     the completion of the k+C-th send (the send joins the receive's
//     release segment, or is spawned from it when it was waiting).

type chanState struct {
	vals     []event.Task // the senders' release segments of the buffered values, oldest first
	recvSegs []event.Task // release segments of receives not yet matched by a send C later
	nsent    int          // sends completed, for the k+C rule
	nrecv    int          // receives of values completed
	closed   bool
	closeSeg event.Task
	recvq    []*waiter // parked receivers, oldest first
	sendq    []*waiter // parked senders, oldest first
}

// waiter is a goroutine parked on a channel, alone or in a select.
type waiter struct {
	g   *G
	c   Case     // its communication
	sel *selWait // non-nil in a select
	idx int      // the case of sel
}

type selWait struct{ done bool }

func (w *waiter) stale() bool { return w.sel != nil && w.sel.done }

// Case is one communication: a send or a receive hook's, or a case of a
// select statement.
type Case interface {
	// Chan returns the channel, nil for a nil channel.
	Chan() unsafe.Pointer
	// IsSend reports whether the case sends.
	IsSend() bool
	// Len and Cap are len and cap of the channel.
	Len() int
	Cap() int
	// TryReal makes the communication on the real channel if it can
	// proceed at once, and reports whether it did; a receive keeps what it
	// got.
	TryReal() bool
	// Value is a send's value.
	Value() any
	// Deliver makes a receive get v (ok false: the channel was closed).
	Deliver(v any, ok bool)
	// OK reports whether a receive got a sent value.
	OK() bool
	// Reflect is the communication for reflect.Select.
	Reflect() reflect.SelectCase
}

func (e *Exec) chanState(ch unsafe.Pointer) *chanState {
	cs := e.chans[ch]
	if cs == nil {
		cs = &chanState{}
		e.chans[ch] = cs
	}
	return cs
}

func popWaiter(q *[]*waiter) *waiter {
	for len(*q) > 0 {
		w := (*q)[0]
		*q = (*q)[1:]
		if !w.stale() {
			if w.sel != nil {
				w.sel.done = true
				w.g.selIdx = w.idx
			}
			return w
		}
	}
	return nil
}

func hasWaiter(q []*waiter) bool {
	for _, w := range q {
		if !w.stale() {
			return true
		}
	}
	return false
}

// sentBuffered records the completion of a send into the buffer: the
// edge from the receive C earlier, and the release segment of the value.
func (e *Exec) sentBuffered(cs *chanState, capacity int, site uint32) {
	if cs.nsent >= capacity && len(cs.recvSegs) > 0 {
		e.acquire(cs.recvSegs[0], site)
		cs.recvSegs = cs.recvSegs[1:]
	}
	cs.nsent++
	cs.vals = append(cs.vals, e.release(site))
}

// Send is a send by the running goroutine.
func (e *Exec) Send(c Case, site uint32) {
	defer e.Exit(e.in(site))
	p := e.attempt(site)
	if ch := c.Chan(); ch != nil {
		e.chanOp(ch, p, opSend, false, site)
	}
	e.send(c, site)
}

// send makes the send of c, attempted and logged.
func (e *Exec) send(c Case, site uint32) {
	g := e.cur
	ch := c.Chan()
	if ch == nil {
		e.park(g, "chan send (nil chan)", site)
		select {}
	}
	cs := e.chanState(ch)
	if cs.closed {
		panic(plainError("send on closed channel"))
	}
	if r := popWaiter(&cs.recvq); r != nil {
		// The buffer is empty: the value goes to the receiver.
		if c.Cap() == 0 {
			e.acquire(r.g.last, site) // the receive is synchronized before the send completes
			cs.nsent++
		} else {
			// The receive takes the value this send puts in the buffer.
			if cs.nsent >= c.Cap() && len(cs.recvSegs) > 0 {
				e.acquire(cs.recvSegs[0], site)
				cs.recvSegs = cs.recvSegs[1:]
			}
			cs.nsent++
		}
		cs.nrecv++
		r.c.Deliver(c.Value(), true)
		e.wake(r.g, site)
		return
	}
	if c.TryReal() {
		if c.Cap() == 0 {
			e.note(site, "a channel operation that code which was not rewritten completed")
			return
		}
		e.sentBuffered(cs, c.Cap(), site)
		return
	}
	cs.sendq = append(cs.sendq, &waiter{g: g, c: c})
	e.park(g, "chan send", site)
}

// Recv is a receive by the running goroutine; what it got is in c.
func (e *Exec) Recv(c Case, site uint32) {
	defer e.Exit(e.in(site))
	p := e.attempt(site)
	if ch := c.Chan(); ch != nil {
		e.chanOp(ch, p, opRecv, false, site)
	}
	e.recv(c, site)
}

// recv makes the receive of c, attempted and logged.
func (e *Exec) recv(c Case, site uint32) {
	g := e.cur
	ch := c.Chan()
	if ch == nil {
		e.park(g, "chan receive (nil chan)", site)
		select {}
	}
	cs := e.chanState(ch)
	e.expire(ch) // timers.go
	if c.TryReal() {
		e.receivedReal(cs, c.Cap(), c.OK(), site)
		return
	}
	if s := popWaiter(&cs.sendq); s != nil {
		// Unbuffered: the value comes from the parked sender.
		e.acquire(s.g.last, site)
		c.Deliver(s.c.Value(), true)
		cs.nsent++
		cs.nrecv++
		e.wake(s.g, site)
		return
	}
	cs.recvq = append(cs.recvq, &waiter{g: g, c: c})
	g.waitChans = append(g.waitChans[:0], ch)
	g.clockWakes = e.clockCanWake(ch)
	e.park(g, "chan receive", site)
	e.receivedParked(c, site)
}

// receivedParked records the completion of a receive that waited, when a
// send handed it a value on a buffered channel: a later send joins it by
// the k+C rule, as it joins a receive from the buffer (receivedReal).
func (e *Exec) receivedParked(c Case, site uint32) {
	if c.Cap() == 0 || !c.OK() {
		return
	}
	cs := e.chanState(c.Chan())
	cs.recvSegs = append(cs.recvSegs, e.release(site))
}

// receivedReal records a receive that took a value from the real buffer
// (ok) or saw the channel closed, and moves the value of a parked sender
// into the room it made.
func (e *Exec) receivedReal(cs *chanState, capacity int, ok bool, site uint32) {
	if !ok {
		if cs.closed {
			e.acquire(cs.closeSeg, site)
		} else {
			e.note(site, "a channel that code which was not rewritten closed")
		}
		return
	}
	if len(cs.vals) > 0 {
		e.acquire(cs.vals[0], site)
		cs.vals = cs.vals[1:]
	} else {
		e.note(site, "a channel operation that code which was not rewritten completed")
		e.acquireAll(e.cur, site) // as in external
	}
	cs.nrecv++
	if capacity == 0 {
		return
	}
	cs.recvSegs = append(cs.recvSegs, e.release(site))
	if s := popWaiter(&cs.sendq); s != nil {
		// The buffer had been full: the parked sender's value takes the
		// room this receive made, and its send completes after it.
		if !s.c.TryReal() {
			panic("tpinstr: a parked send found no room after a receive")
		}
		cs.recvSegs = cs.recvSegs[:len(cs.recvSegs)-1]
		cs.nsent++
		cs.vals = append(cs.vals, s.g.last)
		e.wake(s.g, site)
	}
}

// Close closes the channel of c; do closes the real channel (and panics
// as close does).
func (e *Exec) Close(ch unsafe.Pointer, do func(), site uint32) {
	defer e.Exit(e.in(site))
	p := e.attempt(site)
	if ch != nil {
		e.chanOp(ch, p, opClose, false, site)
	}
	do()
	cs := e.chanState(ch)
	cs.closed = true
	cs.closeSeg = e.release(site)
	for {
		s := popWaiter(&cs.sendq)
		if s == nil {
			break
		}
		s.g.panicOn = "send on closed channel"
		e.wake(s.g, site)
	}
	for {
		r := popWaiter(&cs.recvq)
		if r == nil {
			break
		}
		r.c.Deliver(nil, false)
		e.wake(r.g, site)
	}
}

// Select runs a select statement over cases; it returns the index of the
// case that proceeded, or -1 for the default case. A select of several
// communications, or of one and a default, offers to communicate on each
// of its channels: its point is logged on each, so that exploration
// reverses it with the other goroutines' operations there (a case not
// ready here may be in another order, and the default taken here may not
// be). When several cases are ready, it takes the one its schedule names,
// or else the first, and exploration takes each other one in another run.
func (e *Exec) Select(cases []Case, hasDefault bool, site uint32) int {
	defer e.Exit(e.in(site))
	g := e.cur
	p := e.attempt(site)
	ncases := 0
	for _, c := range cases {
		if c.Chan() != nil {
			ncases++
		}
	}
	sel := ncases > 1 || hasDefault
	var ready []int
	clockCase := false // a case the clock can make ready is not
	for i, c := range cases {
		ch := c.Chan()
		if ch == nil {
			continue
		}
		kind := opRecv
		if c.IsSend() {
			kind = opSend
		}
		e.chanOp(ch, p, kind, sel, site)
		if !c.IsSend() {
			e.expire(ch) // timers.go
		}
		cs := e.chanState(ch)
		var r bool
		if c.IsSend() {
			r = cs.closed || hasWaiter(cs.recvq) || c.Len() < c.Cap()
		} else {
			r = cs.closed || hasWaiter(cs.sendq) || c.Len() > 0
		}
		if r {
			ready = append(ready, i)
		} else if !c.IsSend() && e.clockCanWake(ch) {
			clockCase = true
		}
	}
	if clockCase && (len(ready) > 0 || hasDefault) {
		// It does not wait for the clock, which could have made the
		// case ready first (clock.go).
		e.clockBefore(g, site)
	}
	if len(ready) > 0 {
		take := ready[0]
		if c, ok := e.caseAt[p]; ok && slices.Contains(ready, c) {
			take = c
		}
		if len(ready) > 1 {
			e.selected(p, ready, take, site)
		}
		if cases[take].IsSend() {
			e.send(cases[take], site)
		} else {
			e.recv(cases[take], site)
		}
		return take
	}
	if hasDefault {
		e.poll(g, site)
		return -1
	}
	sw := &selWait{}
	g.waitChans = g.waitChans[:0]
	for i, c := range cases {
		ch := c.Chan()
		if ch == nil {
			continue
		}
		if !c.IsSend() {
			g.waitChans = append(g.waitChans, ch)
			if e.clockCanWake(ch) {
				g.clockWakes = true
			}
		}
		cs := e.chanState(ch)
		w := &waiter{g: g, c: c, sel: sw, idx: i}
		if c.IsSend() {
			cs.sendq = append(cs.sendq, w)
		} else {
			cs.recvq = append(cs.recvq, w)
		}
	}
	e.park(g, "select", site)
	if c := cases[g.selIdx]; !c.IsSend() {
		e.receivedParked(c, site)
	}
	return g.selIdx
}

// external waits up to d, when no goroutine can go on, for code that was
// not rewritten to complete a parked channel operation (a timer's channel,
// a signal), and runs the goroutine it lets go on. It reports false when no
// goroutine waits on a channel, or when nothing came within d (e.Grace when
// no goroutine sleeps: the run is then deadlocked, unless code that was not
// rewritten would have acted later still).
func (e *Exec) external(d time.Duration) bool { return e.externalFor(d, d == e.Grace) }

// externalFor is external; when deadlock is set and nothing at all could
// come (no goroutine waits on a channel, none ran outside the executor's
// control), it reports false at once instead of waiting.
func (e *Exec) externalFor(d time.Duration, deadlock bool) bool {
	var cases []reflect.SelectCase
	var ws []*waiter
	for _, cs := range e.chans {
		for _, q := range [][]*waiter{cs.recvq, cs.sendq} {
			for _, w := range q {
				if !w.stale() {
					cases = append(cases, w.c.Reflect())
					ws = append(ws, w)
				}
			}
		}
	}
	if len(cases) == 0 && deadlock && !e.outside && !e.anyDetached() {
		return false // nothing could come: the run is deadlocked
	}
	timeout := time.NewTimer(d)
	defer timeout.Stop()
	cases = append(cases,
		reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(timeout.C)},
		reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(e.kick)})
	// While it waits, no goroutine holds the baton, and goroutines outside
	// the executor's control may enter (outside.go): they kick it.
	e.idle = true
	me, h := e.leave()
	runtime.Gosched()
	i, v, ok := reflect.Select(cases)
	e.back(me, h)
	e.idle = false
	if i >= len(ws) {
		return false
	}
	w := ws[i]
	if w.stale() {
		// An outside goroutine completed the select meanwhile: the value
		// received belongs to no one. It cannot happen, as goroutines
		// outside enter only through outReady, but a value must not be
		// lost silently.
		panic("tpinstr: a channel operation completed twice")
	}
	if w.sel != nil {
		w.sel.done = true
		w.g.selIdx = w.idx
	}
	cs := e.chans[w.c.Chan()]
	for _, q := range []*[]*waiter{&cs.recvq, &cs.sendq} {
		for j, x := range *q {
			if x == w {
				*q = append((*q)[:j:j], (*q)[j+1:]...)
				break
			}
		}
	}
	e.note(w.g.WaitAt, "a channel operation that code which was not rewritten completed")
	if cases[i].Dir == reflect.SelectRecv {
		var val any
		if ok {
			val = v.Interface()
		}
		w.c.Deliver(val, ok)
	}
	e.h.SetCurrent(e.root)
	e.resumeAll(w.g, e.root, w.g.WaitAt)
	// The code that completed it (a timer restarted by Reset, a signal's
	// relay) may have been set going by any goroutine: as for goroutines
	// outside the executor's control (outside.go), the operation acquires
	// every ended segment. resume handed w.g the baton, which this
	// goroutine still holds until it parks: the joins come first.
	return true
}
