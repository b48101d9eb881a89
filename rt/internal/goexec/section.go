package goexec

import (
	"sync"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// Commuting sections of a mutex.
//
// A commuting section of class c is a Lock of a Mutex (or of an RWMutex
// for writing), a body that is a commutative update of class c by the
// rule of the rewriter (instrument/commute.go: updates x++, x += e, x |=
// e, … of one operator class to integer places that do not move with the
// order, of stable values, and reads of stable values), and the Unlock
// that ends it; the rewriter marks its Lock (rt.MutexLockCommute). The
// primes kernel's
//
//	mu.Lock()
//	count++
//	mu.Unlock()
//
// is one. Two Locks of a mutex by different goroutines are dependent
// (explore.go), so n goroutines making such sections would need their
// orders explored although every order computes the same count. The
// argument is that of commuting atomic updates (commute.go), after
// Nakade's thesis (ch. 6, Algorithm 2 and Theorem 4: only orders that can
// change the computation graph need exploring). Call a round a maximal
// run of commuting sections of one class in a mutex's order of
// acquisitions, between two other acquisitions of it (a Lock of another
// section, a TryLock, an RLock, or a section of another class).
//
//  1. Behaviour. Two sections of a round hold the mutex in turn, so each
//     runs as a unit against the other; by the rule's argument
//     (instrument/commute.go, (1) to (4)) swapping two adjacent ones
//     leaves what each reads outside its targets, the accesses each makes
//     and the memory after both unchanged, and which of the two Locks
//     waits for the other is not observable. Every order of a round makes
//     the same operations with the same outcomes, so the Locks of two
//     sections of one class are independent (dependent, explore.go) and
//     their orders are not explored.
//
//  2. Races. The memory model orders the n-th Unlock of a mutex before
//     the m-th Lock for n < m, so a run whose round ran in the order
//     s1, …, sn has the chain s1 → … → sn in its graph, and another order
//     another chain. The executor builds the graph G without the chain:
//     each section's Lock joins what precedes its round (the Unlock of the
//     last other section, the RUnlocks since, or every section of the
//     previous round), and the next other acquisition of the mutex joins
//     every section of the round. Each order's graph is G plus its chain,
//     so every race of any order is a race of G; conversely a race of G
//     between two accesses that the run's other dependent operations leave
//     unordered is one of the order that runs what precedes either access
//     first, then one, then the other (the argument of commute.go, whose
//     chain edges go, here too, from a section to a later section). The
//     only accesses that every order orders and G does not are those of
//     two sections of one round, which the chain orders: the host makes
//     the accesses of a section isolated (begin and end bracket the body),
//     so that they race with the plain accesses they are not ordered with
//     and not with one another, as the accesses of the sections of a round
//     never race in any order.
//
// Insert sections. The rewriter's class insert (instrument/commute.go) is
// a body of map assignments m[k] = v, all under one key expression k, of
// places and values that are stable by the rule, such as
//
//	mu.Lock()
//	results[name] = n
//	mu.Unlock()
//
// whose Lock (LockInsert) receives the value of k. Two insert sections
// under different keys commute as (1) has it: each reads only stable
// values, assigns its own entries (two keys that are not == name two
// entries, as the map compares them), and leaves the same map after both
// in either order; which entry a map iteration meets first is not
// specified by Go in any order. Under the same key they do not: the later
// value stays. So a round of insert sections (of one mutex, between two
// other acquisitions of it) is ordered by key only: each section joins
// what precedes its round and the last section of the round under its own
// key (keys), and two Locks of insert sections are dependent exactly when
// their keys are the same (dependent), so that the orders of sections
// under one key are explored. An order of the round that keeps the order
// of the sections under each key (an order of the same trace) has the
// graph G plus the chain edges between sections under different keys, and
// (2) holds as written, with "its chain" read as those edges.
//
// Isolation is one domain for the detector: isolated accesses never race
// with one another. The sections of two mutexes, or a section and an
// atomic update (whose access is isolated too, commute.go), may update one
// location unordered, which is a race that the detector would not see. The
// host therefore reports each access of a section or of an update through
// CommuteAccess, which keeps, per byte, the mutexes (or the atomic
// variables) whose commuting operations touched it, and notes a choice
// when an access of one domain is not ordered by the graph after every
// access of another: the run's verdict is then "this schedule only", as
// the races of that byte are not decided.
//
// Read sections are not commuting sections: an RLock is an ordered
// acquisition, and ends the round.

// maxSectionClass is the largest class of commuting sections (the rewriter
// numbers its classes from 1: add, multiply, or, and, xor, insert).
const maxSectionClass = 6

// classInsert is the class of the sections that insert into maps under
// one key each (LockInsert).
const classInsert = 6

// sectionKind returns the kind of the Lock of a commuting section of the
// class.
func sectionKind(class int) opKind { return opSection + opKind(class-1) }

// atomicDomain is the domain of the commuting atomic updates for
// CommuteAccess.
var atomicDomain byte

// LockCommute locks mu (a *sync.Mutex, or a *sync.RWMutex for writing)
// for a commuting section of the class (1 to 5; any other locks as Lock
// does), whose body's accesses begin and end bracket: the host makes them
// isolated (see above). The Unlock of mu ends the section.
func (e *Exec) LockCommute(mu sync.Locker, try func() bool, class int, begin, end func(), site uint32) {
	if class < 1 || class >= classInsert {
		e.Lock(mu, try, site)
		return
	}
	e.lockSection(mu, try, class, nil, begin, end, site)
}

// LockInsert locks mu (a *sync.Mutex, or a *sync.RWMutex for writing) for
// a section that inserts into maps under the key key (the class insert of
// the rewriter): its body is map assignments m[k] = v under one key
// expression k whose value is key, and reads of stable values (see below).
// A key that cannot be compared (an interface holding a slice, a map or a
// function) locks as Lock does: the body's own assignment panics then.
func (e *Exec) LockInsert(mu sync.Locker, try func() bool, key any, begin, end func(), site uint32) {
	if !comparableKey(key) {
		e.Lock(mu, try, site)
		return
	}
	e.lockSection(mu, try, classInsert, key, begin, end, site)
}

// comparableKey reports whether key can be compared with ==: a map key
// can, and so can key when the assignment it stands for does not panic.
func comparableKey(key any) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return key == key || key != key // NaN is comparable, and unequal to itself
}

