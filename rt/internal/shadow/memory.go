package shadow

import "unsafe"

// Pages are found through a three-level table of the 36 bits of a 48-bit
// address above the page offset, 12 bits a level: each table is 32 KiB, so
// a program whose heap lies in a few GiB (as Go's does) costs a few small
// tables.
const (
	wordShift = 3
	pageShift = 12 // 4 KiB of program memory per page
	levelBits = 12

	wordsPerPage = 1 << (pageShift - wordShift)
	levelLen     = 1 << levelBits
)

// page is the shadow of 4 KiB of program memory.
type page struct {
	cells *cellBlock // outside the Go heap (see cells.go); nil while uni
	pins  *pins      // the pins beyond pin0 and few, when there are many
	few   []pinEntry // the pins beyond pin0, while there are at most maxFew
	pin0  unsafe.Pointer
	pin0w uint16  // the page's first pin, pin0, is of word pin0w: most pages pin one object
	pn    uintptr // page number: address >> pageShift
	gen   uint32  // the last generation that used the page (see Trim)
	seen  *seen   // the reads of the last step that read the page (see seen.go); noSeen while none

	// uni marks a page without cells: its words are runs of words with one
	// history each (runs.go), u alone when there is one (only accesses of
	// the whole page touched it), else rs. It has no cells until
	// page gives it some.
	uni bool
	u   Cell
	rs  *runList
	// tries and wait pace compact's looks at the page's cells; words
	// counts OneWord's single words.
	tries, wait, words uint16
}

// pins keeps alive the objects accessed in a page, one slot per word (see
// Memory.Pin), for pages of many small objects. A page of a large array
// pins a few words (the first of each row a loop accessed, say): those
// pins are a short list, so that the garbage collector scans a few words
// for the page instead of 4 KiB.
type pins [wordsPerPage]unsafe.Pointer

// pinEntry is a pin of word w.
type pinEntry struct {
	p unsafe.Pointer
	w uint16
}

// maxFew is the most pins a page keeps in its list.
const maxFew = 32

// noPage stands in the empty slots of Memory.recent, so that a lookup
// needs no nil check: no address has its page number.
var noPage = &page{pn: ^uintptr(0), seen: noSeen}

type (
	l3 [levelLen]*page
	l2 [levelLen]*l3
	l1 [levelLen]*l2
)

const recentBits = 6

// recentSlot returns the slot of page number pn in Memory.recent. The hash
// is multiplicative: arrays that lie a power of two of pages apart (large
// allocations, side by side) would all fall into one slot with pn modulo
// the table size, and evict one another at every access of a loop over
// them.
func recentSlot(pn uintptr) uintptr {
	return uintptr(uint64(pn) * 0x9E3779B97F4A7C15 >> (64 - recentBits))
}

// Memory is a shadow memory. The zero value is not ready: use New.
type Memory struct {
	l1    *l1
	gen   uint32 // bumped by every Trim
	pages int    // pages in the table
	live  int    // pages used in this generation

	// recent is a direct-mapped cache of this generation's pages by page
	// number, which Word reads inline, so that a loop over a few arrays at
	// once (a stencil reads three rows and writes a fourth) finds its pages
	// without a call.
	recent [1 << recentBits]*page // of this generation only, so that every page used goes through page once
	last   *page                  // the page page returned last, never nil: checked first

	npins   int      // pins kept, for tests
	filters seenRing // the filters of repeated reads that pages borrow (seen.go)
	cells   *cellArena
	spare   spare // free lists of page records (reserve.go)
	exts
	subs
}

// New returns an empty shadow memory.
func New() *Memory {
	m := &Memory{l1: new(l1), gen: 1}
	m.cells = newCellArena(m)
	m.forgetCaches()
	m.exts.reset()
	m.Refill()
	return m
}

