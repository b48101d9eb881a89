package detect

import (
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/shadow"
)

// Access implements event.Sink. It has no pointer to pin: use AccessPin from
// the hooks of a real program.
func (d *Detector) Access(t event.Task, addr, size uintptr, write bool, site event.Site) {
	d.access(uint32(t), addr, nil, size, write, uint32(site))
}

// AccessPin records an access of size bytes at p by task t. p is kept alive
// while its shadow state exists (see package shadow).
func (d *Detector) AccessPin(t event.Task, p unsafe.Pointer, size uintptr, write bool, site event.Site) {
	d.access(uint32(t), uintptr(p), p, size, write, uint32(site))
}

func (d *Detector) access(t uint32, addr uintptr, pin unsafe.Pointer, size uintptr, write bool, site uint32) {
	if size == 0 {
		return
	}
	iso := d.running[len(d.running)-1].isolated > 0
	a := shadow.Acc{Task: t, Time: d.g.Now(), Site: site}
	end := addr + size
	for w := addr &^ 7; w < end; w += 8 {
		var p unsafe.Pointer
		if pin != nil {
			p = unsafe.Add(pin, max(w, addr)-addr)
		}
		c := d.mem.Word(w, p)
		lo, hi := max(w, addr), min(w+8, end)
		if lo == w && hi == w+8 && !d.mem.IsSplit(c) {
			if d.fast(c, a, write, iso) {
				continue
			}
			d.cell(c, w, 8, a, write, iso)
			continue
		}
		bytes := d.mem.Split(c)
		for b := lo; b < hi; b++ {
			d.cell(&bytes[b-w], b, 1, a, write, iso)
		}
	}
}

// fast handles, without touching the task graph, the common case of a
// location last used by the accessing task alone.
func (d *Detector) fast(c *shadow.Cell, a shadow.Acc, write, iso bool) bool {
	if iso || c.X != 0 {
		return false
	}
	if write {
		if (c.W.Task == a.Task || c.W.Task == 0) && (c.R.Task == a.Task || c.R.Task == 0) {
			c.W = a
			c.R = shadow.Acc{}
			return true
		}
		return false
	}
	if c.W.Task == a.Task || c.W.Task == 0 {
		// A future reader belongs in Ext.FR, never in the async slot.
		if c.R.Task == a.Task || (c.R.Task == 0 && !d.g.IsFuture(a.Task)) {
			c.R = a
			return true
		}
	}
	return false
}

// cell applies the write check (Algorithm 8) or the read check (Algorithm 9)
// of Surendran and Sarkar to one cell describing the size bytes at addr,
// with the isolated extension described in the package comment.
func (d *Detector) cell(c *shadow.Cell, addr, size uintptr, a shadow.Acc, write, iso bool) {
	cur := event.Access{Task: event.Task(a.Task), Site: event.Site(a.Site), Write: write, Isolated: iso}

	// Every access conflicts with the last non-isolated writer.
	if !d.g.Precede(c.W.Task, c.W.Time, a.Task) {
		d.race(addr, size, c.W, true, false, cur)
	}
	e := d.mem.ExtOf(c)
	switch {
	case write && !iso:
		// Algorithm 8: check every reader, then become the only writer. All
		// earlier isolated accesses either race with this write or precede
		// it, so they are dropped too.
		if !d.g.Precede(c.R.Task, c.R.Time, a.Task) {
			d.race(addr, size, c.R, false, false, cur)
		}
		if e != nil {
			for _, r := range e.FR {
				if !d.g.Precede(r.Task, r.Time, a.Task) {
					d.race(addr, size, r, false, false, cur)
				}
			}
			d.checkSet(&e.IW, addr, size, true, cur)
			d.checkSet(&e.IR, addr, size, false, cur)
			e.FR, e.FRP = e.FR[:0], 0
			e.IW.Clear()
			e.IR.Clear()
			d.mem.DropExt(c)
		}
		c.W = a
		c.R = shadow.Acc{}
	case !write && !iso:
		// Algorithm 9, and the isolated writers.
		if e != nil {
			d.checkSet(&e.IW, addr, size, true, cur)
		}
		d.addReader(c, a)
	case write && iso:
		// An isolated write conflicts with the non-isolated readers only.
		if !d.g.Precede(c.R.Task, c.R.Time, a.Task) {
			d.race(addr, size, c.R, false, false, cur)
		}
		if e != nil {
			for _, r := range e.FR {
				if !d.g.Precede(r.Task, r.Time, a.Task) {
					d.race(addr, size, r, false, false, cur)
				}
			}
		}
		d.addTo(d.mem.Ext(c), true, a)
	default: // isolated read: the writer, checked above, is all it conflicts with
		d.addTo(d.mem.Ext(c), false, a)
	}
}

