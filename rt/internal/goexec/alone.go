package goexec

import "github.com/tpinstr/tpinstr/rt/internal/event"

// A goroutine alone.
//
// Much of a Go program runs on one goroutine while the others have
// returned: the setup before the workers start, and the check of their
// results after a WaitGroup's Wait. Accesses made before a run of
// goroutines starts are not recorded (no goroutine exists that they could
// race with); Alone extends that to the rest of the run, so that the host
// need not record an access of goroutine g when:
//
//  1. every other goroutine of the run has returned (none waits, sleeps,
//     is runnable, waits in code that was not rewritten, or waits to come
//     in from outside), and the end of each precedes g's current segment
//     in the graph (a Wait, a receive, a Lock… joined it);
//  2. no function timer (time.AfterFunc) of the run is armed, which would
//     start a goroutine that g's later accesses do not precede;
//  3. no goroutine that the run takes in without an edge from g is
//     announced or possible: no test or subtest of the run called
//     t.Parallel (the parallel parts of a group join only its snapshot,
//     parallel.go), and no goroutine that the program did not start, and
//     that package testing did not start, has come in (the run noted that
//     it is outside its control, e.outside).
//
// Why no race is hidden. Let a be such an access. By (1), every access
// made so far by another goroutine is in a segment that precedes the end
// of its goroutine, which precedes a: a races with none of them. Every
// access made later by another goroutine is made by a goroutine that does
// not exist yet: by (2) and (1) it is started by g after a, or by a
// goroutine started so, and the go statement's edge orders a before all
// of its accesses; by (3) no goroutine that a test's parallelism lets in
// later escapes that order. So a races with no access of the run, and the detector
// checks the program without a (P') exactly, whose races are those of the
// program. Reports can change only in which earlier access of a location
// they name, never in whether a race exists: the shadow state keeps the
// accesses before a, all of which precede a and so precede every access
// that a precedes.
//
// The exception is the one that applies before a run starts: a goroutine
// that the program did not start (one of a library that was not
// rewritten), running already, that first enters rewritten code after a.
// The run takes it in joining the ended segments (outside.go), its
// verdict says "this schedule only", and from then on no goroutine is
// alone (3).
//
// A goroutine's last segment is usually not joined by anyone: a worker
// calls Done (or sends its result, or unlocks) and returns, and the rest
// of it after the release is ordered before nothing. The release spawns
// its next segment (or, when it wakes a goroutine, that goroutine's), and
// when the goroutine made no hook call after that spawn (quiet), its
// accesses all came before it: the test of (1) is then that its segment,
// up to the spawn, precedes g's current segment.
//
// Likewise, a goroutine that goes on after a wait (a send that waited for
// its receiver) and returns with no hook call in that last segment
// (empty) did everything in its previous segment, which its waker joined:
// the test is on that one.
//
// Alone is asked at every access, so its answer is kept until the graph
// changes (genHost counts its events) or another goroutine holds the
// baton; a goroutine whose end is known to precede the holder's segment
// stays known (the holder's later segments follow its earlier ones), and
// the goroutines are tried in the order they returned, stopping at the
// first that is not known yet.

// genHost is the host, counting the events of the graph and recording
// the latest spawn from each goroutine's segment.
type genHost struct {
	Host
	e   *Exec
	gen uint64
	// The latest segment made for a goroutine, and that goroutine: a
	// join into it is a join into the goroutine (G.joins).
	lastSeg   event.Task
	lastOwner *G
}

func (h *genHost) Spawn(parent, child event.Task, site uint32) {
	h.gen++
	if e := h.e; e != nil {
		if g := e.cur; g != nil && len(g.segs) > 0 && g.seg() == parent {
			g.rel, g.relChild, g.relHooks = parent, child, g.hooks
		}
	}
	h.Host.Spawn(parent, child, site)
}

func (h *genHost) NewTask(parent event.Task, site uint32, gid int) event.Task {
	c := h.Host.NewTask(parent, site, gid)
	if e := h.e; e != nil && gid >= 1 && gid <= len(e.gs) {
		g := e.gs[gid-1]
		g.joins++ // a new segment: what precedes g may have grown
		h.lastSeg, h.lastOwner = c, g
		e.noteStep(c, g)
		if len(g.segs) == 0 {
			// A goroutine going on after a wait (or starting): its
			// next segment joins its previous one, g.last.
			g.startSeg, g.startPrev, g.startHooks = c, g.last, g.hooks
		}
	}
	return c
}