// Trim frees the pages that were not used since the last Trim (or New),
// with everything their cells refer to and their pins, and starts a new
// generation. It forgets nothing else: callers that trim at a point where
// every access recorded so far precedes every later one (the detector,
// when a run is quiescent) also treat the steps recorded so far as
// preceding everything (dtrg.NewAfter), so that the state left in the
// pages still in use answers like none; the next generation, which
// typically touches the same memory again (a loop of parallel phases over
// the same arrays), then finds it without allocating, clearing or pinning
// anything. What is kept is bounded by the memory the last generation
// used.
//
// The pins of a kept page keep the objects accessed there, which is what
// makes the state left in it safe to keep (see Pin).
func (m *Memory) Trim() {
	old := m.gen
	m.gen++
	for i2, t2 := range m.l1 {
		if t2 == nil {
			continue
		}
		n2 := 0
		for i3, t3 := range t2 {
			if t3 == nil {
				continue
			}
			n3 := 0
			for i, p := range t3 {
				switch {
				case p == nil:
				case p.gen != old:
					m.drop(p)
					m.freePage(p)
					t3[i] = nil
				default:
					n3++
				}
			}
			if n3 == 0 {
				t2[i3] = nil
				m.freeL3(t3)
			} else {
				n2++
			}
		}
		if n2 == 0 {
			m.l1[i2] = nil
			m.freeL2(t2)
		}
	}
	m.live = 0
	m.forgetCaches()
	if len(m.shared.sets) > trimSets {
		m.dropShared()
	}
}

// trimSets is the number of shared sets above which Trim frees them all.
const trimSets = 1 << 16

// dropShared empties the shared reader sets of every cell kept and frees
// the sets. Trim may: its callers trim only where every access recorded so
// far precedes every later one, so such readers can never race again, and
// a cell without them answers every later check alike.
func (m *Memory) dropShared() {
	clearCell := func(c *Cell) {
		if isOne(c) {
			c.X = 0
		}
	}
	for _, t2 := range m.l1 {
		if t2 == nil {
			continue
		}
		for _, t3 := range t2 {
			if t3 == nil {
				continue
			}
			for _, p := range t3 {
				if p == nil {
					continue
				}
				p.runCells(clearCell)
				if p.cells == nil {
					continue
				}
				for i := range p.cells {
					c := &p.cells[i]
					if c.X&splitBit == 0 {
						clearCell(c)
						continue
					}
					j, g := subIndex(c.X)
					for k := range m.subs.block(j, g) {
						clearCell(&m.subs.block(j, g)[k])
					}
				}
			}
		}
	}
	m.shared.reset()
}

// drop releases what the cells of page p refer to (Exts and sub-cells) and
// its pins, before p is freed.
func (m *Memory) drop(p *page) {
	p.unlend()
	p.runCells(m.release)
	if p.rs != nil {
		m.freeRuns(p)
	}
	if p.cells != nil {
		m.dropCells(p)
	}
	if p.pin0 != nil {
		m.npins--
	}
	m.npins -= len(p.few)
	if p.pins != nil {
		for _, q := range p.pins {
			if q != nil {
				m.npins--
			}
		}
	}
	m.pages--
}

// dropCells releases what the cells of page p refer to and the cells.
func (m *Memory) dropCells(p *page) {
	for i := range p.cells {
		m.clearWord(&p.cells[i])
	}
	m.cells.put(p.cells)
	p.cells = nil
}

func (m *Memory) forgetCaches() {
	for i := range m.recent {
		m.recent[i] = noPage
	}
	m.last = noPage
}

// Pages returns the number of pages used since New or the last Trim, for
// measurements and for deciding when to trim.
func (m *Memory) Pages() int { return m.live }

// Words returns the cells of the words from the one holding addr to the one
// holding end-1 (addr < end), or to the last word of addr's page if that
// comes first, creating them: one call for an access, or for each page a
// long one spans.
func (m *Memory) Words(addr, end uintptr) []Cell {
	p := m.page(addr >> pageShift)
	i := (addr >> wordShift) & (wordsPerPage - 1)
	j := uintptr(wordsPerPage)
	if (end-1)>>pageShift == addr>>pageShift {
		j = ((end-1)>>wordShift)&(wordsPerPage-1) + 1
	}
	return p.cells[i:j:j]
}

// Word returns the cell of the word holding addr, creating it.
func (m *Memory) Word(addr uintptr) *Cell {
	return &m.page(addr >> pageShift).cells[(addr>>wordShift)%wordsPerPage]
}

