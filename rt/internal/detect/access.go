package detect

import (
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/dtrg"
	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/shadow"
)

// Access implements event.Sink. It has no pointer to pin: use AccessPin from
// the hooks of a real program.
func (d *Detector) Access(t event.Task, addr, size uintptr, write bool, site event.Site) {
	if c, done := d.quick(uint32(t), addr, size, write, uint32(site)); !done {
		d.access(c, uint32(t), addr, nil, size, write, uint32(site))
	}
}

// AccessPin records an access of size bytes at p by task t. p is kept alive
// while its shadow state exists (see package shadow).
func (d *Detector) AccessPin(t event.Task, p unsafe.Pointer, size uintptr, write bool, site event.Site) {
	if c, done := d.quick(uint32(t), uintptr(p), size, write, uint32(site)); !done {
		d.access(c, uint32(t), uintptr(p), p, size, write, uint32(site))
	}
}

// Quick is the first half of AccessPin, for a caller that would otherwise
// pay a call for AccessPin itself on every access (package rt's hooks):
// it records the commonest accesses and reports whether it did. Otherwise
// the caller finishes with AccessRest and the cell Quick returned.
func (d *Detector) Quick(t event.Task, p unsafe.Pointer, size uintptr, write bool, site event.Site) (*shadow.Cell, bool) {
	return d.quick(uint32(t), uintptr(p), size, write, uint32(site))
}

// AccessRest is the second half of AccessPin: see Quick.
func (d *Detector) AccessRest(c *shadow.Cell, t event.Task, p unsafe.Pointer, size uintptr, write bool, site event.Site) {
	d.access(c, uint32(t), uintptr(p), p, size, write, uint32(site))
}

// quick handles the commonest accesses, and reports whether it did:
// outside Isolated, to a whole word or to exactly one sub-cell of a split
// word of a recently used page, which needs no pin (the word has state),
// in the first two cases of fast. It calls nothing, so that it needs no
// stack frame and the callers of AccessPin pay one small call for most
// accesses. When it found the access's cell but could not decide, it
// returns it for access.
func (d *Detector) quick(t uint32, addr, size uintptr, write bool, site uint32) (*shadow.Cell, bool) {
	stat(&statHooks)
	if size == 0 {
		return nil, true // a zero-size variable: nothing to race on
	}
	if d.iso {
		return nil, false
	}
	if size > 8 {
		// A span: done here when it repeats one of the step's (spans.go),
		// as a loop's range hooks often do.
		return nil, d.spans.repeats(addr, addr+size, d.g.Step(), write)
	}
	w, cur := addr&^7, d.g.Step()
	filter := seenOn && !write && addr+size <= w+8 // a read the page's filter may stand for (seen.go)
	if filter && d.mem.Seen(addr, size, cur) {
		stat(&statSeen)
		d.seenHit = true
		return nil, true
	}
	c := d.mem.Cached(w)
	if c == nil {
		return nil, false
	}
	if filter && d.mem.Seen(addr, size, cur) { // Cached made the page the last one
		stat(&statSeen)
		d.seenHit = true
		return nil, true
	}
	switch {
	case size == 8 && w == addr:
		if d.mem.IsSplit(c) || c.Fresh() { // a split word, or one to pin
			return nil, false
		}
	case addr+size <= w+8:
		if c = d.mem.Exact(c, addr-w, size); c == nil {
			return nil, false
		}
	default:
		return nil, false
	}
	if c.X != 0 {
		// More readers or isolated accesses: see fast. A read by the step
		// that the reader slot holds repeats that read (fast keeps a step
		// that reads again in the slot), so it changes nothing and finds
		// no race the first did not: the writer and the isolated writers
		// it checked are still there, since only this step ran since.
		if !write && c.R.Step == cur {
			if filter && d.mem.Armed(cur) {
				d.mem.Mark(addr, size)
			}
			stat(&statQuick)
			return nil, true
		}
		return c, false
	}
	if !d.known(c.W, cur, t) {
		return c, false
	}
	if !d.known(c.R, cur, t) {
		// The second case of fast: one async reader is enough.
		if !write && d.g.Futures() == 0 && d.g.KnownNot(c.R.Step, t) {
			// A read of what another task read, which the filter saves
			// repeating: access arms it for the page if it is not yet.
			if filter {
				if !d.mem.Armed(cur) {
					return c, false
				}
				d.mem.Mark(addr, size)
			}
			stat(&statQuick)
			return nil, true
		}
		return c, false
	}
	if write {
		c.W, c.R = shadow.Acc{Step: cur, Site: site}, shadow.Acc{}
	} else {
		if filter && !d.mem.Armed(cur) && c.R.Step == cur {
			// The step reads the location again: access arms the page's
			// filter, so that its next repeats cost a test of the mask
			// (and, copied for rt.Repeat, no call at all).
			return c, false
		}
		c.R = shadow.Acc{Step: cur, Site: site}
		if filter && d.mem.Armed(cur) {
			d.mem.Mark(addr, size)
		}
	}
	stat(&statQuick)
	return c, true
}

