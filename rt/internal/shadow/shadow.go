// Package shadow is the shadow memory of the checked execution: for every
// location the program touched, who last wrote it and who read it since
// (Surendran and Sarkar, section 4.2), at byte granularity.
//
// Memory is kept per 8-byte word in pages indexed by address through a
// two-level table, never with a map entry per address. A word accessed whole
// has one Cell; the first access to part of a word splits it into eight byte
// cells, so two fields of one struct or two elements of a byte slice are
// different locations while whole-word accesses stay one cell.
//
// Every page also pins, per word, a pointer into the object first accessed
// there. The garbage collector therefore cannot free that object and give its
// address to another one while the shadow state describes it; without
// allocator hooks this is what keeps two objects that would share an address
// from being taken for one location. Reset drops everything.
package shadow

import "unsafe"

// Acc is an access recorded in shadow memory: the task that made it, the
// time of the task graph at which it was made (which step of the task made
// it), and its site.
type Acc struct {
	Task uint32
	Time uint32
	Site uint32
}

// Readers is a set of accesses that do not conflict with one another, as
// kept by Algorithm 9 of Surendran and Sarkar (see package detect for the
// corrections): at most one access by an
// async task, and any number by future tasks.
type Readers struct {
	Pruned  uint32 // len(Futures) after the last batch of removals
	Async   Acc
	Futures []Acc // every other member: accesses by future tasks, and by async tasks once the execution has futures
}

// Empty reports whether r holds no access.
func (r *Readers) Empty() bool { return r.Async.Task == 0 && len(r.Futures) == 0 }

// Clear empties r, keeping its storage.
func (r *Readers) Clear() {
	r.Async = Acc{}
	r.Futures = r.Futures[:0]
	r.Pruned = 0
}

// Cell is the shadow state of one location.
type Cell struct {
	W Acc    // last non-isolated writer
	R Acc    // the async non-isolated reader since W
	X uint32 // index of the cell's Ext, 0 when it has none
	_ uint32
}

// Ext holds the rarer parts of a cell's state.
type Ext struct {
	Split *[8]Cell // byte cells, when the word was accessed in part
	FR    []Acc    // other non-isolated readers since W (see Readers.Futures)
	FRP   uint32   // Readers.Pruned of FR
	IW    Readers  // isolated writers since W (they do not race each other)
	IR    Readers  // isolated readers since W
}

const (
	wordShift = 3
	pageShift = 12 // 4 KiB of program memory per page
	l2Shift   = 30 // 1 GiB per second-level table
	addrBits  = 48

	wordsPerPage = 1 << (pageShift - wordShift)
	pagesPerL2   = 1 << (l2Shift - pageShift)
	l1Len        = 1 << (addrBits - l2Shift)
)

type page struct {
	cells [wordsPerPage]Cell
	pins  [wordsPerPage]unsafe.Pointer
}

type l2 [pagesPerL2]*page

// Memory is a shadow memory. The zero value is not ready: use New.
type Memory struct {
	l1    []*l2
	ext   []Ext
	free  []uint32 // indexes of cleared Exts
	pages int

	last   *page // the page of lastPN, a one-entry cache
	lastPN uintptr
}

// New returns an empty shadow memory.
func New() *Memory {
	m := &Memory{}
	m.Reset()
	return m
}

// Reset forgets every location and releases the pinned objects.
func (m *Memory) Reset() {
	m.l1 = make([]*l2, l1Len)
	m.ext = make([]Ext, 1) // index 0 means none
	m.free = nil
	m.pages = 0
	m.last, m.lastPN = nil, ^uintptr(0)
}

// Pages returns the number of pages allocated, for measurements.
func (m *Memory) Pages() int { return m.pages }

// PageBytes is the size of one page of shadow memory.
const PageBytes = int(unsafe.Sizeof(page{}))

// Word returns the cell of the 8-byte word holding addr, creating it. pin
// is a pointer into the accessed object at or after addr and inside the
// access; it is kept alive while the cell exists.
func (m *Memory) Word(addr uintptr, pin unsafe.Pointer) *Cell {
	pn := addr >> pageShift
	p := m.last
	if pn != m.lastPN {
		p = m.page(pn)
	}
	i := (addr >> wordShift) & (wordsPerPage - 1)
	if p.pins[i] == nil {
		p.pins[i] = pin
	}
	return &p.cells[i]
}

func (m *Memory) page(pn uintptr) *page {
	i1 := (pn >> (l2Shift - pageShift)) & (l1Len - 1)
	t := m.l1[i1]
	if t == nil {
		t = new(l2)
		m.l1[i1] = t
	}
	i2 := pn & (pagesPerL2 - 1)
	p := t[i2]
	if p == nil {
		p = new(page)
		t[i2] = p
		m.pages++
	}
	m.last, m.lastPN = p, pn
	return p
}

// Ext returns c's Ext, allocating one if c has none.
func (m *Memory) Ext(c *Cell) *Ext {
	if c.X != 0 {
		return &m.ext[c.X]
	}
	var i uint32
	if n := len(m.free); n > 0 {
		i = m.free[n-1]
		m.free = m.free[:n-1]
	} else {
		m.ext = append(m.ext, Ext{})
		i = uint32(len(m.ext) - 1)
	}
	c.X = i
	return &m.ext[i]
}

// ExtOf returns c's Ext, or nil if it has none.
func (m *Memory) ExtOf(c *Cell) *Ext {
	if c.X == 0 {
		return nil
	}
	return &m.ext[c.X]
}

// DropExt releases c's Ext when nothing in it is needed any more.
func (m *Memory) DropExt(c *Cell) {
	if c.X == 0 {
		return
	}
	e := &m.ext[c.X]
	if e.Split != nil || len(e.FR) > 0 || !e.IW.Empty() || !e.IR.Empty() {
		return
	}
	m.free = append(m.free, c.X)
	c.X = 0
}

// Split returns the byte cells of c, splitting it first if it is whole: each
// byte cell starts as a copy of c's state.
func (m *Memory) Split(c *Cell) *[8]Cell {
	if c.X != 0 && m.ext[c.X].Split != nil {
		return m.ext[c.X].Split
	}
	var bytes [8]Cell
	old := m.ExtOf(c)
	for i := range bytes {
		bytes[i] = Cell{W: c.W, R: c.R}
		if old != nil {
			e := m.Ext(&bytes[i])
			old = m.ExtOf(c) // m.ext may have moved
			e.FR = append([]Acc(nil), old.FR...)
			e.FRP = old.FRP
			e.IW = Readers{Pruned: old.IW.Pruned, Async: old.IW.Async, Futures: append([]Acc(nil), old.IW.Futures...)}
			e.IR = Readers{Pruned: old.IR.Pruned, Async: old.IR.Async, Futures: append([]Acc(nil), old.IR.Futures...)}
		}
	}
	s := &bytes
	e := m.Ext(c)
	*e = Ext{Split: s}
	c.W, c.R = Acc{}, Acc{}
	return s
}

// IsSplit reports whether c has been split into byte cells.
func (m *Memory) IsSplit(c *Cell) bool {
	return c.X != 0 && m.ext[c.X].Split != nil
}