// Cached returns the cell of the word holding addr if its page is in the
// cache of recent pages, else nil (then use Word): the common case of
// Word, small enough to be inlined into the detector's fast path.
func (m *Memory) Cached(addr uintptr) *Cell {
	if p := m.last; p.pn == addr>>pageShift {
		return &p.cells[(addr>>wordShift)%wordsPerPage]
	}
	if p := m.recent[recentSlot(addr>>pageShift)]; p.pn == addr>>pageShift {
		m.last = p
		return &p.cells[(addr>>wordShift)%wordsPerPage]
	}
	return nil
}

// page returns page number pn of this generation, creating it, with its
// cells up to date (see runs.go).
func (m *Memory) page(pn uintptr) *page {
	r := &m.recent[recentSlot(pn)]
	if (*r).pn == pn {
		m.last = *r
		return *r
	}
	p := m.find(pn, false)
	if p.cells == nil {
		m.giveCells(p)
	}
	*r = p
	m.last = p
	return p
}

// find returns page number pn of this generation from the table, creating
// it (without cells when uni is set, see runs.go) or marking it used in this
// generation.
func (m *Memory) find(pn uintptr, uni bool) *page {
	t2 := &m.l1[(pn>>(2*levelBits))%levelLen]
	if *t2 == nil {
		*t2 = m.newL2()
	}
	t3 := &(*t2)[(pn>>levelBits)%levelLen]
	if *t3 == nil {
		*t3 = m.newL3()
	}
	pp := &(*t3)[pn%levelLen]
	p := *pp
	switch {
	case p == nil:
		p = m.newPage()
		p.pn, p.gen, p.uni, p.seen = pn, m.gen, uni, noSeen
		*pp = p
		m.pages++
		m.live++
	case p.gen != m.gen:
		p.gen = m.gen // used in this generation: Trim keeps it
		m.live++
	}
	return p
}

// Pin keeps alive the object that p points into, where p is an address
// inside an access, in the word of addr, while the page of that word is
// kept. Callers pin, for each page an access touches, the first word of
// the access in that page when that word has no state yet (Cell.Fresh);
// Pin keeps the word's first pin and ignores later ones.
//
// That is enough to keep every word with state from being reused by
// another object, without allocator hooks; and a page's words with state
// depend only on the page's own pins, so a page and its pins can be freed
// together. An access lies inside one allocation unit of the Go heap (an
// object, or a block of tiny objects), and units cover whole words: when
// its first word in a page is fresh, a pin there (new, or kept from an
// earlier access whose unit, being alive, is the same unit) keeps that
// unit, and with it every word of the access in the page, alive. When that
// word has state, the unit an earlier access found there is alive (by the
// same argument, inductively), and it overlaps the current access, so it
// is the same unit.
//
// An object registered with Own is not pinned: its death is reported
// (Release) before its memory can be reused, which is what the pin
// guarantees for the others (see owned.go).
func (m *Memory) Pin(addr uintptr, p unsafe.Pointer) {
	if Owned(addr) {
		return
	}
	pg := m.find(addr>>pageShift, false)
	w := uint16((addr >> wordShift) % wordsPerPage)
	switch {
	case pg.pin0 == nil:
		pg.pin0, pg.pin0w = p, w
	case pg.pin0w == w:
		return
	case pg.pins != nil:
		s := &pg.pins[w]
		if *s != nil {
			return
		}
		*s = p
	default:
		for _, e := range pg.few {
			if e.w == w {
				return
			}
		}
		if pg.few == nil {
			pg.few = m.newFew()
		}
		if len(pg.few) < maxFew {
			pg.few = append(pg.few, pinEntry{p, w})
			break
		}
		pg.pins = m.newPins()
		for _, e := range pg.few {
			pg.pins[e.w] = e.p
		}
		if cap(pg.few) == maxFew {
			clear(pg.few)
			m.spare.few = append(m.spare.few, pg.few[:0])
		}
		pg.few = nil
		pg.pins[w] = p
	}
	m.npins++
}

// pinOf returns the pin of word w of page p, or nil.
func (p *page) pinOf(w int) unsafe.Pointer {
	if p.pin0 != nil && int(p.pin0w) == w {
		return p.pin0
	}
	if p.pins != nil {
		return p.pins[w]
	}
	for _, e := range p.few {
		if int(e.w) == w {
			return e.p
		}
	}
	return nil
}

// Pins returns the number of pins kept: for tests of the callers of Pin.
func (m *Memory) Pins() int { return m.npins }
