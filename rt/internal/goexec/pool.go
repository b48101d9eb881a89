package goexec

import (
	"reflect"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// Worker pools.
//
// A pool of workers is several goroutines running the same loop over one
// channel, each taking the next value and handling it:
//
//	for range n {
//		wg.Go(func() {
//			for i := range jobs {
//				out[i] = f(in[i])
//			}
//		})
//	}
//
// Which worker takes which value is a choice of every receive, and the
// graph of a run depends on it: the values one worker takes are handled
// in its program order, those two workers take are not. Exploring the
// choices would run the program once per assignment of values to
// workers, and the races of a pool are those of every assignment
// together. The executor checks them all in one run instead, with a
// relaxed graph in which each value's handling (an iteration) follows
// what the value's send follows, and nothing that its worker did before.
//
// The rewriter marks such a loop (instrument's rangeChan, which states
// the conditions in full): a range loop over a channel, the whole body of
// a function that only go statements start (or the function of a
// WaitGroup's or errgroup.Group's Go), before which the function does
// nothing but defer the Done of a WaitGroup and after which it returns;
// whose body assigns no variable declared outside it, takes no address
// of one declared in the function, synchronises nothing itself (no
// channel operation, go statement, defer, or call of the sync, atomic or
// task libraries) and leaves the loop only when the channel is closed.
// At the loop's entry the running goroutine joins the pool's class
// (PoolEnter): the loop's site, the channel, and the identities of the
// variables of the function that the body reads (an address for a
// variable the function captures, a value for a parameter). Two workers
// of one class therefore run the same code on the same values: the only
// state a worker carries from one iteration to the next is the shared
// memory its iterations access.
//
// The relaxed run. A worker's first receive is an ordinary one. At each
// later receive, when the class has at least two workers, the worker
// ends its segments and yields (an order the program can take: the
// worker was slow to ask for its next value), and goes on in a segment
// spawned from the scheduler's, which does not join the worker's
// previous one (resume, G.cut): the receive then joins the send's release
// as every receive does, and the iteration's accesses follow the send
// and what preceded it, not the worker's earlier iterations. The ended
// iterations are joined when the loop ends (the channel closed), before
// the worker's Done. Two receives of one class are independent for
// exploration (dependent): no assignment of values is explored twice.
//
// Why no race is missed. The relaxed graph's edges are edges of every
// schedule: the send before the iteration that handles its value, the
// go statement and the worker's prefix (which accesses nothing) before
// its first iteration, every iteration before the loop's end, whose
// goroutine then only calls Done and returns (the rewriter's conditions),
// and the Wait after every Done. Left out are the program order between
// two iterations of one worker, and, on an unbuffered channel and by the
// k+C rule of a buffered one, the edges from the worker's earlier
// iterations to the sender's later steps (the receive joins only the
// fresh segment). So each schedule's happens-before relation contains the
// relaxed one restricted to its accesses, and every schedule's race is a
// race of the relaxed graph, whichever worker the schedule gave each
// value: workers of one class are interchangeable at each receive (the
// same code, the same values, nothing carried), so the runs that differ
// in which of them receives have isomorphic relaxed graphs, and one of
// them stands for all.
//
// Why no race is invented. Let the relaxed graph leave iterations a and b
// (or an iteration a and another access b) unordered. With two workers
// of the class, the schedule in which a's worker takes a's value and no
// other, and the other worker takes every other value, exists (the
// bodies synchronise nothing, so nothing waits for a particular worker),
// and in it a is ordered with b only by the edges the relaxed graph has:
// the send's, and the loop's end. An iteration that synchronises through
// a function it calls (which the rewriter cannot see) keeps the first
// argument, not always the second: a helper that blocks until another
// value's iteration acts may make that schedule impossible.
//
// A class with one worker is not relaxed: its iterations are in program
// order in every schedule that has no other worker. When a worker took a
// value after an iteration while it was its class's only one, and another
// worker joins the class later, the earlier iterations were ordered as
// if there would be no other: the run notes that it checked this schedule
// only. So that the workers of a pool are all in the class before the
// first of them takes its second value, a worker yields once when it
// joins (PoolEnter): the goroutine that starts the pool goes on first and
// starts the others, as the depth-first run would otherwise run the first
// worker through every value before the second one exists.

// poolClass is the class of interchangeable workers of one pool.
type poolClass struct {
	id    int32
	alive int // workers in the loop
	// entry is the first worker's first segment, up to its loop, which
	// accessed nothing, and entryFrom the segment whose step before the
	// first worker's go statement precedes every worker's entry
	// (PoolEnter): every iteration joins entry.
	entry, entryFrom event.Task
	// solo is set when a worker took a value after an iteration while it
	// was alone in the class.
	solo  bool
	noted bool
}

// poolLink is one step of the interning of a class's key: the class of
// the key so far (the site's, at first) and the next identity.
type poolLink struct {
	prev int32
	site uint32
	k    any
}

// poolGoroutine stands for every worker of class id in a dropped log
// (soloOps): their receives make no pair among themselves.
func poolGoroutine(id int32) int { return 1<<30 | int(id) }

// sliceID and ptrID are the identities of a slice and of a reference.
type sliceID struct {
	t        reflect.Type
	p        uintptr
	len, cap int
}

type ptrID struct {
	t reflect.Type
	p uintptr
}

// identity returns a comparable value that two keys share exactly when
// a loop body that reads them reads the same memory and values: the
// array, length and capacity of a slice; the address of a map, channel or
// pointer; the value itself when it is comparable. A function value, or
// a value that holds one, has none (ok false): two closures of one
// function may capture different variables.
func identity(x any) (id any, ok bool) {
	v := reflect.ValueOf(x)
	if !v.IsValid() {
		return nil, true
	}
	switch v.Kind() {
	case reflect.Slice:
		return sliceID{v.Type(), v.Pointer(), v.Len(), v.Cap()}, true
	case reflect.Map, reflect.Chan, reflect.Pointer, reflect.UnsafePointer:
		return ptrID{v.Type(), v.Pointer()}, true
	case reflect.Func:
		return nil, false
	}
	if !v.Comparable() {
		return nil, false
	}
	return x, true
}

// poolID interns the class of the loop at site over ch with the given
// keys; ok is false when a key has no identity.
func (e *Exec) poolID(site uint32, ch unsafe.Pointer, keys []any) (int32, bool) {
	if e.poolLinks == nil {
		e.poolLinks = map[poolLink]int32{}
		e.pools = map[int32]*poolClass{}
	}
	id := int32(0)
	link := func(k any) {
		l := poolLink{prev: id, site: site, k: k}
		next, ok := e.poolLinks[l]
		if !ok {
			next = int32(len(e.poolLinks) + 1)
			e.poolLinks[l] = next
		}
		id = next
	}
	link(ptrID{p: uintptr(ch)})
	for _, k := range keys {
		x, ok := identity(k)
		if !ok {
			return 0, false
		}
		link(x)
	}
	return id, true
}

// PoolEnter makes the running goroutine a worker of the pool of the loop
// at site over the channel ch, whose body reads the variables of its
// function that keys identify (see above), and returns the class to pass
// to PoolRecv; 0 (no class: the loop's receives are ordinary ones) when a
// key has no identity, or when the goroutine is a worker already.
func (e *Exec) PoolEnter(ch unsafe.Pointer, keys []any, site uint32) int32 {
	defer e.Exit(e.in(site))
	g := e.cur
	if g == nil || g.pool != nil || ch == nil {
		return 0
	}
	id, ok := e.poolID(site, ch, keys)
	if !ok {
		return 0
	}
	c := e.pools[id]
	if c == nil {
		c = &poolClass{id: id}
		e.pools[id] = c
	}
	if c.solo && !c.noted {
		c.noted = true
		e.note(site, "a worker pool that gained a worker after another had taken values alone")
	}
	c.alive++
	g.pool = c
	// Let the goroutine that starts the pool start its other workers.
	e.poolYield(g, site)
	// g.last is now the worker's entry: what it did before its loop, its
	// first segment unless it synchronised on the way.
	switch {
	case g.last != g.first || g.from == 0:
		c.alive--
		g.pool = nil
		return 0
	case c.entry == 0:
		c.entry, c.entryFrom = g.last, g.from
	case !e.h.Precedes(c.entryFrom, c.entry):
		// What preceded the first worker's go statement does not
		// precede this worker: it would not precede every iteration in
		// every schedule. This worker's receives are ordinary.
		c.alive--
		g.pool = nil
		return 0
	}
	return id
}

// PoolRecv is the receive of c by a worker at its loop of class id (from
// PoolEnter): see above. When the channel is closed the loop ends, and
// the worker's iterations are joined.
func (e *Exec) PoolRecv(c Case, id int32, site uint32) {
	defer e.Exit(e.in(site))
	g := e.cur
	pc := g.pool
	if pc == nil || pc.id != id || c.Chan() == nil {
		e.Recv(c, site)
		return
	}
	if g.poolIters > 0 {
		if pc.alive >= 2 {
			g.cut = true
			e.poolYield(g, site)
		} else {
			pc.solo = true
		}
	}
	p := e.attempt(site)
	cs := e.chanState(c.Chan())
	e.appendLog(c.Chan(), acquisition{p: p, kind: opRecv, senders: hasWaiter(cs.sendq), site: site, vc: g.vc, pool: id}, site)
	e.lazy[c.Chan()] = true
	e.recv(c, site)
	if c.OK() {
		g.poolIters++
		return
	}
	for _, s := range g.poolSegs {
		e.acquire(s, site)
	}
	g.poolSegs, g.poolIters, g.pool = nil, 0, nil
	pc.alive--
}

// poolYield makes the worker g yield, as a goroutine that yielded at a
// point of an explored schedule does (attempt): a goroutine whose own
// yield waits for another's operation does not go on before it
// (promoteFree), as it would not before g's receive had g not yielded.
// A worker yields once per value it takes, so it cannot pass a held one
// for ever as a poller could.
func (e *Exec) poolYield(g *G, site uint32) {
	g.released = false
	g.scheduled = true
	e.ready = append(e.ready, g)
	e.park(g, "yield", site)
	g.scheduled = false
}
