package goexec

import (
	"sort"
	"time"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// Virtual time.
//
// Time orders nothing in the Go memory model, so the run need not wait for
// it: as in a bubble of testing/synctest, the clock of a run stands still
// while a goroutine can go on, and when none can, it jumps to the earliest
// deadline of a sleep or a timer of the run, whose goroutine (or channel)
// then goes on. A run whose program only uses time to order its own
// goroutines therefore never waits for the wall clock. The run's clock is
// the wall clock plus the time it skipped (Now), which the rewritten calls
// of time.Now, time.Since and time.Until read, so that a program measuring
// a sleep sees it last as long as it asked.
//
// A run in which a goroutine outside the executor's control ran
// (outside.go) keeps real time from then on: such a goroutine, or the
// network it waits for, may be what a sleep waits for (a server that
// starts, a finalizer that runs), and it acts in real time.

// timer is a timer of the run: a channel that receives the time when the
// clock reaches until (rewritten time.After).
type timer struct {
	until time.Time
	ch    chan time.Time
	rel   event.Task // the release segment of its creation
	site  uint32
	seq   uint64 // e.seq when it started
}

// Now returns the run's clock: the wall clock plus the time skipped.
func (e *Exec) Now() time.Time { return time.Now().Add(time.Duration(e.skew.Load())) }

// virtual reports whether the clock may jump: no goroutine outside the
// executor's control ran.
func (e *Exec) virtual() bool { return !e.outside && !e.anyDetached() && len(e.outReady) == 0 }

// After returns a channel that receives the run's time once d passed on
// the run's clock, as time.After(d) does. The receive that takes the value
// is synchronized after the call (as the send of a real timer is after its
// start).
func (e *Exec) After(d time.Duration, site uint32) <-chan time.Time {
	defer e.Exit(e.in(site))
	ch := make(chan time.Time, 1)
	e.seq++
	e.timers = append(e.timers, &timer{until: e.Now().Add(d), ch: ch, rel: e.release(site), site: site, seq: e.seq})
	return ch
}

// readyFirst reports whether the goroutine that yielded first goes on
// before the sleeper or timer due first. A yield lets the sleeps and
// timers started before it go first, and the first one started after it
// (an explored schedule yields so that another goroutine's operation comes
// first, even one after a sleep), but no more, so that a goroutine that
// polls with a sleep cannot keep one that yielded from going on.
func (e *Exec) readyFirst() bool {
	if len(e.ready) == 0 {
		return false
	}
	y := e.ready[0]
	s, t := e.due()
	var seq uint64
	switch {
	case s != nil:
		seq = s.seq
	case t != nil:
		seq = t.seq
	default:
		return false
	}
	if seq <= y.seq {
		return false
	}
	if !y.passed {
		y.passed = true
		return false
	}
	return true
}

// due returns the sleeper or timer whose deadline comes first, or neither.
func (e *Exec) due() (*G, *timer) {
	var s *G
	if len(e.sleepers) > 0 {
		sort.SliceStable(e.sleepers, func(i, j int) bool { return e.sleepers[i].until.Before(e.sleepers[j].until) })
		s = e.sleepers[0]
	}
	var t *timer
	if len(e.timers) > 0 {
		sort.SliceStable(e.timers, func(i, j int) bool { return e.timers[i].until.Before(e.timers[j].until) })
		t = e.timers[0]
	}
	if s != nil && t != nil {
		if t.until.Before(s.until) {
			return nil, t
		}
		return s, nil
	}
	return s, t
}

// wakeDue lets the sleeper or timer whose deadline comes first go on, when
// no goroutine can: on virtual time at once, the clock jumping to its
// deadline; on real time once the deadline passed, unless something from
// outside the executor came first. It reports whether it handed the baton
// to a goroutine (false: nothing was due, or a timer fired into a buffer,
// or something came from outside: look again).
func (e *Exec) wakeDue() (handed, any bool) {
	s, t := e.due()
	if s == nil && t == nil {
		return false, false
	}
	until := t.untilOr(s)
	if d := until.Sub(e.Now()); d > 0 {
		if e.virtual() {
			e.skew.Add(int64(d))
		} else {
			if e.external(d) {
				return true, true
			}
			if until.Sub(e.Now()) > 0 {
				return false, true // something came from outside first
			}
		}
	}
	e.h.SetCurrent(e.root)
	if s != nil {
		e.sleepers = e.sleepers[1:]
		e.resume(s, e.root, s.WaitAt)
		return true, true
	}
	e.timers = e.timers[1:]
	return e.fire(t), true
}

func (t *timer) untilOr(s *G) time.Time {
	if t != nil {
		return t.until
	}
	return s.until
}

// fire sends the run's time on the timer's channel: to the goroutine
// waiting for it, which goes on (and fire reports true), or into its
// buffer.
func (e *Exec) fire(t *timer) bool {
	now := e.Now()
	cs := e.chanState(chanPointer(t.ch))
	if r := popWaiter(&cs.recvq); r != nil {
		cs.nsent++
		cs.nrecv++
		r.c.Deliver(now, true)
		e.resumeJoining(r.g, e.root, []event.Task{t.rel}, t.site)
		return true
	}
	t.ch <- now
	cs.nsent++
	cs.vals = append(cs.vals, t.rel)
	return false
}