// access records any access that quick did not: c, when not nil, is the
// cell of the whole word or the sub-cell the access is to, as quick found
// it (outside Isolated, not to be pinned).
func (d *Detector) access(c *shadow.Cell, t uint32, addr uintptr, pin unsafe.Pointer, size uintptr, write bool, site uint32) {
	filter := seenOn && !write && !d.iso && size > 0 && addr+size <= addr&^7+8
	if filter && d.mem.SeenElsewhere(addr, size, d.g.Step()) { // quick asked about the last page
		// A repeat of a read of the step's that quick did not find: see
		// seen.go.
		stat(&statSeen)
		d.seenHit = true
		return
	}
	stat(&statFull)
	if c == nil && !d.iso && addr+size <= addr&^7+8 { // within one word: spans go to slow
		w := addr &^ 7
		c = d.mem.Word(w)
		switch {
		case size == 8 && w == addr:
			if d.mem.IsSplit(c) {
				c = nil
			} else if pin != nil && c.Fresh() {
				d.mem.Pin(addr, pin) // see shadow.Memory.Pin
			}
		case addr+size <= w+8:
			c = d.mem.Exact(c, addr-w, size) // a split word is not fresh
		default:
			c = nil
		}
	}
	if c != nil {
		a := shadow.Acc{Step: d.g.Step(), Site: site}
		again := c.X == 0 && c.R.Step == a.Step // a read the step made already
		if !d.fast(c, t, a, write, false) {
			d.cell(c, addr, size, t, a, write, false)
		}
		if filter {
			// Once checked, the read stands for the step's repeats
			// (seen.go). The page's filter is worth arming when the
			// cell keeps a reader other than this step, so that quick
			// would consult the task graph's answers at every repeat,
			// and when the step reads the location again, so that its
			// repeats cost no call (rt.Repeat).
			d.mem.Note(addr, size, a.Step, c.X != 0 || c.R.Step != a.Step || again)
		}
		return
	}
	d.slow(t, addr, pin, size, write, site)
	if filter {
		d.mem.Note(addr, size, d.g.Step(), false)
	}
}

// slow is access for every case but the fast one.
func (d *Detector) slow(t uint32, addr uintptr, pin unsafe.Pointer, size uintptr, write bool, site uint32) {
	if size == 0 {
		return
	}
	iso := d.iso
	a := shadow.Acc{Step: d.g.Step(), Site: site}
	if !iso && addr+size > addr&^7+8 {
		// A span: the step may have made part of it already (see spans).
		lo, hi := d.spans.trim(addr, addr+size, a.Step, write)
		if lo >= hi {
			return
		}
		if pin != nil {
			pin = unsafe.Add(pin, lo-addr)
		}
		addr, size = lo, hi-lo
	}
	w, end := addr&^7, addr+size
	if end-w > 8 {
		d.span(addr, end, pin, t, a, write, iso)
		return
	}
	// A whole word of a page without cells is checked on its runs; a page
	// in the cache of recent pages has cells, which spares the lookup.
	if size == 8 && addr == w && !iso && d.mem.Cached(w) == nil && d.mem.OneWord(w) && d.runs(w, end, addr, pin, t, a, write, false) == end {
		return
	}
	c := d.mem.Word(w)
	if pin != nil && c.Fresh() {
		d.mem.Pin(addr, pin)
	}
	if size != 8 || d.mem.IsSplit(c) {
		d.part(c, w, addr, end, t, a, write, iso)
		return
	}
	if !d.fast(c, t, a, write, iso) {
		d.cell(c, w, 8, t, a, write, iso)
	}
}

