package detect

import "github.com/tpinstr/tpinstr/rt/internal/dtrg"

// Repeated span accesses of one step.
//
// A slice hook (rt.ReadSlice, rt.WriteSlice) checks every word of its
// slice. Loops often hook the same slice again and again within one step:
// a matrix product reads every row of one factor once per row of the
// other, and an inner loop's range hook rechecks the row it writes. The
// detector remembers the last span accesses of the current step in a small
// direct-mapped table and skips one that repeats an entry: the same start,
// no more bytes, and a read after a read or anything after a write.
//
// Why this is exact. An entry belongs to the step that made it (steps of
// the futures paper, Definition 1: a task's instructions between two
// async, finish or get operations; dtrg starts a new step at every spawn
// and every task end, and a get or the end of a finish only adds
// predecessors to the running step), and it matches only while that step
// runs, so nothing but accesses of the same step happened since. The
// checked execution is serial, so no other task made accesses in between.
// Let the skipped access a2 race with an access x of another task, with x
// or a2 a write. The earlier access a1 of the same step covers the same
// bytes and conflicts with x as well (a1 is a write, or both are reads and
// x is the write). If x came before a1, a1's check found the pair: the
// step's predecessors only grow, so x, unordered with a2, was unordered with
// a1. If x comes later, x's check finds a1 or a later access of the same
// step in the cell, unless a later write of the step replaced it, which
// conflicts with x too. Either way the location's race is reported; only
// which site of the step names it can differ. Leaving a1 in the cells where
// a2 would have put itself leaves accesses of the same step, ordered with
// every other step as a2 is, so every later check finds the same races
// (a reader that a2 would have dropped as preceding it stays: a real
// access, which can only be found in real races, as addToSet explains).
// Isolated accesses and the isolated bookkeeping never use the table.
//
// Besides exact repeats, the latest span accesses of the step are kept in
// a short list, and the part of a new span that one of them already
// covers the same way (at its start or at its end) is cut off: a stencil
// reads row i as t[c+s] for row i-1, then as t[c-1] and t[c+1] for row i,
// and only the words at either end are new. The argument above applies to
// each byte cut off.
type spans struct {
	direct [256]spanEntry // by start address
	recent [8]spanEntry   // the latest, in a ring
	next   int            // the ring's next slot
}

// spanEntry is one span access of step: the bytes [addr, end), a write
// when write is set. A zero entry matches nothing (step 0 is no step).
type spanEntry struct {
	addr, end uintptr
	step      dtrg.Step
	write     bool
}

// covers reports whether e is an access of step that stands for an access
// of the same bytes of kind write.
func (e *spanEntry) covers(step dtrg.Step, write bool) bool {
	return e.step == step && (e.write || !write)
}

// repeats reports whether an access of the bytes [addr, end) by step
// repeats one the direct table recorded: trim's first test, small enough
// for the detector's fast path.
func (s *spans) repeats(addr, end uintptr, step dtrg.Step, write bool) bool {
	d := &s.direct[uint64(addr>>3)*0x9E3779B97F4A7C15>>56]
	return d.covers(step, write) && d.addr == addr && d.end >= end
}

// trim returns the part of the bytes [addr, end) that the step's earlier
// span accesses do not stand for, as [lo, hi) (lo >= hi: none), and
// records this access.
func (s *spans) trim(addr, end uintptr, step dtrg.Step, write bool) (lo, hi uintptr) {
	lo, hi = addr, end
	if s.repeats(addr, end, step, write) {
		return lo, lo
	}
	d := &s.direct[uint64(addr>>3)*0x9E3779B97F4A7C15>>56]
	for i := range s.recent {
		e := &s.recent[i]
		if !e.covers(step, write) {
			continue
		}
		if e.addr <= lo && lo < e.end {
			lo = min(e.end, hi)
		}
		if e.addr < hi && hi <= e.end {
			hi = max(e.addr, lo)
		}
	}
	// Record the access, unless a larger read of the same start would be
	// replaced by a smaller write (the read still stands for later reads).
	if !(d.step == step && d.addr == addr && d.end > end && !d.write) {
		*d = spanEntry{addr: addr, end: end, step: step, write: write}
	}
	s.recent[s.next] = spanEntry{addr: addr, end: end, step: step, write: write}
	s.next = (s.next + 1) % len(s.recent)
	return lo, hi
}

// reset forgets every entry.
func (s *spans) reset() { *s = spans{} }
