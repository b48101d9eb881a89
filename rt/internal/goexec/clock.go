package goexec

import (
	"math"
	"unsafe"
)

// The clock against the goroutines.
//
// Time orders nothing in the Go memory model: a goroutine that can go on
// may be delayed for as long as any sleep or timer of the run, so a sleep
// may end, and a timer fire, before any step of a goroutine that could go
// on. The run's clock (timers.go) stands still while a goroutine can go
// on, which is one order of those among others; exploration lists the
// others, as for any two steps whose order can change the run:
//
//   - A goroutine parked where the clock can wake it (clockWakes: in a
//     sleep, or receiving from the channel of an armed timer, alone or in
//     a select statement) counts as enabled while it waits there
//     (explore.go's enabled): a schedule may let it go first at any state
//     of its wait. Its run lets the others make their steps up to their
//     next attempts, where they wait for their turns; no goroutine can go
//     on, so the clock moves to the sleeps' and timers' deadlines in their
//     order (wakeDue), until the goroutine wakes and takes its turn.
//   - A goroutine woken by another's operation (a send on the other
//     channel of its select) while the clock could have woken it lists
//     the schedule in which it goes first at the state before that
//     operation (clockFirst): the clock then wakes it, and the operation
//     comes after.
//
// A goroutine still waiting for the clock when the run ends (asleep, or
// waiting for a timer) could have gone on before goroutine 1 returned,
// in a schedule that delays goroutine 1 past its deadline; the run does
// not run it after the end (the test that started it has ended, and its
// later steps may need what the end tore down), and notes a choice
// instead (noteClockWaits): its later steps are not checked.
//
//   - A select statement that took another case, or its default (a poll:
//     a context's Err, a timer's channel looked at in a loop), while the
//     clock could have made one of its cases ready lists the schedule
//     with a turn of the clock before it (clockTurn, clockBefore): no
//     goroutine makes an attempt until a sleep or timer of the run wakes
//     or fires.
//   - A Stop or Reset of a timer whose fire would change the run (a
//     goroutine waits on its channel, or its function would run) lists
//     the same schedule (timers.go's stopping): the stopping goroutine
//     may be delayed past the deadline.
//
// A goroutine waits where the clock can wake it only while a timer that
// can is armed: once its timers were stopped, or fired elsewhere (their
// value went to another receiver, or their function's goroutine, which
// closes the channel in a step of its own, was started), it waits for
// the other goroutines (reclock), and no schedule lets it go first, which
// no run could follow. When the clock fires a function timer at the turn
// of a goroutine that waits for it, the function's goroutine is part of
// that turn (clockStep). TestClockWaitEnds checks that every schedule
// listed is followed; TestDeadlineOrderExplored that a select's timeout
// is taken in some schedule while another goroutine could still send;
// TestStopAfterFire that a Stop may come after the fire.
//
// A timer of a function (time.AfterFunc) starts a goroutine when it
// fires. A context's deadline is one, whose function closes the context's
// Done channel: a wait on that channel counts as one the clock can end
// (TimerCloses). What other functions of timers do is ordered against
// the goroutines as the steps of any goroutine are, from the state at
// which the clock fired them.

// clockFirst is a goroutine that another goroutine woke, with the place
// in the order of attempts of the waker's operation, where the clock could
// have woken it instead; or, with g clockTurn, the place of a select
// statement that did not wait for a case the clock could have made ready
// (clockBefore).
type clockFirst struct {
	at int
	g  int32
}

// clockTurn, in an order of attempts (Schedule.Follow), is a turn of the
// clock: the goroutines wait at their attempts, and the sleep or timer
// whose deadline comes first wakes or fires (wakeDue) before the next
// attempt. It is written "c".
const clockTurn int32 = math.MinInt32

// clockBefore records that goroutine g's select statement, at its latest
// attempt, took another case or its default while the clock could have
// made a case ready (a timer's channel, a context's Done at its
// deadline): the schedule with a turn of the clock before the attempt
// lets the timer fire first. A goroutine that polls a context (Err) or a
// timer's channel in a loop makes one such attempt per poll; the runs of
// those schedules move the clock one deadline each.
func (e *Exec) clockBefore(g *G, site uint32) {
	e.explore(site, "a select statement that a timer could make ready first, goroutine %d", g.ID)
	e.clockTurnBefore(g)
}

// clockTurnBefore lists the schedule with a turn of the clock before the
// latest attempt of g.
func (e *Exec) clockTurnBefore(g *G) {
	if len(g.attAt) == 0 || len(g.attAt) < g.acqs {
		return // past maxAttempts: Alternatives notes it
	}
	e.clockFirst = append(e.clockFirst, clockFirst{at: int(g.attAt[len(g.attAt)-1]), g: clockTurn})
}

// clockTakesTurn passes the turn of the clock, when the order the run
// follows gives it the next turn, as the clock wakes or fires what is due:
// the turn is kept in the run's order of attempts.
func (e *Exec) clockTakesTurn() {
	if e.fidx >= len(e.follow) || e.follow[e.fidx] != clockTurn {
		return
	}
	if len(e.attempts) < maxAttempts {
		e.attempts = append(e.attempts, clockTurn)
	}
	e.fidx++
	e.passTurn()
}