func (d *Detector) checkSet(s *shadow.Readers, addr, size uintptr, write bool, cur event.Access) {
	if !d.g.Precede(s.Async.Task, s.Async.Time, uint32(cur.Task)) {
		d.race(addr, size, s.Async, write, true, cur)
	}
	for _, r := range s.Futures {
		if !d.g.Precede(r.Task, r.Time, uint32(cur.Task)) {
			d.race(addr, size, r, write, true, cur)
		}
	}
}

// addReader adds a non-isolated read to the cell's readers (Algorithm 9,
// with the corrections described on addToSet).
func (d *Detector) addReader(c *shadow.Cell, a shadow.Acc) {
	if c.X == 0 && !d.g.IsFuture(a.Task) {
		// Only the async slot is in use.
		if d.g.Precede(c.R.Task, c.R.Time, a.Task) {
			c.R = a
			return
		}
		if d.g.Futures() == 0 {
			return // one async reader is enough: see addToSet
		}
	}
	e := d.mem.Ext(c)
	s := shadow.Readers{Async: c.R, Futures: e.FR, Pruned: e.FRP}
	d.addToSet(&s, a)
	c.R, e.FR, e.FRP = s.Async, s.Futures, s.Pruned
	d.mem.DropExt(c)
}

// addTo adds an isolated access to the isolated writers or readers.
func (d *Detector) addTo(e *shadow.Ext, write bool, a shadow.Acc) {
	if write {
		d.addToSet(&e.IW, a)
	} else {
		d.addToSet(&e.IR, a)
	}
}

// addToSet adds access a to a set of mutually non-conflicting accesses, as
// Algorithm 9 does for readers: members that precede a are removed, since
// any later access parallel to one of them is parallel to a too.
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
func (d *Detector) addToSet(s *shadow.Readers, a shadow.Acc) {
	if s.Async.Task != 0 && d.g.Precede(s.Async.Task, s.Async.Time, a.Task) {
		s.Async = shadow.Acc{}
	}
	if !d.g.IsFuture(a.Task) && (s.Async.Task == 0 || s.Async.Task == a.Task) {
		s.Async = a
		return
	}
	if !d.g.IsFuture(a.Task) && d.g.Futures() == 0 {
		return
	}
	if n := len(s.Futures); n > 0 && s.Futures[n-1].Task == a.Task {
		s.Futures[n-1] = a // a later access of the same task supersedes it
		return
	}
	// Members that precede a are dropped in batches, when the list has
	// doubled since the last batch, so that many parallel future readers
	// of one location cost amortized O(1) reachability queries per read
	// instead of one per member. A member kept although it precedes a is
	// still a real access: checking it later can only find real races.
	if len(s.Futures) >= max(8, 2*int(s.Pruned)) {
		keep := s.Futures[:0]
		for _, r := range s.Futures {
			if !d.g.Precede(r.Task, r.Time, a.Task) {
				keep = append(keep, r)
			}
		}
		s.Futures = keep
		s.Pruned = uint32(len(keep))
	}
	s.Futures = append(s.Futures, a)
}

// race reports prev and cur as racing on the size bytes at addr, one report
// per byte so that callers can compare racing locations byte by byte.
func (d *Detector) race(addr, size uintptr, prev shadow.Acc, prevWrite, prevIso bool, cur event.Access) {
	p := event.Access{Task: event.Task(prev.Task), Site: event.Site(prev.Site), Write: prevWrite, Isolated: prevIso}
	for b := addr; b < addr+size; b++ {
		d.report(event.Race{Addr: b, Prev: p, Cur: cur})
	}
}