// span checks an access to the bytes [addr, end) that spans several words,
// such as a slice hook's: a page's worth of word cells at a time.
//
// Neighbouring words of an array usually have the same history, so their
// cells are equal, and the check of the access turns equal cells into
// equal cells. After checking a whole word, span therefore gives the
// following cells that equal the word's cell before its check the word's
// cell after it (repeat), without checking them again. That is exact when
// the check was a function of the cell alone: the cell had no state
// beyond W and R (X == 0: no other readers, no isolated accesses, not
// split) and kept none, and no race was reported (a race must be reported
// byte by byte). Then Algorithms 8 and 9 (and fast) read nothing but W, R,
// the current step and the reachability between steps, the same for every
// word of one access. The same holds of a cell whose other readers are a
// shared set (X names an immutable list, shadow.Memory.Plain): equal cells
// have equal readers, and the check gives them the same new set.
func (d *Detector) span(addr, end uintptr, pin unsafe.Pointer, t uint32, a shadow.Acc, write, iso bool) {
	for w := addr &^ 7; w < end; {
		if !iso && w >= addr {
			// The whole words of the access in this page, if it has no
			// cells (runs).
			if e := min(end&^7, (w|(pageSize-1))+1); e > w {
				if next := d.runs(w, e, addr, pin, t, a, write, true); next > w {
					w = next
					continue
				}
			}
		}
		words := d.mem.Words(w, end)
		if pin != nil && words[0].Fresh() {
			// One pin per page of the access: see shadow.Memory.Pin.
			d.mem.Pin(w, unsafe.Add(pin, max(w, addr)-addr))
		}
		for i := 0; i < len(words); {
			c := &words[i]
			lo, hi := max(w, addr), min(w+8, end)
			if lo != w || hi != w+8 || d.mem.IsSplit(c) {
				d.part(c, w, lo, hi, t, a, write, iso)
				i, w = i+1, w+8
				continue
			}
			b, races := *c, d.races
			if !d.fast(c, t, a, write, iso) {
				d.cell(c, w, 8, t, a, write, iso)
			}
			i, w = i+1, w+8
			if !iso && d.mem.Plain(&b) && d.mem.Plain(c) && races == d.races {
				n := min(len(words)-i, int((end-w)/8)) // whole words left in the page
				k := repeat(words[i:i+n], b, *c)
				i, w = i+k, w+8*uintptr(k)
			}
		}
	}
}

// repeat gives the leading cells of cells that equal before the value
// after, and returns their number: the check span made of a word whose
// cell was before, applied to its equal neighbours.
func repeat(cells []shadow.Cell, before, after shadow.Cell) int {
	if before == after {
		for i := range cells {
			if cells[i] != before {
				return i
			}
		}
		return len(cells)
	}
	for i := range cells {
		if cells[i] != before {
			return i
		}
		cells[i] = after
	}
	return len(cells)
}

// part checks an access to the bytes [lo, hi) of the word at w, whose cell
// is c, through c's sub-cells.
func (d *Detector) part(c *shadow.Cell, w, lo, hi uintptr, t uint32, a shadow.Acc, write, iso bool) {
	cells, g := d.mem.Sub(c, lo-w, hi-w)
	for i := range cells {
		s := &cells[i]
		if !iso && s.X == 0 && d.known(s.W, a.Step, t) && d.known(s.R, a.Step, t) {
			if write {
				s.W, s.R = a, shadow.Acc{}
			} else {
				s.R = a
			}
			continue
		}
		if !d.fast(s, t, a, write, iso) {
			d.cell(s, lo+uintptr(i)<<g, 1<<g, t, a, write, iso)
		}
	}
}

// fast handles, without searching the task graph, the common cases of a
// non-isolated access whose location's last writer is known to precede it
// (the accessing task itself, or a pair of tasks Precede has already
// answered for: dtrg.Graph.Known), so that it races with no writer:
//
//   - a location with one reader at most, also known to precede the
//     access: the access races with neither, and a write replaces both
//     (Algorithm 8), a read the reader (Algorithm 9: a reader that precedes
//     the new one is dropped);
//   - a read of a location whose reader slot holds an async read known to
//     run in parallel with it while no future exists: addReader drops it;
//   - a read of a location with several readers, one of them by the same
//     task in the slot or last in the list (a task that reads a location
//     many futures read): the new read supersedes that one, as addToSet
//     does. Members that precede the new read stay; a member kept although
//     it precedes a later read is still a real access, and checking it can
//     only find real races.
//
// Everything else, and isolated accesses, take the full path (cell).
func (d *Detector) fast(c *shadow.Cell, t uint32, a shadow.Acc, write, iso bool) bool {
	if iso || !d.known(c.W, a.Step, t) {
		return false
	}
	if c.X != 0 {
		if write {
			return d.fastWriteShared(c, t, a)
		}
		if d.mem.IsoOf(c) != nil {
			return false // the isolated writers need checking
		}
		more, pruned := d.mem.More(c)
		last := len(more) - 1
		switch {
		case last >= 0 && more[last].Step == a.Step: // the same step, the commonest case
			if c.R.Step != 0 {
				// The step takes the reader slot, where quick finds it.
				more, copied := d.writable(c, more)
				more[last], c.R = c.R, a
				d.setMore(c, more, pruned, copied)
			}
		case c.R.Step == a.Step || d.g.StepTask(c.R.Step) == t:
			c.R = a
		case last >= 0 && d.g.StepTask(more[last].Step) == t:
			more, copied := d.writable(c, more)
			more[last] = a
			d.setMore(c, more, pruned, copied)
		default:
			return false
		}
		return true
	}
	if d.known(c.R, a.Step, t) {
		if write {
			c.W = a
			c.R = shadow.Acc{}
		} else {
			c.R = a
		}
		return true
	}
	return !write && d.g.Futures() == 0 && d.g.KnownNot(c.R.Step, t)
}

