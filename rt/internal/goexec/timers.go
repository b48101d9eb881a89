package goexec

import (
	"slices"
	"time"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// Virtual time.
//
// Time orders nothing in the Go memory model, so the run need not wait for
// it: as in a bubble of testing/synctest, the clock of a run stands still
// while a goroutine can go on, and when none can, it jumps to the earliest
// deadline of a sleep or a timer of the run, whose goroutine (or channel,
// or function) then goes on. A run whose program only uses time to order
// its own goroutines therefore never waits for the wall clock. The run's
// clock is the wall clock plus the time it skipped (Now), which the
// rewritten calls of time.Now, time.Since and time.Until read, so that a
// program measuring a sleep sees it last as long as it asked.
//
// The timers of a run are those of time.After, time.NewTimer, time.Tick,
// time.NewTicker and time.AfterFunc, and the deadlines of
// context.WithDeadline and context.WithTimeout (which are AfterFunc timers
// calling the context's cancel). A timer of a channel sends the run's time
// on it when it fires: to the goroutine waiting for it, or into its buffer
// of one value; a ticker's tick that finds the buffer full is dropped, as
// Go's are, and a ticker whose buffer is full is not due until a receive
// empties it (its dropped ticks are skipped). A function timer starts its
// function in a new goroutine of the run when it fires. Stop and Reset
// have the semantics of Go 1.23: the value a timer sent and nobody
// received yet is dropped, so that no receive after Stop or Reset returns
// a stale time, and Stop and Reset report whether the timer was active,
// counting such a value as active.
//
// Deadline order. Sleeps and timers wake and fire in the order of their
// deadlines, and of two with the same deadline, the one started (or
// reset) first goes first: the order is a total one, the same in every
// run, and no choice of the schedule. (Which of two goroutines woken at
// one instant makes a dependent operation first is explored as any other
// order of operations, explore.go.) A goroutine that yielded (explore.go,
// or runtime.Gosched) is the exception the clock makes for exploration:
// see readyFirst.
//
// The edges: the start of a timer (the call that created it, or its
// latest Reset) is synchronized before the receive of what it sends, as
// Go's runtime sends from the timer after its start, and before the start
// of its function's goroutine (an AfterFunc's function, a context's
// cancel at its deadline).
//
// Two clocks. Deadlines are ordered on a clock of their own, e.clock, which
// moves only when the run's clock jumps to a deadline or the run waits for
// one: a deadline is that clock's reading at the start plus the duration,
// so the wall time that passes while goroutines go on (computing, or
// descheduled by a busy machine) changes neither the order of sleeps and
// timers nor whether a timer has expired, and the verdict does not depend
// on the machine's speed. What the program reads (Now) is the wall clock
// plus the time skipped, so that the time it measures passes; a sleep or
// timer that goes on moves that clock, when it is behind, to the sleep's
// end as Now read it at the start, so that a sleep lasts at least as long
// as it asked.
//
// A run in which a goroutine outside the executor's control ran
// (outside.go) keeps real time from then on: such a goroutine, or the
// network it waits for, may be what a sleep waits for (a server that
// starts, a finalizer that runs), and it acts in real time.

// timer is a timer of the run.
type timer struct {
	until  time.Time      // its deadline on the clock of Now
	at     time.Duration  // its deadline on the clock of deadlines (e.clock)
	period time.Duration  // a ticker's period; 0 for a timer that fires once
	ch     chan time.Time // the channel it sends on; nil for a function timer
	f      func()         // a function timer's function
	rel    event.Task     // the release segment of its start
	site   uint32
	seq    uint64         // e.seq when it started, for the order of equal deadlines and readyFirst
	armed  bool           // in e.timers
	closes unsafe.Pointer // the channel its function closes (TimerCloses)
	// The goroutine that started it, and its acquisitions so far: the
	// goroutine of a function timer descends from that start (spawnedAfter).
	creator *G
	spawnK  int
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
	e.start(&timer{ch: ch}, d, site)
	return ch
}

// NewTimer starts a timer of the run that sends the run's time on ch, a
// channel with a buffer of one value, once d passed (period 0), or every
// period after d (a ticker), as time.NewTimer and time.NewTicker do. key
// names the timer for StopTimer and ResetTimer: the *time.Timer or
// *time.Ticker that the program holds.
func (e *Exec) NewTimer(key unsafe.Pointer, ch chan time.Time, d, period time.Duration, site uint32) {
	defer e.Exit(e.in(site))
	t := &timer{ch: ch, period: period}
	e.keep(key, t)
	e.start(t, d, site)
}

// AfterFunc starts a timer of the run that runs f in a new goroutine of
// the run once d passed, as time.AfterFunc does; key names it as for
// NewTimer.
func (e *Exec) AfterFunc(key unsafe.Pointer, d time.Duration, f func(), site uint32) {
	defer e.Exit(e.in(site))
	t := &timer{f: f}
	e.keep(key, t)
	e.start(t, d, site)
}

// expire fires the timer of the channel ch, if ch is a timer's whose
// deadline passed and no goroutine waits on it: as with Go 1.23's timer
// channels, a receive (or a select) from the channel of a timer that
// expired finds its value, even before the run's clock moved on (a timer
// of 0; on real time, one whose deadline the wall clock passed).
func (e *Exec) expire(ch unsafe.Pointer) {
	t := e.timerChan[ch]
	if t == nil || !t.armed || t.dormant() || t.at > e.clock && (e.virtual() || t.until.After(e.Now())) {
		return
	}
	if cs := e.chans[ch]; cs != nil && hasWaiter(cs.recvq) {
		return
	}
	e.fired(t)
	e.fire(t)
	e.reclock(t)
}

// keep names t by key.
func (e *Exec) keep(key unsafe.Pointer, t *timer) {
	if e.timerOf == nil {
		e.timerOf = map[unsafe.Pointer]*timer{}
	}
	e.timerOf[key] = t
}

// start arms t to fire once d passed, started by the running goroutine at
// site.
func (e *Exec) start(t *timer, d time.Duration, site uint32) {
	t.until = e.Now().Add(d)
	t.at = e.clock + d
	t.rel = e.release(site)
	t.site = site
	e.seq++
	t.seq = e.seq
	if g := e.cur; g != nil {
		t.creator, t.spawnK = g, g.acqs
	}
	t.armed = true
	e.timers = append(e.timers, t)
	if t.ch != nil {
		if e.timerChan == nil {
			e.timerChan = map[unsafe.Pointer]*timer{}
		}
		e.timerChan[chanPointer(t.ch)] = t
	}
	e.reclock(t)
}

// StopTimer stops the timer named key, as (*time.Timer).Stop and
// (*time.Ticker).Stop do, and reports whether it was active: armed, or
// with a value sent that nobody received, which it drops. ok is false
// when key names no timer of the run.
func (e *Exec) StopTimer(key unsafe.Pointer, site uint32) (active, ok bool) {
	defer e.Exit(e.in(site))
	t := e.timerOf[key]
	if t == nil {
		return false, false
	}
	e.stopping(t, site)
	return e.stop(t), true
}

// stopping is the Stop or Reset of the timer t by the running goroutine.
// The clock could have fired t first, in a schedule that delays the
// goroutine past t's deadline; when that fire could change the run, the
// Stop is an attempt, and the run lists the schedule with a turn of the
// clock before it (clock.go's clockTurnBefore), as for a select statement
// that did not wait for the clock. The fire changes the run when t's
// function would run (an AfterFunc's), or when a goroutine waits on t's
// channel, or on the channel its function closes (a context's Done), and
// the fire would wake it. A value sent that nobody received changes
// nothing: the Stop drops it. A context's deadline (a function timer
// whose function closes Done, TimerCloses) is the exception: its cancel
// changes what Err returns after the context's own cancel, whose Stop
// this is, and only a goroutine waiting on Done makes the schedule
// listed; what Err returns after the cancel is not explored.
func (e *Exec) stopping(t *timer, site uint32) {
	waits := func(ch unsafe.Pointer) bool {
		cs := e.chans[ch]
		return ch != nil && cs != nil && hasWaiter(cs.recvq)
	}
	matters := func() bool {
		return t.armed && (t.f != nil && t.closes == nil || waits(chanPointer(t.ch)) || waits(t.closes))
	}
	if e.cur == nil || !matters() {
		return
	}
	// The attempt waits for its turn, in a run that follows a schedule,
	// and the clock may fire t meanwhile.
	e.attempt(site)
	if matters() {
		e.explore(site, "a Stop or Reset of a timer that could fire first, goroutine %d", e.cur.ID)
		e.clockTurnBefore(e.cur)
	}
}

// ResetTimer stops the timer named key and starts it again to fire once d
// passed (a ticker: every d), as (*time.Timer).Reset and
// (*time.Ticker).Reset do, and reports whether it was active, as
// StopTimer does. ok is false when key names no timer of the run.
func (e *Exec) ResetTimer(key unsafe.Pointer, d time.Duration, site uint32) (active, ok bool) {
	defer e.Exit(e.in(site))
	t := e.timerOf[key]
	if t == nil {
		return false, false
	}
	e.stopping(t, site)
	active = e.stop(t)
	if t.period > 0 {
		t.period = d
	}
	e.start(t, d, site)
	return active, true
}

// stop disarms t and drops the value it sent that nobody received.
func (e *Exec) stop(t *timer) bool {
	active := t.armed
	if t.armed {
		t.armed = false
		for i, x := range e.timers {
			if x == t {
				e.timers = append(e.timers[:i:i], e.timers[i+1:]...)
				break
			}
		}
		e.reclock(t)
	}
	if t.ch != nil {
		select {
		case <-t.ch:
			active = true
			if cs := e.chans[chanPointer(t.ch)]; cs != nil && len(cs.vals) > 0 {
				cs.vals = cs.vals[1:]
			}
		default:
		}
	}
	return active
}

// readyFirst reports whether the goroutine that yielded first goes on
// before the sleeper or timer due first. A yield lets the sleeps and
// timers started before it go first, and the first one started after it
// (an explored schedule yields so that another goroutine's operation comes
// first, even one after a sleep), but no more, so that a goroutine that
// polls with a sleep cannot keep one that yielded from going on. A yield
// of an explored schedule that names the operation it lets go first
// (explore.go) holds its goroutine back only until that operation was
// attempted: from then on the goroutine can go on, and the clock stands
// still for it as for any goroutine that can (it goes on first, ahead of
// goroutines still held back).
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
	for i, r := range e.ready {
		if r.released {
			// It can go on: it goes before the clock moves, ahead of
			// the goroutines still held back.
			copy(e.ready[1:i+1], e.ready[:i])
			e.ready[0] = r
			return true
		}
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

// due returns the sleeper or timer whose deadline comes first (of equal
// deadlines, the one started first), or neither. A ticker whose buffer is
// full is not due: its ticks are dropped until a receive makes room.
func (e *Exec) due() (*G, *timer) {
	var s *G
	for _, g := range e.sleepers {
		if s == nil || g.at < s.at || g.at == s.at && g.seq < s.seq {
			s = g
		}
	}
	var t *timer
	var now time.Time
	for _, x := range e.timers {
		if x.dormant() {
			if now.IsZero() {
				now = e.Now()
			}
			x.skipTo(now, e.clock)
			continue
		}
		if t == nil || x.at < t.at || x.at == t.at && x.seq < t.seq {
			t = x
		}
	}
	switch {
	case s == nil || t == nil:
		return s, t
	case t.at < s.at || t.at == s.at && t.seq < s.seq:
		return nil, t
	}
	return s, nil
}

// dormant reports whether t is a ticker whose buffer is full.
func (t *timer) dormant() bool { return t.period > 0 && len(t.ch) == cap(t.ch) }

// skipTo moves a ticker's next tick past now on the clock of Now and past
// clock on the clock of deadlines, dropping the ticks before.
func (t *timer) skipTo(now time.Time, clock time.Duration) {
	if late := now.Sub(t.until); late >= 0 {
		t.until = t.until.Add((late/t.period + 1) * t.period)
	}
	if late := clock - t.at; late >= 0 {
		t.at += (late/t.period + 1) * t.period
	}
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
	e.clockTakesTurn()
	until, at := t.untilOr(s)
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
	e.clock = max(e.clock, at)
	// The tickers whose buffer is full drop the ticks the clock passed.
	now := e.Now()
	for _, x := range e.timers {
		if x.dormant() {
			x.skipTo(now, e.clock)
		}
	}
	e.h.SetCurrent(e.root)
	if s != nil {
		for i, g := range e.sleepers {
			if g == s {
				e.sleepers = append(e.sleepers[:i:i], e.sleepers[i+1:]...)
				break
			}
		}
		e.resume(s, e.root, s.WaitAt)
		return true, true
	}
	t = e.tiedTimer(t)
	e.fired(t)
	handed = e.fire(t)
	e.reclock(t)
	return handed, true
}

// tiedTimer returns the timer to fire when t's deadline comes: t, unless a
// select statement waits on t's channel and on the channel of another
// one-shot timer whose deadline is the same instant of the clock of
// deadlines (two timers started with the same duration and no jump of the
// clock between, say). In the program neither need fire first, and the
// select may take either case: it is a select with several cases ready
// (Select), whose case the schedule names, by default that of the timer
// started first, and whose other cases exploration takes in other runs.
// The timers not chosen fire at the same instant, into their channels'
// buffers.
func (e *Exec) tiedTimer(t *timer) *timer {
	if t.f != nil || t.period != 0 {
		return t
	}
	cs := e.chans[chanPointer(t.ch)]
	if cs == nil {
		return t
	}
	var w *waiter
	for _, x := range cs.recvq {
		if !x.stale() {
			w = x
			break
		}
	}
	if w == nil || w.sel == nil {
		return t
	}
	tied := map[int]*timer{w.idx: t}
	for _, x := range e.timers {
		if x == t || x.f != nil || !x.armed || x.period != 0 || x.at != t.at {
			continue
		}
		xs := e.chans[chanPointer(x.ch)]
		if xs == nil {
			continue
		}
		for _, v := range xs.recvq {
			if v.sel == w.sel && !v.stale() {
				tied[v.idx] = x
				break
			}
		}
	}
	if len(tied) < 2 {
		return t
	}
	ready := make([]int, 0, len(tied))
	for i := range tied {
		ready = append(ready, i)
	}
	slices.Sort(ready)
	p := Point{G: w.g.ID, K: w.g.acqs}
	take := w.idx
	if c, ok := e.caseAt[p]; ok && tied[c] != nil {
		take = c
	}
	e.selected(p, ready, take, w.g.WaitAt)
	return tied[take]
}

// fired re-arms a ticker for its next tick, and disarms any other timer,
// which fires now.
func (e *Exec) fired(t *timer) {
	if t.period > 0 {
		t.skipTo(e.Now(), e.clock)
		e.seq++
		t.seq = e.seq
		return
	}
	t.armed = false
	for i, x := range e.timers {
		if x == t {
			e.timers = append(e.timers[:i:i], e.timers[i+1:]...)
			break
		}
	}
}

// untilOr returns the deadline of t, or of the sleeper s when t is nil,
// on both clocks.
func (t *timer) untilOr(s *G) (time.Time, time.Duration) {
	if t != nil {
		return t.until, t.at
	}
	return s.until, s.at
}

// fire sends the run's time on the timer's channel: to the goroutine
// waiting for it, which goes on (and fire reports true), or into its
// buffer (a ticker's tick is dropped when the buffer is full). A function
// timer starts its function's goroutine instead, which goes on.
func (e *Exec) fire(t *timer) bool {
	if t.f != nil {
		e.goFired(t)
		return true
	}
	now := e.Now()
	cs := e.chanState(chanPointer(t.ch))
	if cs.nsent >= cap(t.ch) && len(cs.recvSegs) > 0 {
		// The timer is no goroutine that a receive could let go on.
		cs.recvSegs = cs.recvSegs[1:]
	}
	if r := popWaiter(&cs.recvq); r != nil {
		cs.nsent++
		cs.nrecv++
		r.c.Deliver(now, true)
		e.resumeJoining(r.g, e.root, []event.Task{t.rel}, t.site)
		return true
	}
	select {
	case t.ch <- now:
		cs.nsent++
		cs.vals = append(cs.vals, t.rel)
	default: // a ticker's tick that finds the buffer full
	}
	return false
}

// goFired starts the goroutine of a function timer that fired: a new
// goroutine of the run, created by the timer's start (its segment follows
// the start's release segment), which takes the baton.
func (e *Exec) goFired(t *timer) {
	g := e.newG(t.creator, t.site)
	g.spawnK = t.spawnK
	g.byClock = true
	if e.fidx < len(e.follow) && e.waitsForClock(e.follow[e.fidx]) {
		g.clockFor = e.follow[e.fidx]
	}
	if e.hbOn() {
		if len(e.gs) > hbMaxGoroutines {
			e.hbStop()
		} else {
			g.vc = e.segClock[t.rel]
			e.hbTick(g)
		}
	}
	c := e.h.NewTask(e.root, t.site, g.ID)
	e.h.Spawn(e.root, c, t.site)
	if e.isEnded(t.rel) {
		e.h.Join(c, t.rel, t.site)
	}
	g.segs = append(g.segs, c)
	e.cur = g
	e.h.SetCurrent(c)
	go e.body(g, t.f)
}
