package goexec

import "unsafe"

// Read-only sections of a Mutex.
//
// A section of a sync.Mutex that only reads, such as the lookup of a
// get-or-create registry once the entry exists,
//
//	mu.Lock()
//	c, ok := counters[name]
//	mu.Unlock()
//
// is to a Mutex what a read section is to an RWMutex: two of them by
// different goroutines read the same values in either order, as neither
// writes, so their order changes neither what they do nor what follows
// them, only the memory model's chain of Unlock before Lock between them.
// Yet their Locks are dependent as Locks, and n goroutines that each look
// up an entry k times would need their orders explored. The executor
// therefore runs every section of a sync.Mutex as a candidate: a section
// is read-only when, between its Lock and its Unlock, its goroutine makes
// no write access (BeforeWrite), no attempt at a synchronising operation,
// no release, no go statement and no wait (promoteRO), and no goroutine
// waited for the mutex meanwhile. The graph has the edges of an RWMutex
// whose read sections these are:
//
//  1. A candidate's Lock joins what the last other section, round or
//     acquisition released (what an ordered Lock joins, but for the
//     read-only sections since: lockJoinsRO), and not the read-only
//     sections since: the memory model orders the n-th Unlock before the
//     m-th Lock for n < m, and these edges are the chain that another
//     order of the read-only sections would give otherwise.
//  2. When the candidate's goroutine first writes, synchronises or waits
//     inside it, it stops being one (promoteRO): it then joins every
//     read-only section since (joinRO) before that write or operation, so
//     that the write and all that follows it are ordered after them, as
//     in every order in which the section comes after them; its accesses
//     before that point are reads, which race with no read of those
//     sections. A Lock that is no candidate (a TryLock, a commuting
//     section, a Lock while the goroutine holds a candidate) joins them at
//     once (lockJoins).
//  3. The Unlock of a read-only section releases a segment that the next
//     section that is not read-only joins (roSecs), and changes nothing
//     else: the last other release stays what a candidate joins. Its Lock
//     is logged as a read (readOnly), so that two read-only sections are
//     independent for the exploration (dependent), as two RLocks are,
//     and either is dependent with every other acquisition of the mutex.
//
// Why one order of read-only sections stands for all. Take read-only
// sections A and B of different goroutines, with no other acquisition of
// the mutex between them, A first in the run. Swapping them changes no
// value either reads (neither writes), so each makes the same accesses,
// and, as neither synchronises or waits, each section runs as a unit
// whichever comes first: the two orders are one trace but for the chain
// edge between them, which the graph leaves out. A race of any order of
// them is a race of the graph (each order's graph is the graph plus its
// chain edges). Conversely take a race of the graph between a, an access
// of A's goroutine at or before the end of A, and b, one of B's goroutine
// after the Lock of B, that the chain edge A → B alone orders in the run.
// b comes before B's first write (after it, B joined A), so b reads, and
// a writes: a is not in A, which reads only, so a precedes A's Lock. In
// the order that runs B's section up to b before A's Lock (B's goroutine
// reaches its Lock without A's Unlock, or the graph would order them
// through that other path, and the mutex is free there, A not having
// locked it), a and b are unordered: the race is one of that schedule.
// The same holds of a section that stopped being a candidate, for its
// reads before its first write. TestReadOnlySections checks the
// reduction, and the property test (TestExactSubset's sections of a Mutex
// that read or write a variable) compares it with the oracle of every
// interleaving.

// BeforeWrite is called by the host before a write access of the running
// goroutine: a read-only candidate section it holds stops being one
// (promoteRO), so that the write follows the read-only sections before it.
func (e *Exec) BeforeWrite(site uint32) {
	if g := e.cur; g != nil && g.roLock != nil {
		e.promoteRO(site)
	}
}

// ReadOnlyHeld reports whether the running goroutine holds a section of
// the sync.Mutex at mu that has only read so far.
func (e *Exec) ReadOnlyHeld(mu unsafe.Pointer) bool {
	g := e.cur
	return g != nil && g.roLock != nil && g.roLock.p == mu
}

// promoteRO ends the candidacy of the section that the running goroutine
// holds: it joins the read-only sections since the last other
// acquisition of the mutex, and is an ordered section from here on.
func (e *Exec) promoteRO(site uint32) {
	g := e.cur
	m := g.roLock
	g.roLock, m.roHolder = nil, nil
	e.joinRO(m, site)
}

// joinRO joins the read-only sections of m since its last other
// acquisition, which an acquisition that writes follows.
func (e *Exec) joinRO(m *mutexState, site uint32) {
	for _, r := range m.roSecs {
		e.acquire(r, site)
	}
	m.roSecs = m.roSecs[:0]
}

// readOnly logs the Lock at p of the mutex at obj, whose section read
// only, as a read.
func (e *Exec) readOnly(obj unsafe.Pointer, p Point) {
	log := e.log[obj]
	if log == nil {
		return
	}
	for k := len(log.chunks) - 1; k >= 0; k-- {
		c := log.chunks[k]
		for i := len(c) - 1; i >= 0; i-- {
			if c[i].p == p {
				if c[i].kind == opWrite {
					c[i].kind = opRead
				}
				return
			}
		}
	}
}
