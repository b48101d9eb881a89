// Package jacobi is the arithmetic of the Jacobi kernel of Surendran and
// Sarkar's futures paper (section 5, table 2), which the authors translated
// from the KASTORS suite's OpenMP dependent-task version: a 5-point stencil
// sweep over an n×n grid, cut into b×b blocks.
//
// The grid is double-buffered: sweep k reads buffer k%2 and writes buffer
// (k+1)%2. Block (i, j) of sweep k+1 reads its own block and the facing
// edges of its four neighbours in sweep k, so it may start once those five
// blocks of sweep k are done; and since it overwrites the buffer that they
// read in sweep k, the same five dependences also order that
// write-after-read. Those are exactly the futures the kernel gets.
//
// The input is a discrete eigenfunction of the stencil with zero boundary,
// u(x, y) = sin(pπx/(n+1))·sin(qπy/(n+1)), so k sweeps must scale it by λ^k
// with λ = (cos(pπ/(n+1)) + cos(qπ/(n+1)))/2. Check compares with that
// closed form: a block computed from a neighbour of the wrong sweep is off by
// a factor of λ, far beyond rounding.
package jacobi

import (
	"fmt"
	"math"
)

// The modes of the eigenfunction (two different ones, so that a transposed
// block shows).
const p, q = 3, 5

// Grid is an n×n interior with a fixed zero boundary ring, in two buffers.
type Grid struct {
	N, B   int          // interior size and block size; B divides N
	stride int          // N+2
	buf    [2][]float64 // row-major, (N+2)×(N+2)
}

// NewGrid makes the grid with the eigenfunction in buffer 0. It fails when
// b does not divide n.
func NewGrid(n, b int) (*Grid, error) {
	if n < 1 || b < 1 || n%b != 0 {
		return nil, fmt.Errorf("block size %d must divide grid size %d (both positive)", b, n)
	}
	s := n + 2
	g := &Grid{N: n, B: b, stride: s, buf: [2][]float64{make([]float64, s*s), make([]float64, s*s)}}
	for i := 1; i <= n; i++ {
		for j := 1; j <= n; j++ {
			g.buf[0][i*s+j] = g.initial(i, j)
		}
	}
	return g, nil
}

// initial is the value of cell (i, j) before the first sweep.
func (g *Grid) initial(i, j int) float64 {
	h := math.Pi / float64(g.N+1)
	return math.Sin(p*h*float64(i)) * math.Sin(q*h*float64(j))
}

// lambda is the factor by which one sweep scales the eigenfunction.
func (g *Grid) lambda() float64 {
	h := math.Pi / float64(g.N+1)
	return (math.Cos(p*h) + math.Cos(q*h)) / 2
}

// Blocks is the number of blocks along a side.
func (g *Grid) Blocks() int { return g.N / g.B }

// Sweep computes block (bi, bj) of sweep k+1 from sweep k: every cell
// becomes the mean of its four neighbours.
func (g *Grid) Sweep(k, bi, bj int) {
	in, out, s, b := g.buf[k%2], g.buf[(k+1)%2], g.stride, g.B
	for i := bi*b + 1; i <= (bi+1)*b; i++ {
		for c := i*s + bj*b + 1; c <= i*s+(bj+1)*b; c++ {
			out[c] = (in[c-s] + in[c+s] + in[c-1] + in[c+1]) / 4
		}
	}
}

// Neighbours returns the blocks that block (bi, bj) of a sweep depends on in
// the sweep before: itself and the blocks above, below, left and right.
func (g *Grid) Neighbours(bi, bj int) [][2]int {
	nb := g.Blocks()
	deps := [][2]int{{bi, bj}}
	for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		i, j := bi+d[0], bj+d[1]
		if i >= 0 && i < nb && j >= 0 && j < nb {
			deps = append(deps, [2]int{i, j})
		}
	}
	return deps
}

// Check verifies the grid after sweeps sweeps against λ^sweeps times the
// input.
func (g *Grid) Check(sweeps int) error {
	scale := math.Pow(g.lambda(), float64(sweeps))
	tol := 1e-9 * math.Abs(scale)
	out := g.buf[sweeps%2]
	for i := 1; i <= g.N; i++ {
		for j := 1; j <= g.N; j++ {
			want := scale * g.initial(i, j)
			if got := out[i*g.stride+j]; math.Abs(got-want) > tol {
				return fmt.Errorf("cell (%d, %d) after %d sweeps is %.17g, want %.17g", i, j, sweeps, got, want)
			}
		}
	}
	return nil
}

// Summary is the result line: the sizes and a checksum of the final grid.
func (g *Grid) Summary(sweeps int) string {
	var sum float64
	for _, v := range g.buf[sweeps%2] {
		sum += math.Abs(v)
	}
	return fmt.Sprintf("n=%d block=%d sweeps=%d checksum=%.12e", g.N, g.B, sweeps, sum)
}
