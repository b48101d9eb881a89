package detect

import (
	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/shadow"
)

// precedes reports whether access x precedes the current step of the
// running task t (Algorithm 10, through the remembered answers).
func (d *Detector) precedes(x shadow.Acc, t uint32) bool { return d.g.PrecedeStep(x.Step, t) }

// pruneBudget is the most tasks a search for dropping a reader visits.
const pruneBudget = 16

// supersedes reports whether the reader x of a reader set may be dropped
// for a read by the running task t: whether x precedes t's current step.
// Once a future exists, a reader set keeps every reader not known to
// precede a later one, and keeping one that does is exact (see addToSet):
// the search then stops after pruneBudget tasks and keeps x. A location
// that every task of a long run reads (a field of a shared struct) would
// otherwise cost a search through the whole run for each reader that
// runs in parallel with x, which is most of them. Before any future, the
// one-async-reader rule needs the exact answer.
func (d *Detector) supersedes(x shadow.Acc, t uint32) bool {
	if d.g.Futures() == 0 {
		return d.precedes(x, t)
	}
	yes, decided := d.g.PrecedeStepWithin(x.Step, t, d.budget)
	return yes && decided
}

// cell applies the write check (Algorithm 8) or the read check (Algorithm 9)
// of Surendran and Sarkar to one cell describing the size bytes at addr,
// with the isolated extension described in the package comment.
func (d *Detector) cell(c *shadow.Cell, addr, size uintptr, t uint32, a shadow.Acc, write, iso bool) {
	stat(&statCells)
	cur := event.Access{Task: event.Task(t), Site: event.Site(a.Site), Write: write, Isolated: iso}

	// Every access conflicts with the last non-isolated writer.
	if !d.precedes(c.W, t) {
		d.race(addr, size, c.W, true, false, cur)
	}
	is := d.mem.IsoOf(c)
	switch {
	case write && !iso:
		// Algorithm 8: check every reader, then become the only writer. All
		// earlier isolated accesses either race with this write or precede
		// it, so they are dropped too.
		d.checkReaders(c, addr, size, cur)
		if is != nil {
			d.checkSet(&is.IW, addr, size, true, cur)
			d.checkSet(&is.IR, addr, size, false, cur)
		}
		d.mem.Clear(c)
		c.W = a
		c.R = shadow.Acc{}
	case !write && !iso:
		// Algorithm 9, and the isolated writers.
		if is != nil {
			d.checkSet(&is.IW, addr, size, true, cur)
		}
		d.addReader(c, t, a)
	case write && iso:
		// An isolated write conflicts with the non-isolated readers only.
		d.checkReaders(c, addr, size, cur)
		d.addToSet(&d.mem.Iso(c).IW, t, a)
	default: // isolated read: the writer, checked above, is all it conflicts with
		d.addToSet(&d.mem.Iso(c).IR, t, a)
	}
}

// checkReaders reports the non-isolated readers of c that the write cur
// races with.
func (d *Detector) checkReaders(c *shadow.Cell, addr, size uintptr, cur event.Access) {
	if !d.precedes(c.R, uint32(cur.Task)) {
		d.race(addr, size, c.R, false, false, cur)
	}
	more, _ := d.mem.More(c)
	for _, r := range more {
		if !d.precedes(r, uint32(cur.Task)) {
			d.race(addr, size, r, false, false, cur)
		}
	}
}

func (d *Detector) checkSet(s *shadow.Readers, addr, size uintptr, write bool, cur event.Access) {
	if !d.precedes(s.One, uint32(cur.Task)) {
		d.race(addr, size, s.One, write, true, cur)
	}
	for _, r := range s.More {
		if !d.precedes(r, uint32(cur.Task)) {
			d.race(addr, size, r, write, true, cur)
		}
	}
}

