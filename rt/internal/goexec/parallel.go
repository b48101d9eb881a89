package goexec

import (
	"strings"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// Parallel subtests.
//
// A subtest that calls t.Parallel() pauses there; its parent's t.Run
// returns; once the parent's function has returned, package testing lets
// the paused subtests go on, beside one another, and the parent's test
// ends when they all have. In the memory model's terms, the rest of each
// such subtest (its parallel part) is ordered after everything its parent's
// function did and after the parts of its siblings before their own
// t.Parallel (they all came before the parent's function went on), and
// after nothing its siblings do in their parallel parts.
//
// Package testing runs these goroutines; the checked run sees them as it
// sees any goroutine package testing starts (outside.go): a test or
// subtest goroutine that waits in package testing is detached, and it is
// taken in again when it next enters a hook. Such a goroutine coming back
// joins every ended segment of the run (acquireAll), which is exactly
// right for a subtest that ran in sequence, but would order a parallel
// part after the parallel parts of the siblings that package testing
// happened to run first, hiding their races. So the rewritten t.Parallel
// (the hook TestParallel of package rt) tells the executor, and the
// parallel part of each sibling joins instead the segments that had ended
// when the first of them went on (the group's snapshot): the parent's
// function, up to its return, and the siblings' parts before t.Parallel.
// Races between the parallel parts of siblings are then found in one run,
// whichever order package testing ran them in, as for any two goroutines
// whose accesses no edge orders.
//
// What this does not decide, the run says ("this schedule only", with the
// t.Parallel): an order of the siblings' synchronisation with one another
// (package testing, not the executor, decides which sibling runs first,
// so the explorer cannot take the other orders: when the last sibling's
// test ends and some order of the run's synchronisation could change the
// graph, Explorable, the run is noted as one it does not control); a
// goroutine other than the subtests that was still running when the
// siblings went on (the snapshot would order it before them); and a
// goroutine taken in by acquireAll while a group's parallel parts run (a
// subtest whose t.Run was not rewritten, a method value say, which would
// join its cousins' segments; see Subtests below for those that were).
// The top-level tests that call t.Parallel are one more group, whose
// parent is package testing's main test (topGroup): their parallel parts
// are one run (TopParallel, TopDone; checker.TestParallel starts and ends
// it), and none of them joins anything, since every test before them ran
// in runs of its own.

// parGroup is the parallel subtests of one test: its subtests that called
// t.Parallel.
type parGroup struct {
	parent  string // the test's name (topGroup for the top-level tests)
	site    uint32 // the first member's t.Parallel
	members []*G
	resumed bool         // a member's parallel part began
	snap    []event.Task // the ended segments when the first began
	done    int          // members whose test function returned

	// The top-level tests (topGroup): how many called t.Parallel, and
	// the members by name.
	expected int
	byName   map[string]*G
}

// label names the group in a verdict.
func (p *parGroup) label() string {
	if p.parent == topGroup {
		return "the parallel tests of the package"
	}
	return "the parallel subtests of " + p.parent
}

// topGroup is the parent name of the group of top-level tests that call
// t.Parallel: package testing's main test, whose function starts every
// test and returns before the parallel ones go on.
const topGroup = ""

// active reports whether some member's parallel part began and not every
// member's test has ended.
func (p *parGroup) active() bool { return p.resumed && p.done < len(p.members) }

// ParallelBegin records that the running goroutine, the subtest named name,
// calls t.Parallel() at site: it is about to wait in package testing for its
// parent's function to return. It returns the key that ParallelDone takes.
func (e *Exec) ParallelBegin(name string, site uint32) *G {
	defer e.Exit(e.in(site))
	g := e.cur
	if g == nil {
		return nil
	}
	parent := name
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		parent = name[:i]
	}
	if e.groups == nil {
		e.groups = map[string]*parGroup{}
	}
	p := e.groups[parent]
	if p == nil {
		p = &parGroup{parent: parent, site: site}
		e.groups[parent] = p
	}
	if p.resumed {
		// The parent's function has returned: the subtest was started by
		// one of its siblings' goroutines, or by a goroutine left
		// running. Not modelled: the snapshot is taken.
		e.noteOutside(site, "t.Parallel in a subtest started after its parent's function returned")
	}
	p.members = append(p.members, g)
	g.par, g.parPaused = p, true
	return g
}

