// Package align is the arithmetic of the Smith-Waterman kernel of Surendran
// and Sarkar's futures paper (section 5, table 2): the best local alignment
// score of two DNA sequences, with the score matrix cut into tiles.
//
// Cell H[i][j] (1-based, with row 0 and column 0 zero) is
//
//	max(0, H[i-1][j-1] + s(a[i], b[j]), H[i-1][j] + Gap, H[i][j-1] + Gap)
//
// so a tile needs the last row of the tile above, the last column of the
// tile to its left and the corner of the tile up and to the left: the three
// futures each tile's future gets. A tile keeps only its four edges, which
// is all its neighbours and Check need, so memory grows with the number of
// tiles, not of cells.
package align

import (
	"fmt"
	"math/rand/v2"
)

// The scoring scheme: a linear gap penalty.
const (
	Match    = 2
	Mismatch = -1
	Gap      = -2
)

// Problem is a pair of sequences and the tiling of their score matrix.
type Problem struct {
	A, B         []byte // rows follow A, columns follow B
	TileRows     int    // tiles down
	TileCols     int    // tiles across
	PlantedScore int32  // a lower bound of the best score: B contains a copy of part of A
}

// NewProblem makes sequences of lengths n and m over ACGT, pseudo-random
// from seed, and copies a quarter of A into B so that the best alignment is
// long. The matrix is cut into tiles×tiles tiles.
func NewProblem(n, m, tiles int, seed uint64) (*Problem, error) {
	if n < 1 || m < 1 || tiles < 1 || tiles > n || tiles > m {
		return nil, fmt.Errorf("need 1 <= tiles (%d) <= the lengths (%d, %d)", tiles, n, m)
	}
	rng := rand.New(rand.NewPCG(seed, 3))
	gen := func(k int) []byte {
		s := make([]byte, k)
		for i := range s {
			s[i] = "ACGT"[rng.IntN(4)]
		}
		return s
	}
	p := &Problem{A: gen(n), B: gen(m), TileRows: tiles, TileCols: tiles}
	l := min(n, m) / 4
	from, to := rng.IntN(n-l+1), rng.IntN(m-l+1)
	copy(p.B[to:to+l], p.A[from:from+l])
	p.PlantedScore = int32(l * Match)
	return p, nil
}

// span returns the 1-based range [lo, hi) of rows (or columns) of tile k of
// tiles over length n.
func span(k, tiles, n int) (lo, hi int) {
	return 1 + k*n/tiles, 1 + (k+1)*n/tiles
}

// Tile is what is kept of a computed tile: its edges and its best score.
type Tile struct {
	Top, Bottom []int32 // first and last row
	Left, Right []int32 // first and last column
	Best        int32
}

// Compute computes tile (ti, tj) from its neighbours above, to the left and
// diagonally up-left; a neighbour outside the matrix is nil.
func (p *Problem) Compute(ti, tj int, up, left, diag *Tile) *Tile {
	i0, i1 := span(ti, p.TileRows, len(p.A))
	j0, j1 := span(tj, p.TileCols, len(p.B))
	w := j1 - j0
	prev := make([]int32, w+1) // H[i-1][j0-1 .. j1-1]
	if diag != nil {
		prev[0] = diag.Bottom[len(diag.Bottom)-1]
	}
	if up != nil {
		copy(prev[1:], up.Bottom)
	}
	t := &Tile{Left: make([]int32, i1-i0), Right: make([]int32, i1-i0)}
	cur := make([]int32, w+1)
	cols := p.B[j0-1 : j1-1] // the letters of the tile's columns
	var best int32
	for i := i0; i < i1; i++ {
		if left != nil {
			cur[0] = left.Right[i-i0]
		} else {
			cur[0] = 0
		}
		a := p.A[i-1]
		for j, b := range cols {
			h := cell(prev[j], prev[j+1], cur[j], a, b)
			cur[j+1] = h
			best = max(best, h)
		}
		if i == i0 {
			t.Top = append([]int32(nil), cur[1:]...)
		}
		t.Left[i-i0], t.Right[i-i0] = cur[1], cur[w]
		prev, cur = cur, prev
	}
	t.Bottom = append([]int32(nil), prev[1:]...)
	t.Best = best
	return t
}

// cell is the recurrence, from the cells up-left, up and left.
func cell(diag, up, left int32, a, b byte) int32 {
	s := int32(Mismatch)
	if a == b {
		s = Match
	}
	return max(0, diag+s, up+Gap, left+Gap)
}

// Check verifies the tiles, indexed [ti][tj], against the recurrence at the
// first row and column of every tile. A tile that ran with a neighbour's
// edge other than the one that neighbour finished with fails there. It also
// checks the best score against the planted copy and returns it.
func (p *Problem) Check(tiles [][]*Tile) (int32, error) {
	var best int32
	at := func(ti, tj int) *Tile {
		if ti < 0 || tj < 0 {
			return nil
		}
		return tiles[ti][tj]
	}
	corner := func(t *Tile) int32 { // bottom-right cell, 0 outside the matrix
		if t == nil {
			return 0
		}
		return t.Bottom[len(t.Bottom)-1]
	}
	for ti := range p.TileRows {
		for tj := range p.TileCols {
			t, up, left, diag := tiles[ti][tj], at(ti-1, tj), at(ti, tj-1), at(ti-1, tj-1)
			if t == nil {
				return 0, fmt.Errorf("tile (%d, %d) was not computed", ti, tj)
			}
			i0, _ := span(ti, p.TileRows, len(p.A))
			j0, _ := span(tj, p.TileCols, len(p.B))
			upRow := func(k int) int32 { // H[i0-1][j0+k], k >= -1
				if k < 0 {
					return corner(diag)
				}
				if up == nil {
					return 0
				}
				return up.Bottom[k]
			}
			leftCol := func(k int) int32 { // H[i0+k][j0-1], k >= -1
				if k < 0 {
					return corner(diag)
				}
				if left == nil {
					return 0
				}
				return left.Right[k]
			}
			for k, h := range t.Top {
				l := leftCol(0)
				if k > 0 {
					l = t.Top[k-1]
				}
				if want := cell(upRow(k-1), upRow(k), l, p.A[i0-1], p.B[j0+k-1]); h != want {
					return 0, fmt.Errorf("H[%d][%d] is %d, want %d", i0, j0+k, h, want)
				}
			}
			for k, h := range t.Left {
				u := upRow(0)
				if k > 0 {
					u = t.Left[k-1]
				}
				if want := cell(leftCol(k-1), u, leftCol(k), p.A[i0+k-1], p.B[j0-1]); h != want {
					return 0, fmt.Errorf("H[%d][%d] is %d, want %d", i0+k, j0, h, want)
				}
			}
			best = max(best, t.Best)
		}
	}
	if hi := int32(min(len(p.A), len(p.B)) * Match); best < p.PlantedScore || best > hi {
		return best, fmt.Errorf("best score %d is outside [%d, %d]", best, p.PlantedScore, hi)
	}
	return best, nil
}