// addReader adds a non-isolated read to the cell's readers (Algorithm 9,
// with the corrections described on addToSet): the reader slot Cell.R,
// then the others (shadow.Memory.More).
func (d *Detector) addReader(c *shadow.Cell, t uint32, a shadow.Acc) {
	if c.X == 0 {
		// Only the reader slot is in use.
		if d.supersedes(c.R, t) {
			c.R = a
			return
		}
		if d.g.Futures() == 0 {
			return // one async reader is enough: see addToSet
		}
	}
	more, pruned := d.mem.More(c)
	more, copied := d.writable(c, more)
	s := shadow.Readers{One: c.R, More: more, Pruned: pruned}
	d.addToSet(&s, t, a)
	c.R = s.One
	d.setMore(c, s.More, s.Pruned, copied)
}

// addToSet adds access a to a set of mutually non-conflicting accesses, as
// Algorithm 9 does for readers: members that precede a are removed, since
// any later access parallel to one of them is parallel to a too (a later
// access w that a preceded would be preceded by the member as well).
//
// Algorithm 9 keeps at most one access by an async task: an async reader
// that runs in parallel with the async member is not added. That is sound
// only while the execution has no future: an async task's access can then
// reach later steps only through the end of its finish, which every
// parallel async task that ran after it reaches first. A future spawned by
// the task after its access can carry it further (its access precedes the
// future, which a later task may get), so once a future exists every access
// not preceded by another is kept; random programs with futures found
// the paper's rule missing races. Algorithm 9 as printed also adds nothing
// to an empty set (update stays false when there is no member to visit); an
// empty set takes the access here, as the prose of section 4.3 says.
//
// The paper keeps future readers apart from the async one. Here the slot
// One takes the first reader of either kind: while no future exists every
// reader is an async one, and once one exists the rule above no longer
// drops readers, so the slot is one member of the set like the others, and
// a location read by one future task needs nothing beyond its cell.
func (d *Detector) addToSet(s *shadow.Readers, t uint32, a shadow.Acc) {
	if s.One.Step != 0 && d.supersedes(s.One, t) {
		s.One = shadow.Acc{}
	}
	if s.One.Step == 0 || d.g.StepTask(s.One.Step) == t {
		s.One = a
		return
	}
	if d.g.Futures() == 0 {
		return
	}
	if n := len(s.More); n > 0 && d.g.StepTask(s.More[n-1].Step) == t {
		s.More[n-1] = a // a later access of the same task supersedes it
		return
	}
	// Members that precede a are dropped from the end of the list first,
	// while they do: the latest members are the likeliest to precede a
	// (the readers of the location in a stencil's last sweep), and asking
	// about them now is a short search, where asking later, when a batch
	// below reaches them, would search back through every sweep since.
	// Each member is dropped once, so this costs amortized O(1) queries
	// per read, plus the one that stops it.
	for n := len(s.More); n > 0 && d.supersedes(s.More[n-1], t); n-- {
		s.More = s.More[:n-1]
		s.Pruned = min(s.Pruned, uint32(n-1))
	}
	// The other members that precede a are dropped in batches, when the
	// list has doubled since the last batch, so that many parallel future
	// readers of one location cost amortized O(1) reachability queries per
	// read instead of one per member. A member kept although it precedes
	// a is still a real access: checking it later can only find real
	// races.
	if len(s.More) >= max(8, 2*int(s.Pruned)) {
		keep := s.More[:0]
		for _, r := range s.More {
			if !d.supersedes(r, t) {
				keep = append(keep, r)
			}
		}
		s.More = keep
		s.Pruned = uint32(len(keep))
	}
	s.More = append(s.More, a)
}

// race reports prev and cur as racing on the size bytes at addr, one report
// per byte so that callers can compare racing locations byte by byte.
func (d *Detector) race(addr, size uintptr, prev shadow.Acc, prevWrite, prevIso bool, cur event.Access) {
	d.races++
	p := event.Access{Task: event.Task(d.g.StepTask(prev.Step)), Site: event.Site(prev.Site), Write: prevWrite, Isolated: prevIso}
	for b := addr; b < addr+size; b++ {
		d.report(event.Race{Addr: b, Prev: p, Cur: cur})
	}
}
