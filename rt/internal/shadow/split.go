package shadow

import "math/bits"

// subs stores the sub-cells of split words: chunks of cells that never move
// (so that a *Cell stays valid while others are split), handed out in
// blocks of 8, 4 or 2 cells, each block aligned to its size so that it
// never straddles two chunks.
type subs struct {
	chunks [][]Cell
	next   uint32      // index of the first never-used cell
	free   [3][]uint32 // released blocks, by granularity
}

const (
	chunkBits = 12
	chunkLen  = 1 << chunkBits
)

func (s *subs) reset() { *s = subs{} }

// A split word's Cell.X is splitBit or'ed with the index of its first
// sub-cell shifted left by two and with its granularity plus one: sub-cells
// of 1<<g bytes, g in 0..2. Indexes stay below 2^29 (16 GiB of sub-cells).
func subIndex(x uint32) (i uint32, g uint) { return x &^ splitBit >> 2, uint(x&3) - 1 }

func subCode(i uint32, g uint) uint32 { return splitBit | i<<2 | uint32(g+1) }

// block returns the 8>>g cells of the block at index i.
func (s *subs) block(i uint32, g uint) []Cell {
	n := uint32(8 >> g)
	o := i & (chunkLen - 1)
	return s.chunks[i>>chunkBits][o : o+n : o+n]
}

// alloc returns the index of a block of 8>>g zeroed cells.
func (s *subs) alloc(g uint) uint32 {
	if f := s.free[g]; len(f) > 0 {
		i := f[len(f)-1]
		s.free[g] = f[:len(f)-1]
		clear(s.block(i, g))
		return i
	}
	n := uint32(8 >> g)
	s.next = (s.next + n - 1) &^ (n - 1)
	if s.next>>chunkBits == uint32(len(s.chunks)) {
		s.chunks = append(s.chunks, make([]Cell, chunkLen))
	}
	i := s.next
	s.next += n
	return i
}

// IsSplit reports whether word cell c has been split into sub-cells.
func (m *Memory) IsSplit(c *Cell) bool { return c.X&splitBit != 0 }

// Sub returns the sub-cells of the word cell c that cover the bytes
// [lo, hi) of the word (0 ≤ lo < hi ≤ 8), and the log2 of their size in
// bytes. It splits c, or splits its sub-cells further, as far as needed
// for each sub-cell to be either inside [lo, hi) or outside it: the
// coarsest granularity that divides both lo and hi. Each new sub-cell
// starts as a copy of the cell it was cut from, which is exact because
// every access before covered all of that cell's bytes or none.
func (m *Memory) Sub(c *Cell, lo, hi uintptr) ([]Cell, uint) {
	need := min(uint(bits.TrailingZeros8(uint8(lo|hi))), 2)
	if c.X&splitBit == 0 {
		return m.split(c, need)[lo>>need : hi>>need], need
	}
	i, g := subIndex(c.X)
	if g > need {
		return m.refine(c, i, g, need)[lo>>need : hi>>need], need
	}
	n := uint32(8 >> g)
	o := i & (chunkLen - 1)
	return m.subs.chunks[i>>chunkBits][o+uint32(lo>>g) : o+uint32(hi>>g) : o+n], g
}

// split cuts the whole word c into cells of 1<<g bytes.
func (m *Memory) split(c *Cell, g uint) []Cell {
	i := m.subs.alloc(g)
	cells := m.subs.block(i, g)
	for k := range cells {
		cells[k] = Cell{W: c.W, R: c.R}
		m.exts.copyExt(&cells[k], c)
	}
	m.release(c)
	*c = Cell{X: subCode(i, g)}
	return cells
}

// refine cuts each sub-cell of c, now of 1<<g bytes, into cells of 1<<h
// bytes, h < g.
func (m *Memory) refine(c *Cell, i uint32, g, h uint) []Cell {
	j := m.subs.alloc(h)
	old, cells := m.subs.block(i, g), m.subs.block(j, h)
	per := 1 << (g - h)
	for k := range old {
		for l := range per {
			n := &cells[k*per+l]
			*n = Cell{W: old[k].W, R: old[k].R}
			m.exts.copyExt(n, &old[k])
		}
		m.release(&old[k])
	}
	m.subs.free[g] = append(m.subs.free[g], i)
	c.X = subCode(j, h)
	return cells
}

// release frees c's state beyond c.R, whose content has been copied
// elsewhere.
func (m *Memory) release(c *Cell) { m.Clear(c) }

// Exact returns the sub-cell of the word cell c that covers exactly the
// size bytes at offset off of the word, or nil if c is not split into
// cells of that size: the one-cell case of Sub, small enough to inline.
func (m *Memory) Exact(c *Cell, off, size uintptr) *Cell {
	i, g := subIndex(c.X)
	if c.X&splitBit == 0 || size != 1<<g || off&(size-1) != 0 {
		return nil
	}
	return &m.subs.chunks[i>>chunkBits][i&(chunkLen-1)+uint32(off>>g)]
}
