package shadow

import "slices"

// A cell's state beyond its writer and its first reader (Cell.R) is rare,
// and kept apart so that the common cell stays small: Cell.X says where.
//
//   - A few more readers, the common case of a location several tasks read
//     (an input that futures read), are a shared set: an immutable list
//     of at most maxShared readers, interned, so that all the words an
//     array's readers have read alike name one list (see sharedSets).
//   - More readers, or isolated accesses, take an Ext and its lists.
//
// Callers do not see the difference but in one respect: the list More
// returns for a shared set must not be modified (Shared tells). SetMore
// takes the readers besides Cell.R as one list, IsoOf and Iso give the
// isolated accesses.
const (
	oneBit = 1 << 30 // Cell.X is oneBit | the id of the cell's shared set of readers
	xIndex = oneBit - 1
)

// Ext holds the readers of a cell besides Cell.R when there are two or
// more, and its isolated accesses.
type Ext struct {
	fr  []Acc  // the non-isolated readers since W other than Cell.R (Readers.More)
	frp uint32 // Readers.Pruned of fr
	iso uint32 // index of the isolated accesses, 0 when none
}

// Iso holds the isolated accesses to a location since its last
// non-isolated writer.
type Iso struct {
	IW Readers // isolated writers (they do not race each other)
	IR Readers // isolated readers
}

func (s *Iso) empty() bool { return s.IW.Empty() && s.IR.Empty() }

// exts is the storage of the state beyond the cells: Exts, Isos and single
// second readers, each in a table with a free list.
type exts struct {
	ext     []Ext
	free    []uint32 // indexes of unused Exts
	iso     []Iso
	isoFree []uint32
	shared  sharedSets
}

func (x *exts) reset() {
	*x = exts{ext: make([]Ext, 1), iso: make([]Iso, 1)} // index 0 means none
	x.shared.reset()
}

// kind of a cell's X, for a cell that is not a split word.
func isOne(c *Cell) bool { return c.X&oneBit != 0 }
func isExt(c *Cell) bool { return c.X != 0 && c.X&(oneBit|splitBit) == 0 }

// More returns the non-isolated readers of c besides c.R, and Readers.Pruned
// of them. The list may be shadow storage: unless Shared(c), callers may
// overwrite its elements in place, and they hand any list they change back
// to SetMore before the next call to the Memory. A shared set's list must
// not be modified: copy it first.
func (x *exts) More(c *Cell) ([]Acc, uint32) {
	switch {
	case isOne(c):
		return x.shared.list(c.X & xIndex)
	case isExt(c):
		e := &x.ext[c.X]
		return e.fr, e.frp
	}
	return nil, 0
}

// Plain reports whether c's state is a value: W, R and at most a shared
// set of readers, no Ext, not split. Two plain cells that are equal
// describe the same history.
func (x *exts) Plain(c *Cell) bool { return c.X == 0 || isOne(c) }

// Shared reports whether the readers of c besides c.R are a shared set,
// whose list callers must not modify.
func (x *exts) Shared(c *Cell) bool { return isOne(c) }

// SetMore makes more (with Readers.Pruned pruned) the non-isolated readers
// of c besides c.R: a shared set when it is small and c has no isolated
// accesses, else an Ext, which keeps more itself as its list. It reports
// whether it kept more (the caller must then not reuse its storage).
func (x *exts) SetMore(c *Cell, more []Acc, pruned uint32) (kept bool) {
	if isExt(c) && x.ext[c.X].iso != 0 {
		e := &x.ext[c.X]
		e.fr, e.frp = more, pruned
		return true
	}
	if len(more) == 0 {
		x.Clear(c)
		return false
	}
	if len(more) <= maxShared {
		if id, ok := x.shared.intern(more, pruned); ok {
			x.Clear(c)
			c.X = oneBit | id
			return false
		}
	}
	if !isExt(c) {
		x.Clear(c)
		x.newExt(c)
	}
	e := &x.ext[c.X]
	e.fr, e.frp = more, pruned
	return true
}

// newExt gives c, which has no state beyond c.R, an empty Ext. The pointer
// is valid until the next call that allocates an Ext.
func (x *exts) newExt(c *Cell) *Ext {
	var i uint32
	if n := len(x.free); n > 0 {
		i = x.free[n-1]
		x.free = x.free[:n-1]
	} else {
		x.ext = append(x.ext, Ext{})
		i = uint32(len(x.ext) - 1)
	}
	c.X = i
	e := &x.ext[i]
	e.fr, e.frp = e.fr[:0], 0 // a reused Ext keeps its list's storage
	return e
}

// freeExt releases c's Ext and its Iso, keeping the storage of the lists.
func (x *exts) freeExt(c *Cell) {
	e := &x.ext[c.X]
	if e.iso != 0 {
		s := &x.iso[e.iso]
		s.IW.Clear()
		s.IR.Clear()
		x.isoFree = append(x.isoFree, e.iso)
		e.iso = 0
	}
	e.fr, e.frp = e.fr[:0], 0
	x.free = append(x.free, c.X)
	c.X = 0
}

