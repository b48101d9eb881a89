package goexec

import (
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// Commuting updates of an atomic variable.
//
// Nakade's thesis (ch. 6, Algorithm 2 and Theorem 4) explores the orders
// of isolated sections because, and only where, another order can give
// another computation graph: only orders that can change the graph need
// exploring. An atomic Add, And or Or whose result the program does not
// use (an expression statement, atomic.AddInt64(&n, 1) or n.Add(1), which
// the rewriter marks with AtomicAddAt, AtomicAndAt or AtomicOrAt) is such
// an operation whose order changes the graph only in a way that one graph
// covers. Call a round a maximal run of updates of one kind of one word
// between two other operations on it (a Load, Store, Swap,
// CompareAndSwap, an update whose result is used, or an update of another
// kind).
//
//  1. Behaviour. Permuting the updates of a round changes nothing a
//     goroutine observes: no update's result is used, and the operation
//     that ends the round reads the same word in every order (a sum, a
//     conjunction or a disjunction of the same operands, which commute and
//     associate). Every order of a round makes the same operations with the
//     same outcomes, so the orders of two updates of one round are
//     independent (dependent, explore.go) and are not explored.
//
//  2. Races. Go's memory model orders an atomic operation after every one
//     whose effect it observes, so a run that made a round's updates in the
//     order u1, …, un has the chain u1 → … → un in its graph, and another
//     order has another chain. The executor builds instead the graph G
//     without the chain: each update joins what precedes its round (the
//     last other operation, or every update of the previous round), and
//     the operation that ends the round joins every update of it. Each
//     order's graph is G plus its chain, so it orders at least what G
//     orders: every race of any order is a race of G, and no order needs
//     running for its races. Conversely, a race in G between two accesses
//     that the run's other dependent operations leave unordered is a race
//     of some order: run what precedes either access first, then one
//     access, then the other; a chain edge goes from an update to a later
//     update, and no update runs between the two accesses, so no path of
//     that order's graph joins them. (Two accesses ordered by a pair of
//     dependent operations that the graph does not order, two sends on one
//     channel, are left to the exploration of that pair; the property test
//     checks the whole claim against the oracle, whose graph has Go's
//     chains.)
//
// The access that an update makes to its word is an isolated write for
// the detector: it races with plain reads and writes of the word that it
// is not ordered with, and not with another update, as atomic operations
// never race with one another.
//
// Receives are not updates of this kind: which receiver takes which value
// changes what each goroutine does, even when the values are equal, unless
// the receivers are interchangeable goroutines, which the executor cannot
// tell from a closure; two receives on a channel that some goroutine sends
// on stay dependent.

// UpdateOp is the operation of a commuting atomic update.
type UpdateOp uint8

// The commuting updates.
const (
	UpdateAdd UpdateOp = iota // Add
	UpdateAnd                 // And
	UpdateOr                  // Or
)

func (o UpdateOp) kind() opKind { return opUpdateAdd + opKind(o) }

// atomicState is an atomic variable's: what the next operation joins.
type atomicState struct {
	rounds
	kind opKind
	user int // the goroutine that made an ordered operation, -1 once two did
	// loads are the releases of the Loads since the last operation that
	// wrote the variable, per goroutine its newest (AtomicLoad): the next
	// writing operation joins them, the next Load does not.
	loads []goRelease
}

// joinLoads records the release t of a Load of goroutine g.
func (a *atomicState) joinLoads(g int, t event.Task) { a.loads = newest(a.loads, g, t) }

// takeLoads makes the Loads since the last writing operation part of what
// the next one joins, before a writing operation. A Load ends the round
// it observes, so there is no round when there are Loads.
func (a *atomicState) takeLoads() {
	if len(a.loads) == 0 {
		return
	}
	base := a.before()
	for _, l := range a.loads {
		base = append(base[:len(base):len(base)], l.t)
	}
	a.base, a.round, a.loads = base, nil, nil
}

// rounds is the state of an object whose commuting operations (the
// updates of an atomic variable, the commuting sections of a mutex:
// section.go) form rounds.
type rounds struct {
	// base is what the current round's operations join: the release of
	// the last ordered operation, or the operations of the previous
	// round.
	base []event.Task
	// round is the current round's operations: per goroutine, the
	// release of its newest one, which follows its earlier ones in
	// program order.
	round []goRelease
}

type goRelease struct {
	g int
	t event.Task
}

func (e *Exec) atomic(p unsafe.Pointer) *atomicState {
	a := e.atomics[p]
	if a == nil {
		a = &atomicState{}
		e.atomics[p] = a
	}
	return a
}

// before returns what an ordered operation joins: the current round's
// operations, or, when there are none, what precedes the round.
func (r *rounds) before() []event.Task {
	if len(r.round) == 0 {
		return r.base
	}
	ts := make([]event.Task, len(r.round))
	for i, x := range r.round {
		ts[i] = x.t
	}
	return ts
}

// ordered records the release of an ordered operation: it ends the round.
func (r *rounds) ordered(t event.Task) {
	r.base = []event.Task{t}
	r.round = nil
}

// endRound ends the current round without an operation of its own (an
// operation of another kind begins the next round, or an acquisition
// that releases nothing comes between): what follows joins the round.
func (r *rounds) endRound() {
	r.base = r.before()
	r.round = nil
}

// joinRound records the release t of a commuting operation of goroutine
// g in the current round.
func (r *rounds) joinRound(g int, t event.Task) { r.round = newest(r.round, g, t) }

// newest records in rs the release t of goroutine g, which follows g's
// earlier ones in program order: it replaces g's entry, or is added.
func newest(rs []goRelease, g int, t event.Task) []goRelease {
	for i := range rs {
		if rs[i].g == g {
			rs[i].t = t
			return rs
		}
	}
	return append(rs, goRelease{g, t})
}

// AtomicUpdate records an atomic update of the word at p whose result is
// not used (see above): it joins what precedes its round, records the
// operation's access (access, which the host makes an isolated write), and
// releases for the operation that ends the round.
func (e *Exec) AtomicUpdate(p unsafe.Pointer, op UpdateOp, access func(), site uint32) {
	defer e.Exit(e.in(site))
	a := e.atomic(p)
	k := op.kind()
	pt := e.attempt(site)
	e.logOp(p, pt, k, site)
	a.takeLoads() // after the attempt, at which the goroutine may yield
	if len(a.round) > 0 && a.kind != k {
		// An update of another kind ends the round, and begins one.
		a.endRound()
	}
	a.kind = k
	for _, t := range a.base {
		e.acquire(t, site)
	}
	if access != nil {
		access()
	}
	a.joinRound(e.cur.ID, e.release(site))
}