// ParallelDone records that the test function of g, a member of a group
// (ParallelBegin's result), returned: its cleanups run.
func (e *Exec) ParallelDone(g *G) {
	if g == nil {
		return
	}
	e.lock()
	defer e.unlock()
	p := g.par
	if p == nil || g.parDone {
		return
	}
	g.parDone = true
	if p.done++; p.done == len(p.members) && len(p.members) > 1 && e.Explorable() {
		// Two goroutines used an object in an order that exploration
		// would change; the siblings' order is package testing's.
		e.noteOutside(p.site, p.label()+" ran in the order package testing chose, and the other orders of their synchronisation were not explored")
	}
}

// ParallelPending reports whether a subtest of the test named test, or of
// one of its subtests, called t.Parallel and its test has not ended: the
// run of goroutines must go on until it has.
func (e *Exec) ParallelPending(test string) bool {
	e.lock()
	defer e.unlock()
	for name, p := range e.groups {
		if (name == test || strings.HasPrefix(name, test+"/")) && p.done < len(p.members) {
			return true
		}
	}
	return false
}

// ParallelResume takes in g, the member of a group (ParallelBegin's
// result) whose t.Parallel at site returned: its parallel part begins,
// joining the group's snapshot. Usually g waited long enough in package
// testing for the watchdog to detach it, and it is taken in as any
// goroutine coming back (takenIn). But package testing may let g go on
// before the watchdog saw it wait (on a busy machine, or when the parent
// returned without another hook): g then still holds the baton, and its
// parallel part would go on in the segment of its part before t.Parallel,
// which the group's snapshot, taken when the next member comes back,
// would take in, ordering g's parallel part before every sibling's. So the
// part before t.Parallel ends here, as a detach ends it, and the parallel
// part is a new segment joining it and the snapshot, as if g had been
// detached and taken in.
func (e *Exec) ParallelResume(g *G, site uint32) {
	l, ok := e.Enter(site)
	if !ok {
		return
	}
	defer e.Exit(l)
	if g == nil || e.cur != g || g.par == nil || !g.parPaused {
		return // taken in (takenIn), or not a member
	}
	e.endSegs(g)
	e.h.SetCurrent(e.root)
	c := e.h.NewTask(e.root, site, g.ID)
	e.h.Spawn(e.root, c, site)
	e.h.Join(c, g.last, site)
	g.segs = append(g.segs[:0], c)
	e.h.SetCurrent(c)
	e.parallelJoin(g, site)
}

// parallelJoin is acquireAll for g, taken in again after its t.Parallel
// returned: g's parallel part joins its group's snapshot (see above).
func (e *Exec) parallelJoin(g *G, site uint32) {
	p := g.par
	g.parPaused = false
	if !p.resumed {
		p.resumed = true
		for _, o := range e.groups {
			if o != p && o.active() {
				e.noteOutside(p.site, o.label()+" and "+p.label()+" ran at once")
			}
		}
		for _, o := range e.gs {
			if o == g {
				continue
			}
			if o.par != p && (o.state == gParked || o.state == gSuspended) && !(o.par != nil && o.parPaused) {
				e.noteOutside(p.site, "a goroutine started before "+p.label()+" went on was still running")
			}
			if o.last != 0 && e.isEnded(o.last) {
				p.snap = append(p.snap, o.last)
			}
		}
	}
	for _, s := range p.snap {
		if s != g.last {
			e.h.Join(g.seg(), s, site)
		}
	}
}

// takenIn joins every ended segment into g's current segment, for a
// goroutine taken in from outside the executor's control (enterOutside),
// unless g's t.Parallel returned (parallelJoin).
func (e *Exec) takenIn(g *G, site uint32) {
	if e.over || len(g.segs) == 0 {
		return // the run ended while it waited (End): it goes on unchecked
	}
	if name, ok := e.pendingTop[g.goid]; ok && g.par == nil {
		// A top-level test's parallel part, taken in (TopParallel).
		delete(e.pendingTop, g.goid)
		p := e.groups[topGroup]
		p.members = append(p.members, g)
		p.byName[name] = g
		g.par, g.parPaused = p, true
	}
	if g.par != nil && g.parPaused {
		e.parallelJoin(g, site)
		return
	}
	if e.subtestJoin(g, site) {
		return
	}
	for _, p := range e.groups {
		if p.active() {
			e.noteOutside(p.site, "a goroutine of package testing entered the run while "+p.label()+" ran")
			break
		}
	}
	e.acquireAll(g, site)
}

