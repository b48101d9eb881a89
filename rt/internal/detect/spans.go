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
type spans [64]spanEntry

// spanEntry is one span access of step: size bytes at addr, a write when
// write is set. A zero entry matches nothing (step 0 is no step).
type spanEntry struct {
	addr, size uintptr
	step       dtrg.Step
	write      bool
}

// slot returns the entry for spans that start at addr.
func (s *spans) slot(addr uintptr) *spanEntry {
	return &s[uint64(addr>>3)*0x9E3779B97F4A7C15>>58]
}

// covered reports whether step already made an access, recorded in s, that
// stands for this one; otherwise it records this one.
func (s *spans) covered(addr, size uintptr, step dtrg.Step, write bool) bool {
	e := s.slot(addr)
	if e.step == step && e.addr == addr && e.size >= size && (e.write || !write) {
		return true
	}
	if e.step == step && e.addr == addr && e.size > size {
		// A smaller write of a larger read: keep the larger, its reads
		// still stand for later reads.
		return false
	}
	*e = spanEntry{addr: addr, size: size, step: step, write: write}
	return false
}

// reset forgets every entry.
func (s *spans) reset() { *s = spans{} }