// IsoOf returns the isolated accesses of c, or nil if it has none.
func (x *exts) IsoOf(c *Cell) *Iso {
	if !isExt(c) || x.ext[c.X].iso == 0 {
		return nil
	}
	return &x.iso[x.ext[c.X].iso]
}

// Iso returns the isolated accesses of c, allocating them if c has none.
// The pointer is valid until the next call that allocates an Iso.
func (x *exts) Iso(c *Cell) *Iso {
	if isOne(c) {
		accs, pruned := x.shared.list(c.X & xIndex)
		c.X = 0
		e := x.newExt(c)
		e.fr, e.frp = append(e.fr, accs...), pruned
	} else if c.X == 0 {
		x.newExt(c)
	}
	e := &x.ext[c.X]
	if e.iso == 0 {
		if n := len(x.isoFree); n > 0 {
			e.iso = x.isoFree[n-1]
			x.isoFree = x.isoFree[:n-1]
		} else {
			x.iso = append(x.iso, Iso{})
			e.iso = uint32(len(x.iso) - 1)
		}
	}
	return &x.iso[e.iso]
}

// Clear drops the state of c beyond its writer and first reader (c is not
// a split word), keeping storage for reuse.
func (x *exts) Clear(c *Cell) {
	switch {
	case isOne(c):
		c.X = 0 // the set stays: other cells may name it
	case isExt(c):
		x.freeExt(c)
	}
}

// copyExt gives dst (a new sub-cell, with no state beyond dst.R) a copy of
// src's state beyond src.R that shares no storage with it.
func (x *exts) copyExt(dst, src *Cell) {
	switch {
	case isOne(src):
		dst.X = src.X // immutable: shared by both
	case isExt(src):
		e := x.newExt(dst)
		s := &x.ext[src.X] // after newExt: x.ext may have moved
		e.fr, e.frp = append(e.fr, s.fr...), s.frp
		if s.iso != 0 {
			si := x.iso[s.iso]
			*x.Iso(dst) = Iso{IW: si.IW.clone(), IR: si.IR.clone()}
		}
	}
}

// maxShared is the most readers a shared set holds: a location read by
// more tasks in parallel is rare, and its list, which then grows by
// appending in place, is its own (an Ext).
const maxShared = 16

// maxSets bounds the shared sets of a Memory (about 24 bytes and the
// readers each): beyond it, cells keep their readers in Exts.
const maxSets = 1 << 22

// sharedSets interns the small reader lists of cells. Neighbouring words
// of an array that the same tasks read have equal lists; interned, they
// name one list, which costs a few bytes per word instead of a list per
// word, and leaves their cells equal, so that the detector checks an
// access of the whole array by checking one word and copying its result
// to the equal cells beside it. A set is never changed or freed while the
// Memory lives: a cell that gains or loses a reader names another set.
type sharedSets struct {
	sets   []sharedSet       // by id; 0 is none
	index  map[uint64]uint32 // hash of a list → its set
	chunks [][]Acc           // the lists, in chunks that never move
}

// sharedSet locates a list in the chunks. It holds no pointer, so that the
// garbage collector does not scan the millions of them a run can make.
type sharedSet struct {
	chunk, off uint32
	n          uint16
	pruned     uint32
}

const setChunk = 1 << 14 // Accs per chunk of lists

func (s *sharedSets) reset() {
	*s = sharedSets{sets: make([]sharedSet, 1), index: map[uint64]uint32{}}
}

// list returns the readers and Readers.Pruned of set id. The list must not
// be modified.
func (s *sharedSets) list(id uint32) ([]Acc, uint32) {
	e := &s.sets[id]
	c := s.chunks[e.chunk]
	return c[e.off : e.off+uint32(e.n) : e.off+uint32(e.n)], e.pruned
}

// intern returns the id of the set of list accs with Readers.Pruned
// pruned, creating it, or false when there is no room or another list has
// the same hash (the caller then keeps the list in an Ext).
func (s *sharedSets) intern(accs []Acc, pruned uint32) (uint32, bool) {
	h := uint64(pruned)*0x9E3779B97F4A7C15 ^ uint64(len(accs))
	for _, a := range accs {
		h = (h ^ uint64(a.Step)<<32 ^ uint64(a.Site)) * 0x100000001B3
	}
	if id, ok := s.index[h]; ok {
		if l, p := s.list(id); p == pruned && slices.Equal(l, accs) {
			return id, true
		}
		return 0, false
	}
	if len(s.sets) >= maxSets {
		return 0, false
	}
	last := len(s.chunks) - 1
	if last < 0 || cap(s.chunks[last])-len(s.chunks[last]) < len(accs) {
		s.chunks = append(s.chunks, make([]Acc, 0, setChunk))
		last++
	}
	off := len(s.chunks[last])
	s.chunks[last] = append(s.chunks[last], accs...)
	id := uint32(len(s.sets))
	s.sets = append(s.sets, sharedSet{chunk: uint32(last), off: uint32(off), n: uint16(len(accs)), pruned: pruned})
	s.index[h] = id
	return id, true
}
