package shadow

// The access path allocates nothing on the Go heap in the common case.
//
// The cells of pages live outside the heap (cells.go), but a page's own
// record, the tables that find it, its list of pins and the filters of
// repeated reads hold pointers the garbage collector must see (the pins
// above all: they keep objects alive), so they live in the heap. An access
// that touches a new page needs some of them; allocating them there would
// make the checked program allocate where the plain one does not, which a
// program that counts its allocations (runtime.MemStats.Mallocs across a
// stretch of code without synchronisation) can tell, as it can tell
// `go build -race`'s shadow memory from none at all only by the memory the
// process maps. So the records come from free lists (Memory.spare), which
// the pages that Trim frees give their records back to, and which Refill
// tops up in batches; the detector refills at the events of the task graph
// (a spawn, the end of a task), never on the access path. Only a stretch
// between two events that touches more new pages than a batch holds
// allocates on its own, and then once a batch.

// Batch sizes: how many records of each kind Refill leaves ready.
const (
	sparePages = 64
	spareFew   = 64
	sparePins  = 8
	spareSeen  = 8
	spareL3    = 1
	spareL2    = 1
)

// spare is the free lists of the records pages need.
type spare struct {
	pages []*page
	few   [][]pinEntry // empty, with capacity maxFew
	pins  []*pins      // zeroed
	seen  []*seen      // unlent, zeroed
	l3    []*l3        // empty
	l2    []*l2        // empty
	runs  []*runList   // empty
}

// Refill tops up the free lists, allocating in batches: call it where an
// allocation is harmless (the detector does at task-graph events).
func (m *Memory) Refill() {
	s := &m.spare
	m.cells.ensure(sparePages / 4)
	if len(s.pages) < sparePages/4 {
		slab := make([]page, sparePages)
		for i := range slab {
			s.pages = append(s.pages, &slab[i])
		}
	}
	if len(s.few) < spareFew/4 {
		slab := make([]pinEntry, spareFew*maxFew)
		for i := range spareFew {
			s.few = append(s.few, slab[i*maxFew:i*maxFew:(i+1)*maxFew])
		}
	}
	for len(s.pins) < sparePins {
		s.pins = append(s.pins, new(pins))
	}
	if r := &m.filters; cap(r.all)-len(r.all) < spareSeen {
		r.all = append(make([]*seen, 0, 2*cap(r.all)+spareSeen), r.all...)
	}
	for len(s.seen) < spareSeen {
		s.seen = append(s.seen, new(seen))
	}
	for len(s.runs) < spareRuns {
		s.runs = append(s.runs, new(runList))
	}
	for len(s.l3) < spareL3 {
		s.l3 = append(s.l3, new(l3))
	}
	for len(s.l2) < spareL2 {
		s.l2 = append(s.l2, new(l2))
	}
}

// take pops a record from the free list l, or allocates a new one when l
// is empty.
func take[T any](l *[]*T) *T {
	if n := len(*l); n > 0 {
		r := (*l)[n-1]
		*l = (*l)[:n-1]
		return r
	}
	return new(T)
}

// newPage returns a zeroed page record.
func (m *Memory) newPage() *page { return take(&m.spare.pages) }

// freePage gives the records of page p, which drop has released, back to
// the free lists.
func (m *Memory) freePage(p *page) {
	s := &m.spare
	if p.few != nil && cap(p.few) == maxFew {
		clear(p.few)
		s.few = append(s.few, p.few[:0])
	}
	if p.pins != nil && len(s.pins) < 4*sparePins {
		*p.pins = pins{}
		s.pins = append(s.pins, p.pins)
	}
	*p = page{}
	if len(s.pages) < 4*sparePages {
		s.pages = append(s.pages, p)
	}
}

// newFew returns an empty list of pins with room for maxFew.
func (m *Memory) newFew() []pinEntry {
	s := &m.spare
	if n := len(s.few); n > 0 {
		f := s.few[n-1]
		s.few = s.few[:n-1]
		return f
	}
	return make([]pinEntry, 0, maxFew)
}

// newPins returns a zeroed array of pins.
func (m *Memory) newPins() *pins { return take(&m.spare.pins) }

// newSeen returns a zeroed filter.
func (m *Memory) newSeen() *seen { return take(&m.spare.seen) }

// newL3 and newL2 return empty tables.
func (m *Memory) newL3() *l3 { return take(&m.spare.l3) }

func (m *Memory) newL2() *l2 { return take(&m.spare.l2) }

// freeL3 and freeL2 take back a table that Trim emptied.
func (m *Memory) freeL3(t *l3) {
	if len(m.spare.l3) < 4 {
		m.spare.l3 = append(m.spare.l3, t)
	}
}

func (m *Memory) freeL2(t *l2) {
	if len(m.spare.l2) < 4 {
		m.spare.l2 = append(m.spare.l2, t)
	}
}