// sameKey reports whether two keys of insert sections, comparable both
// (comparableKey), name one entry of a map: as the map compares them.
func sameKey(a, b any) bool { return a == b }

// lockSection is LockCommute for the class, and LockInsert (key).
func (e *Exec) lockSection(mu sync.Locker, try func() bool, class int, key any, begin, end func(), site uint32) {
	defer e.Exit(e.in(site))
	p := pointerOf(mu)
	m := e.mutex(p)
	k := sectionKind(class)
	pt := e.enterKind(p, k, site)
	e.pending[pt] = withKey(e.pending[pt], key)
	if _, ok := mu.(*sync.RWMutex); ok {
		m.written = true
		e.writerPreference(m, site)
	}
	e.lazy[p] = true
	for !try() {
		m.waiters = append(m.waiters, e.cur)
		e.park(e.cur, "sync."+typeName(mu)+".Lock", site)
	}
	e.acquiredKind(p, pt, k, site)
	m.locked = true
	m.acqs++
	if len(m.round) > 0 && m.class != class || len(m.runlock) > 0 {
		// A section of another class, or read sections, came last: the
		// round begins after them.
		base := append(append([]event.Task(nil), m.before()...), m.runlock...)
		m.base, m.round, m.runlock = base, nil, m.runlock[:0]
	}
	if len(m.roSecs) > 0 {
		// Read-only sections came last (readonly.go): the round begins
		// after them, as after an ordered section.
		m.base = append(append([]event.Task(nil), m.before()...), m.roSecs...)
		m.round, m.roSecs = nil, m.roSecs[:0]
	}
	if len(m.round) == 0 {
		m.keys = nil // the round's first section
	}
	m.class = class
	for _, t := range m.base {
		e.acquire(t, site)
	}
	if class == classInsert {
		// The last section of the round under the same key precedes
		// this one, as every order of the two does (see above).
		if t, ok := m.keys[key]; ok {
			e.acquire(t, site)
		}
		m.heldKey = key
	}
	m.held, m.holder, m.end = class, e.cur, end
	e.cur.section = p
	if begin != nil {
		begin()
	}
}