// noteOutside notes a construct whose other outcomes the run cannot take:
// the verdict says "this schedule only", and the run is not explored.
func (e *Exec) noteOutside(site uint32, what string) {
	e.note(site, "%s", what)
	e.outside = true
}

// Subtests.
//
// t.Run(name, f) runs f on a goroutine of package testing's and waits
// until it returns or calls t.Parallel. The rewritten t.Run (package rt's
// TestRun) tells the executor who called it: the subtest's goroutine,
// when it first enters, is taken in joining the caller's segment at the
// call (its last: the caller made no hook since, and waits in package
// testing, detached) instead of every ended segment; and the caller, when
// it comes back, joins the subtest's last segment (its end, or its part
// before t.Parallel) instead of every ended segment. Those are the edges
// package testing's channels give, and the goroutines the caller left
// running no longer look ordered before the subtest.

// SubtestOf records that the goroutine with id goid, about to enter, runs
// a subtest that parent called t.Run for.
func (e *Exec) SubtestOf(parent *G, goid uint64) {
	e.lock()
	defer e.unlock()
	if e.pendingSub == nil {
		e.pendingSub = map[uint64]*G{}
	}
	e.pendingSub[goid] = parent
}

// CurrentAt enters at site and returns the running goroutine (the
// caller, which then holds the baton), or nil when the run is over.
func (e *Exec) CurrentAt(site uint32) *G {
	l, ok := e.Enter(site)
	if !ok {
		return nil
	}
	defer e.Exit(l)
	return e.cur
}

// subtestJoin is takenIn for a goroutine of a subtest or for the caller of
// t.Run coming back (see Subtests above): it reports false when g is
// neither.
func (e *Exec) subtestJoin(g *G, site uint32) bool {
	if p, ok := e.pendingSub[g.goid]; ok && g.par == nil && !g.subtest {
		delete(e.pendingSub, g.goid)
		g.subtest = true
		if p.last != 0 && e.isEnded(p.last) {
			e.h.Join(g.seg(), p.last, site)
		}
		if e.subWait == nil {
			e.subWait = map[*G]*G{}
		}
		e.subWait[p] = g
		return true
	}
	if d, ok := e.subWait[g]; ok {
		delete(e.subWait, g)
		if d.last != 0 && e.isEnded(d.last) {
			e.h.Join(g.seg(), d.last, site)
		}
		return true
	}
	return false
}

// TopParallel makes the calling goroutine, the top-level test named name
// whose t.Parallel at site returned, a member of the group of the
// package's parallel tests, of which expected called t.Parallel: their
// parallel parts run in one run, beside one another, as the subtests of
// a group do (see above). The first to go on started the run; the others
// are taken in. Package testing's main test, their parent, started every
// test in runs of their own, which ended before: a member's parallel part
// joins nothing of them.
func (e *Exec) TopParallel(name string, expected int, site uint32) {
	e.lock()
	if e.groups == nil {
		e.groups = map[string]*parGroup{}
	}
	p := e.groups[topGroup]
	if p == nil {
		p = &parGroup{parent: topGroup, site: site, byName: map[string]*G{}}
		e.groups[topGroup] = p
	}
	p.expected = expected
	if g := e.cur; g != nil && g.is(getg()) && !e.idle && len(p.members) == 0 {
		// It started the run: the group's first member.
		p.members = append(p.members, g)
		p.byName[name] = g
		g.par, p.resumed = p, true
		e.unlock()
		return
	}
	if e.pendingTop == nil {
		e.pendingTop = map[uint64]string{}
	}
	e.pendingTop[goid()] = name
	e.unlock()
	if l, ok := e.Enter(site); ok {
		e.Exit(l)
	}
}

// TopDone records that the top-level test named name, a member of the
// group of parallel tests, ended, and reports whether a member has not:
// the run goes on until the last one ends.
func (e *Exec) TopDone(name string) (pending bool) {
	e.lock()
	defer e.unlock()
	p := e.groups[topGroup]
	if p == nil {
		return false
	}
	if g := p.byName[name]; g != nil && !g.parDone {
		g.parDone = true
		p.done++
	}
	if p.done < p.expected {
		return true
	}
	if len(p.members) > 1 && e.Explorable() {
		e.noteOutside(p.site, p.label()+" ran in the order package testing chose, and the other orders of their synchronisation were not explored (TPINSTR=parallel_tests=alone explores each test's alone)")
	}
	return false
}