func (h *genHost) End(t event.Task) {
	h.gen++
	h.Host.End(t)
}

func (h *genHost) Join(t, f event.Task, site uint32) {
	h.gen++
	if e := h.e; e != nil {
		if g := e.cur; g != nil && len(g.segs) > 0 && g.seg() == t {
			g.joins++
		} else if t == h.lastSeg && h.lastOwner != nil {
			h.lastOwner.joins++
		}
	}
	h.Host.Join(t, f, site)
}

// aloneCache is what Alone knows.
type aloneCache struct {
	g     *G     // the holder it answered for
	gen   uint64 // the graph's generation of the answer
	yes   bool
	owner *G   // the holder whose segment the goroutines of done[:next] precede
	done  []*G // the goroutines that returned, in the order they did
	next  int
	// The last test that failed: done[next] was not found to precede
	// owner's segment when owner.joins was failJoins. Until owner joins
	// something, or gets a new segment, it still does not.
	failed    bool
	failJoins uint64
}

// Alone reports whether the running goroutine is alone in the run (see
// above): its accesses can race with none and need not be recorded. The
// caller holds the baton, entered (Enter).
func (e *Exec) Alone() bool {
	g := e.cur
	if g == nil || e.over || e.idle || g.state != gRunning {
		return false
	}
	c := &e.alone
	if c.g == g && c.gen == e.gh.gen {
		return c.yes
	}
	c.g, c.gen = g, e.gh.gen
	c.yes = e.aloneNow(g)
	return c.yes
}

// aloneNow decides Alone for g.
func (e *Exec) aloneNow(g *G) bool {
	if len(e.gs)-e.nDone != 1 || len(e.outReady) > 0 || len(g.segs) == 0 {
		return false
	}
	if e.outside || len(e.groups) > 0 || len(e.pendingTop) > 0 {
		// (3): goroutines may come in from outside, or parallel tests
		// and subtests, which join none of g's segments, are in the run.
		return false
	}
	for _, t := range e.timers {
		if t.f != nil {
			return false
		}
	}
	c := &e.alone
	if c.owner != g {
		c.owner, c.next, c.failed = g, 0, false
	}
	if c.failed && c.failJoins == g.joins {
		return false
	}
	c.failed = false
	// Every other goroutine returned (the count above): each is in
	// c.done. Those before c.next are known to precede g's segment; the
	// first that is not found to stops the scan, and is tried first the
	// next time, so that a goroutine that starts and joins many others
	// pays one test per change of the graph, not one per goroutine.
	for ; c.next < len(c.done); c.next++ {
		o := c.done[c.next]
		if o == g {
			continue
		}
		if o.last == 0 || !e.isEnded(o.last) {
			return c.fail(g)
		}
		if o.empty && o.startPrev != 0 && !o.quiet {
			// It returned at once after going on from a wait, with no
			// access in its last segment: what it did ended with its
			// previous segment.
			if !e.isEnded(o.startPrev) || !e.h.Precedes(o.startPrev, 0) {
				return c.fail(g)
			}
		} else if o.quiet {
			// It returned right after its last release (a Done, an
			// Unlock, a send) or wake-up of another goroutine, with
			// no access since: what it did is its segment up to that
			// spawn.
			if !e.h.Precedes(o.rel, o.relChild) {
				return c.fail(g)
			}
		} else if !e.h.Precedes(o.last, 0) {
			return c.fail(g)
		}
	}
	return true
}

// fail records that the scan of aloneNow stopped at done[next] for g.
func (c *aloneCache) fail(g *G) bool {
	c.failed, c.failJoins = true, g.joins
	return false
}

// setDone records that g returned, or goes on unchecked after the run.
func (e *Exec) setDone(g *G) {
	if g.state != gDone {
		e.nDone++
		e.alone.done = append(e.alone.done, g)
	}
	g.state = gDone
}
