// Package grid is the arithmetic of the two-dimensional stencil kernel: a
// diffusion step on an n×n periodic grid stored the way most Go code
// stores a matrix, as a [][]float64 of separately allocated rows, each
// point reading itself and its four neighbours through the row slices.
//
// The stencil's weights are non-negative and add up to one, and the grid
// is periodic, so a sweep keeps the grid's sum (up to rounding) and keeps
// every value between the previous minimum and maximum: the checks of the
// kernel, independent of the order in which rows are computed.
package grid

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// New returns an n×n grid of pseudo-random values in [0, 1) from seed.
func New(n int, seed uint64) [][]float64 {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	g := Zero(n)
	for i := range g {
		for j := range g[i] {
			g[i][j] = rng.Float64()
		}
	}
	return g
}

// Zero returns an n×n grid of zeros.
func Zero(n int) [][]float64 {
	g := make([][]float64, n)
	for i := range g {
		g[i] = make([]float64, n)
	}
	return g
}

// Sweep computes rows [lo, hi) of dst from src: each point is half its own
// value plus an eighth of each of its four neighbours, wrapping around the
// edges.
func Sweep(dst, src [][]float64, lo, hi int) {
	n := len(src)
	for i := lo; i < hi; i++ {
		up, row, down := src[(i+n-1)%n], src[i], src[(i+1)%n]
		out := dst[i]
		for j := 0; j < n; j++ {
			l, r := j-1, j+1
			if l < 0 {
				l = n - 1
			}
			if r == n {
				r = 0
			}
			out[j] = 0.5*row[j] + 0.125*(up[j]+down[j]+row[l]+row[r])
		}
	}
}

// Rows returns the rows [lo, hi) of part p of parts.
func Rows(p, parts, n int) (lo, hi int) { return p * n / parts, (p + 1) * n / parts }

// Stats are the sum, minimum and maximum of a grid.
type Stats struct{ Sum, Min, Max float64 }

// Measure returns the statistics of g.
func Measure(g [][]float64) Stats {
	s := Stats{Min: math.Inf(1), Max: math.Inf(-1)}
	for _, row := range g {
		for _, v := range row {
			s.Sum += v
			s.Min = min(s.Min, v)
			s.Max = max(s.Max, v)
		}
	}
	return s
}

// Check compares the final grid's statistics with the initial ones: the
// same sum up to rounding, and values within the initial range, but not
// all equal to the initial grid's sum over the points (the sweeps did
// something unless the grid was already flat).
func Check(before Stats, after [][]float64, sweeps int) error {
	a := Measure(after)
	n := float64(len(after) * len(after))
	if math.Abs(a.Sum-before.Sum) > 1e-9*n*float64(sweeps+1) {
		return fmt.Errorf("the sum changed from %v to %v", before.Sum, a.Sum)
	}
	if a.Min < before.Min || a.Max > before.Max {
		return fmt.Errorf("values [%v, %v] left the initial range [%v, %v]", a.Min, a.Max, before.Min, before.Max)
	}
	if sweeps > 0 && a.Max-a.Min >= before.Max-before.Min {
		return fmt.Errorf("the range [%v, %v] did not narrow from [%v, %v]", a.Min, a.Max, before.Min, before.Max)
	}
	return nil
}

// Summary is the result line: the size, the number of sweeps and two
// values of the final grid, which every build computes by the same
// operations.
func Summary(g [][]float64, sweeps int) string {
	n := len(g)
	return fmt.Sprintf("n=%d sweeps=%d g[0][0]=%.15g g[n/2][n/3]=%.15g", n, sweeps, g[0][0], g[n/2][n/3])
}