// fastWriteShared is fast for a write to a location whose readers besides
// c.R are a shared set (shadow.Memory.Shared): when the slot's reader and
// every member of the set are known to precede the write, the write races
// with none of them, and Algorithm 8 makes it the only access (a shared
// set has no isolated accesses), as cell does after checking each. The
// halo of a stencil's block, which the block's task and a neighbour's
// read, is the common case: every write of it would otherwise search the
// graph for the pair of readers.
func (d *Detector) fastWriteShared(c *shadow.Cell, t uint32, a shadow.Acc) bool {
	if !d.mem.Shared(c) || !d.known(c.R, a.Step, t) {
		return false
	}
	more, _ := d.mem.More(c)
	for _, r := range more {
		if !d.known(r, a.Step, t) {
			return false
		}
	}
	d.mem.Clear(c)
	c.W, c.R = a, shadow.Acc{}
	return true
}

// known reports whether access x is known to precede the current step cur
// of the running task t without searching the task graph: x is of the
// current step, or none or from before the last Forget (dtrg's Before), or
// a remembered answer says so.
func (d *Detector) known(x shadow.Acc, cur dtrg.Step, t uint32) bool {
	return x.Step == cur || d.g.Before(x.Step) || d.g.Known(x.Step, t)
}

// pageSize is the size of a page of shadow memory (see shadow/runs.go).
const pageSize = 4096

// runs checks the access of the whole words [w, e) of one page, which
// lie in the access [addr, ...), when the page has no cells: once for each
// run of words with one history that the words overlap
// (shadow/runs.go), with the check span makes of each word, and the same
// result for every word of the run. That is exact on the conditions of
// span's repeat, which runs checks: the run's cell is plain (runs hold no
// others), the check leaves a plain cell and reports no race. When it
// does not, the page gets its cells, the word at the start of the run
// gets the cell its check left (its races are reported), and runs returns
// the address of the next word, from which span goes on word by word. It
// returns e when it checked every word, and w when the page has cells.
// span says whether the access is of several words (see shadow.Memory.Run).
func (d *Detector) runs(w, e, addr uintptr, pin unsafe.Pointer, t uint32, a shadow.Acc, write, span bool) uintptr {
	c, hi, ok := d.mem.Run(w, span)
	if !ok {
		return w
	}
	if pin != nil && c.Fresh() {
		// One pin per page of the access, on its first word there, as span
		// pins (shadow.Memory.Pin).
		d.mem.Pin(w, unsafe.Add(pin, w-addr))
	}
	for {
		stat(&statWhole)
		hi = min(hi, e)
		b, races := c, d.races
		if !d.fast(&c, t, a, write, false) {
			d.cell(&c, w, 8, t, a, write, false)
		}
		if races != d.races || !d.mem.Plain(&c) {
			*d.mem.Word(w) = c // gives the page its cells
			return w + 8
		}
		if c != b {
			d.mem.SetRun(w, hi, c)
		}
		if w = hi; w >= e {
			return e
		}
		if c, hi, ok = d.mem.Run(w, false); !ok {
			return w // SetRun gave the page its cells
		}
	}
}

// writable returns the readers more of c besides c.R in a list the caller
// may change, and whether it is a copy: more itself, or, for a shared set,
// a copy in d.buf. The caller hands it back through setMore.
func (d *Detector) writable(c *shadow.Cell, more []shadow.Acc) ([]shadow.Acc, bool) {
	if d.mem.Shared(c) {
		return append(d.buf[:0], more...), true
	}
	return more, false
}

// setMore makes more, from writable, the readers of c besides c.R. A copy
// the shadow memory keeps (as an Ext's list) is no longer d.buf.
func (d *Detector) setMore(c *shadow.Cell, more []shadow.Acc, pruned uint32, copied bool) {
	kept := d.mem.SetMore(c, more, pruned)
	switch {
	case copied && kept:
		d.buf = nil
	case copied:
		d.buf = more[:0]
	}
}