// unlockSection is Unlock for the commuting section of mu that m holds.
func (e *Exec) unlockSection(m *mutexState, do func(), site uint32) {
	if m.end != nil {
		m.end()
	}
	do()
	class := m.held
	m.held, m.holder, m.end, m.locked = 0, nil, nil, false
	e.cur.section = nil
	r := e.release(site)
	m.joinRound(e.cur.ID, r)
	if class == classInsert {
		if m.keys == nil {
			m.keys = map[any]event.Task{}
		}
		m.keys[m.heldKey] = r
		m.heldKey = nil
	}
	if m.waking == 0 {
		e.wakeLockers(m, true, site)
	} else {
		// The readers that wait get in (an Unlock's edge, which their
		// RLock joins anyway); the lockers are left to the waking.
		e.wakeReaders(m, site)
	}
}

// SectionAccess is CommuteAccess for an access that the host makes while
// a commuting section is open: it records it when the running goroutine
// is the one in a section (its body runs with no hook that could let
// another go on, but a goroutine outside the executor's control may make
// an access meanwhile).
func (e *Exec) SectionAccess(p unsafe.Pointer, size uintptr, site uint32) {
	if e.cur.section != nil {
		e.CommuteAccess(p, size, site)
	}
}

// CommuteAccess records that the running goroutine's commuting section,
// or, outside one, a commuting atomic update, accesses the size bytes at
// p (see above); the caller has entered the executor. A byte that the
// commuting operations of another domain accessed, not all ordered before
// this access by the graph (hb.go; without clocks, any), makes the run
// note a choice. Two accesses that the graph orders are ordered in every
// order of the rounds, as every order's graph contains it: they make no
// race that the detector misses.
//
// The record is kept per 8-byte word, one entry per domain with the bytes
// of the word it touched (a mask) and the latest epochs of its accesses
// to any of them: an access of another domain to one of those bytes must
// follow every access of the entry. That is a stronger demand than the
// same test byte by byte when one domain touched two parts of a word at
// different times (it may note a choice the bytes would not need), never
// a weaker one, and it costs one map lookup per word instead of one per
// byte.
func (e *Exec) CommuteAccess(p unsafe.Pointer, size uintptr, site uint32) {
	g := e.cur
	dom := g.section
	if dom == nil {
		dom = unsafe.Pointer(&atomicDomain)
	}
	if e.domains == nil {
		e.domains = map[uintptr]*[]domainEpochs{}
	}
	var own uint32
	if e.hbOn() && g.ID <= len(g.vc) {
		own = g.vc[g.ID-1]
	}
	for a, end := uintptr(p), uintptr(p)+size; a < end; {
		w := a &^ 7
		hi := min(end, w+8)
		mask := uint8(0xff>>(8-(hi-a))) << (a - w)
		a = hi
		dsp := e.domains[w]
		if dsp == nil {
			dsp = new([]domainEpochs)
			e.domains[w] = dsp
		}
		ds := *dsp
		mine := -1
		for k := range ds {
			if ds[k].dom == dom {
				mine = k
			} else if ds[k].mask&mask != 0 && (!e.hbOn() || !epochsBefore(ds[k].ep, g.vc)) {
				e.note(site, "a location that commuting sections of two mutexes, or a commuting section and atomic updates, both update")
				return
			}
		}
		if mine < 0 {
			ds = append(ds, domainEpochs{dom: dom})
			mine = len(ds) - 1
			*dsp = ds
		}
		d := &ds[mine]
		d.mask |= mask
		for len(d.ep) < g.ID {
			d.ep = append(d.ep, 0)
		}
		d.ep[g.ID-1] = max(d.ep[g.ID-1], own)
	}
}

// domainEpochs is what the commuting operations of one domain (a mutex,
// or the atomic updates) did to a word: the bytes they touched (mask),
// and per goroutine g, at g-1, its own clock component at its latest
// access to any of them (hb.go), 0 for none.
type domainEpochs struct {
	dom  unsafe.Pointer
	mask uint8
	ep   []uint32
}

// epochsBefore reports whether every access that ep records happens
// before the current one of a goroutine whose clock is vc.
func epochsBefore(ep []uint32, vc vclock) bool {
	for i, x := range ep {
		if x != 0 && (i >= len(vc) || x > vc[i]) {
			return false
		}
	}
	return true
}
