package goexec

import "github.com/tpinstr/tpinstr/rt/internal/event"

// Happens-before among logged operations. Exploration reverses a pair of
// dependent operations of two goroutines (explore.go) by making the first
// yield; when the graph already orders the first before the second (a
// chain of go statements, wake-ups and joins of released segments leads
// from one to the other), yielding cannot put the second first: the second
// goroutine waits, through that chain, for the first to go on. Such a pair
// is not reversed. A chain whose order itself depends on the schedule
// passes through a pair of dependent operations that are not so ordered
// (two Locks of a mutex, an Add and a Wait of a WaitGroup), whose reversal
// is listed: that is the standard argument of dynamic partial-order
// reduction (Flanagan and Godefroid, POPL 2005), which reverses only the
// pairs that are not ordered by happens-before.
//
// The order is kept with vector clocks, one component per goroutine,
// shared until changed (a goroutine's clock is replaced, never written, so
// that a log entry keeps the clock of its operation for free). A run of
// many goroutines, or of many released segments, drops them (hbOff): its
// pairs are all reversed, as before, which is exact but runs more
// schedules.

// vclock is a vector clock: the component of goroutine g at g-1.
type vclock []uint32

// hbLimits bound the goroutines and the released segments whose clocks a
// run keeps.
const (
	hbMaxGoroutines = 64
	hbMaxSegments   = 1 << 16
)

// hbOn reports whether the run keeps clocks.
func (e *Exec) hbOn() bool { return !e.hbOff }

// hbStop drops the clocks.
func (e *Exec) hbStop() {
	e.hbOff = true
	e.segClock = nil
	for _, g := range e.gs {
		g.vc = nil
	}
}

// hbTick replaces g's clock with one whose own component is one more.
func (e *Exec) hbTick(g *G) {
	if e.hbOff {
		return
	}
	n := max(len(g.vc), g.ID)
	c := make(vclock, n)
	copy(c, g.vc)
	c[g.ID-1]++
	g.vc = c
}

// hbJoin replaces g's clock with its join with w, unless w adds nothing.
func (e *Exec) hbJoin(g *G, w vclock) {
	if e.hbOff || w == nil {
		return
	}
	more := len(w) > len(g.vc)
	for i := 0; i < len(w) && !more; i++ {
		more = w[i] > g.vc[i]
	}
	if !more {
		return
	}
	c := make(vclock, max(len(g.vc), len(w)))
	copy(c, g.vc)
	for i, x := range w {
		c[i] = max(c[i], x)
	}
	g.vc = c
}

// hbSpawn starts the clock of goroutine g, created by p.
func (e *Exec) hbSpawn(p, g *G) {
	if e.hbOff {
		return
	}
	if len(e.gs) > hbMaxGoroutines {
		e.hbStop()
		return
	}
	g.vc = p.vc
	e.hbTick(g)
	e.hbTick(p)
}

// hbSegment records that segment s of g ended or was released with g's
// clock.
func (e *Exec) hbSegment(g *G, s event.Task) {
	if e.hbOff {
		return
	}
	if len(e.segClock) >= hbMaxSegments {
		e.hbStop()
		return
	}
	if e.segClock == nil {
		e.segClock = map[event.Task]vclock{}
	}
	e.segClock[s] = g.vc
}

// hbRelease records the release of segment s by g, which goes on later.
func (e *Exec) hbRelease(g *G, s event.Task) {
	e.hbSegment(g, s)
	e.hbTick(g)
}

// hbAcquire orders g after the segment s.
func (e *Exec) hbAcquire(g *G, s event.Task) {
	if e.hbOff {
		return
	}
	e.hbJoin(g, e.segClock[s])
}

// hbWake orders the woken goroutine g after what the waker h did so far.
func (e *Exec) hbWake(h, g *G) {
	if e.hbOff || h == nil {
		return
	}
	e.hbJoin(g, h.vc)
	e.hbTick(h)
}

// hbBefore reports whether the graph orders operation a before b.
func hbBefore(a, b acquisition) bool {
	i := a.p.G - 1
	return a.vc != nil && b.vc != nil && i < len(a.vc) && i < len(b.vc) && a.vc[i] <= b.vc[i]
}