// clockCanWake reports whether the clock can end a wait on the channel ch:
// ch is the channel of an armed timer, or one that the function of an
// armed timer closes (TimerCloses).
func (e *Exec) clockCanWake(ch unsafe.Pointer) bool {
	t := e.timerChan[ch]
	if t == nil {
		t = e.timerCloses[ch]
	}
	return t != nil && t.armed
}

// TimerCloses records that the function of the timer named key (as for
// AfterFunc) closes the channel ch when it fires: a context's Done
// channel at its deadline.
func (e *Exec) TimerCloses(key, ch unsafe.Pointer) {
	defer e.Exit(e.in(0))
	t := e.timerOf[key]
	if t == nil {
		return
	}
	if e.timerCloses == nil {
		e.timerCloses = map[unsafe.Pointer]*timer{}
	}
	e.timerCloses[ch] = t
	t.closes = ch
	e.reclock(t)
}

// reclock decides again, for each goroutine parked on the channel of the
// timer t or on the channel its function closes, whether the clock can
// wake it, after t was armed, fired or stopped. A goroutine that the
// clock can no longer wake (its timer was stopped, or fired and sent to
// another receiver, or started the goroutine of its function, which
// closes the channel in a step of its own) waits for the other goroutines
// from here on, as one parked where no timer can wake it: it does not
// count as enabled (explore.go) at the states that follow, and no
// schedule lets it go first there, which no run could follow. A goroutine
// that a timer armed again can wake counts as enabled again, as one that
// parked there while the timer was armed.
func (e *Exec) reclock(t *timer) {
	for _, ch := range [2]unsafe.Pointer{chanPointer(t.ch), t.closes} {
		if ch == nil {
			continue
		}
		cs := e.chans[ch]
		if cs == nil {
			continue
		}
		for _, w := range cs.recvq {
			if !w.stale() && w.g.state == gParked {
				e.reclockG(w.g)
			}
		}
	}
}

// reclockG sets g.clockWakes from the timers of the channels g waits on,
// and moves the open span of its wait between blocked and clockWaits.
func (e *Exec) reclockG(g *G) {
	can := false
	for _, ch := range g.waitChans {
		if e.clockCanWake(ch) {
			can = true
			break
		}
	}
	now := int32(len(e.attempts))
	switch {
	case g.clockWakes && !can:
		g.clockWakes = false
		if g.clockFrom >= 0 {
			g.clockWaits = append(g.clockWaits, [2]int32{g.clockFrom, now})
			g.clockFrom = -1
		}
		g.blockFrom = now
	case !g.clockWakes && can:
		g.clockWakes = true
		if g.blockFrom >= 0 {
			g.blocked = append(g.blocked, [2]int32{g.blockFrom, now})
			g.blockFrom = -1
		}
		g.clockFrom = now
	}
}

// wokeBefore records that the running goroutine wakes g by its latest
// attempt, where the clock could have woken g (clockFirst).
func (e *Exec) wokeBefore(g *G) {
	h := e.cur
	if !g.clockWakes || h == nil || h.byClock || len(h.attAt) == 0 || len(h.attAt) < h.acqs {
		// Woken by the clock's own step (a timer's function), or past
		// maxAttempts (Alternatives notes it).
		return
	}
	e.explore(g.WaitAt, "a wait that a timer could end first, goroutine %d", g.ID)
	e.clockFirst = append(e.clockFirst, clockFirst{at: int(h.attAt[len(h.attAt)-1]), g: int32(g.ID)})
}

// endTurn passes the turn of g, which returns, when the order its run
// follows gives it the next turn: a goroutine that the clock woke first
// (clockFirst) may return without another attempt. The turn is kept in
// the run's order of attempts, as the step it was, so that the order
// names the run (Ran).
func (e *Exec) endTurn(g *G) {
	if e.fidx >= len(e.follow) || e.follow[e.fidx] != int32(g.ID) {
		return
	}
	if len(e.attempts) < maxAttempts {
		e.attempts = append(e.attempts, int32(g.ID))
	}
	e.fidx++
	e.passTurn()
}

// waitsForClock reports whether the goroutine f of an order of attempts
// (Schedule.Follow) waits where the clock can wake it. The goroutine of a
// timer's function that fires then (a context's cancel at its deadline)
// goes on without a turn of its own, as part of the clock's step that
// wakes f (clockStep): its attempts are kept in the order, as the steps
// they are.
func (e *Exec) waitsForClock(f int32) bool {
	if f <= 0 || int(f) > len(e.gs) {
		return false
	}
	g := e.gs[f-1]
	return g.state == gParked && g.clockWakes
}

// clockStep reports whether g, the goroutine of a timer's function, is
// part of the clock's step that wakes the goroutine whose turn it is:
// the timer fired while that goroutine waited for the clock at its turn
// (goFired's clockFor), and it still waits. Once the timer fired, the
// goroutine waits for g's operation (reclock), which completes the step.
func (e *Exec) clockStep(g *G) bool {
	if !g.byClock || g.clockFor == 0 || e.fidx >= len(e.follow) || e.follow[e.fidx] != g.clockFor {
		return false
	}
	return e.gs[g.clockFor-1].state == gParked
}

// noteClockWaits notes a choice when a goroutine waits for the clock as
// the run ends (see above).
func (e *Exec) noteClockWaits() {
	for _, g := range e.gs {
		if g.state == gParked && g.clockWakes {
			e.note(g.WaitAt, "a goroutine still waiting for the clock (%s) when the run ended, whose later steps were not checked", g.Waits)
			return
		}
	}
}
