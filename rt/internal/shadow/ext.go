package shadow

// A cell's state beyond its writer and its first reader (Cell.R) is rare,
// and kept apart so that the common cell stays small: Cell.X says where.
//
//   - One more reader, the most common case of a location read by several
//     tasks (an input that two futures read), is one Acc in a table of
//     single readers: 8 bytes.
//   - More readers, or isolated accesses, take an Ext and its lists.
//
// Callers do not see the difference: More and SetMore give and take the
// readers besides Cell.R as one list, IsoOf and Iso the isolated accesses.
const (
	oneBit = 1 << 30 // Cell.X is oneBit | the index of the cell's second reader in ones
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
	ones    onesTable
}

func (x *exts) reset() {
	*x = exts{ext: make([]Ext, 1), iso: make([]Iso, 1)} // index 0 means none
}

// kind of a cell's X, for a cell that is not a split word.
func isOne(c *Cell) bool { return c.X&oneBit != 0 }
func isExt(c *Cell) bool { return c.X != 0 && c.X&(oneBit|splitBit) == 0 }

// More returns the non-isolated readers of c besides c.R, and Readers.Pruned
// of them. The list may be shadow storage: callers may overwrite its
// elements in place, and hand any list they grow or shrink back to
// SetMore before the next call to the Memory.
func (x *exts) More(c *Cell) ([]Acc, uint32) {
	switch {
	case isOne(c):
		return x.ones.at(c.X & xIndex), 0
	case isExt(c):
		e := &x.ext[c.X]
		return e.fr, e.frp
	}
	return nil, 0
}

// SetMore makes more (with Readers.Pruned pruned) the non-isolated readers
// of c besides c.R, in the smallest form that holds them and c's isolated
// accesses.
func (x *exts) SetMore(c *Cell, more []Acc, pruned uint32) {
	switch {
	case isExt(c):
		e := &x.ext[c.X]
		if e.iso != 0 || len(more) > 1 {
			e.fr, e.frp = more, pruned
			return
		}
		var one Acc
		if len(more) == 1 {
			one = more[0] // before the Ext, which more may share storage with, is reused
		}
		x.freeExt(c)
		if one.Step != 0 {
			x.setOne(c, one)
		}
	case isOne(c):
		if len(more) == 1 {
			x.ones.at(c.X & xIndex)[0] = more[0]
			return
		}
		x.ones.release(c.X & xIndex)
		c.X = 0
		if len(more) > 1 {
			e := x.newExt(c)
			e.fr, e.frp = more, pruned
		}
	default: // no readers besides c.R
		switch {
		case len(more) == 1:
			x.setOne(c, more[0])
		case len(more) > 1:
			e := x.newExt(c)
			e.fr, e.frp = more, pruned
		}
	}
}

func (x *exts) setOne(c *Cell, a Acc) {
	i := x.ones.alloc()
	x.ones.at(i)[0] = a
	c.X = oneBit | i
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
		one := x.ones.at(c.X & xIndex)[0]
		x.ones.release(c.X & xIndex)
		c.X = 0
		e := x.newExt(c)
		e.fr = append(e.fr, one)
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
		x.ones.release(c.X & xIndex)
		c.X = 0
	case isExt(c):
		x.freeExt(c)
	}
}

// copyExt gives dst (a new sub-cell, with no state beyond dst.R) a copy of
// src's state beyond src.R that shares no storage with it.
func (x *exts) copyExt(dst, src *Cell) {
	switch {
	case isOne(src):
		x.setOne(dst, x.ones.at(src.X & xIndex)[0])
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

// onesTable stores single Accs in chunks that never move, so that the
// one-element list More returns stays valid while others are added.
type onesTable struct {
	chunks [][]Acc
	n      uint32 // slots handed out so far, free or not
	free   []uint32
}

func (t *onesTable) at(i uint32) []Acc {
	c := t.chunks[i>>chunkBits]
	o := i & (chunkLen - 1)
	return c[o : o+1 : o+1]
}

func (t *onesTable) alloc() uint32 {
	if n := len(t.free); n > 0 {
		i := t.free[n-1]
		t.free = t.free[:n-1]
		return i
	}
	if t.n>>chunkBits == uint32(len(t.chunks)) {
		t.chunks = append(t.chunks, make([]Acc, chunkLen))
	}
	t.n++
	return t.n - 1
}

func (t *onesTable) release(i uint32) { t.free = append(t.free, i) }
