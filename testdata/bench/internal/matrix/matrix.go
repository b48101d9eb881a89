// Package matrix holds the dense square matrices of the Strassen kernel of
// Surendran and Sarkar's futures paper (section 5, table 2): views that
// share storage, so that quadrants are taken without copying, the sums and
// products the recursion needs, and Freivalds' check of a product.
package matrix

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// M is an N×N view of row-major storage with the given row stride.
type M struct {
	N      int
	stride int
	data   []float64
}

// New allocates an n×n zero matrix.
func New(n int) M { return M{N: n, stride: n, data: make([]float64, n*n)} }

// Random returns an n×n matrix with entries uniform in [-1, 1).
func Random(n int, rng *rand.Rand) M {
	m := New(n)
	for i := range m.data {
		m.data[i] = 2*rng.Float64() - 1
	}
	return m
}

// At returns entry (i, j).
func (m M) At(i, j int) float64 { return m.data[i*m.stride+j] }

// row returns row i of the view.
func (m M) row(i int) []float64 { return m.data[i*m.stride : i*m.stride+m.N] }

// Quad returns quadrant (i, j) of m, i and j in {0, 1}, as a view. N must
// be even.
func (m M) Quad(i, j int) M {
	h := m.N / 2
	return M{N: h, stride: m.stride, data: m.data[i*h*m.stride+j*h:]}
}

// Add sets dst to a+b.
func Add(dst, a, b M) {
	for i := range dst.N {
		d, x, y := dst.row(i), a.row(i), b.row(i)
		for j := range d {
			d[j] = x[j] + y[j]
		}
	}
}

// Sub sets dst to a-b.
func Sub(dst, a, b M) {
	for i := range dst.N {
		d, x, y := dst.row(i), a.row(i), b.row(i)
		for j := range d {
			d[j] = x[j] - y[j]
		}
	}
}

// Mul sets dst to a·b by the schoolbook method, in i-k-j order so that the
// inner loop runs along rows.
func Mul(dst, a, b M) {
	for i := range dst.N {
		d := dst.row(i)
		clear(d)
		for k, x := range a.row(i) {
			for j, y := range b.row(k) {
				d[j] += x * y
			}
		}
	}
}

// Freivalds checks that c = a·b by comparing a·(b·x) with c·x for rounds
// random vectors x: O(n²) per round instead of the O(n³) of recomputing
// the product. A wrong entry of size e shows as an error of about e.
func Freivalds(a, b, c M, rounds int, rng *rand.Rand) error {
	n := a.N
	tol := 1e-9 * float64(n)
	for range rounds {
		x := make([]float64, n)
		for i := range x {
			x[i] = 2*rng.Float64() - 1
		}
		abx := apply(a, apply(b, x))
		cx := apply(c, x)
		for i := range cx {
			if math.Abs(abx[i]-cx[i]) > tol {
				return fmt.Errorf("row %d of the product is wrong: (A·B·x)[%d] = %.17g but (C·x)[%d] = %.17g", i, i, abx[i], i, cx[i])
			}
		}
	}
	return nil
}

// apply returns m·x.
func apply(m M, x []float64) []float64 {
	y := make([]float64, m.N)
	for i := range y {
		var s float64
		for j, v := range m.row(i) {
			s += v * x[j]
		}
		y[i] = s
	}
	return y
}

// Checksum is the sum of the entries of m, for the result line.
func Checksum(m M) float64 {
	var s float64
	for i := range m.N {
		for _, v := range m.row(i) {
			s += v
		}
	}
	return s
}
