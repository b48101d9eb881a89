// Package vecadd is the arithmetic of the VectorAdd program of Nakade's
// thesis (chapter 7, table 7.1, "Vector Add"): c = a + b element by
// element, the vector split between tasks that write disjoint parts of c.
//
// The inputs are a[i] = i and b[i] = 2i, so every c[i] must be exactly 3i
// (all are integers well within float64's exact range).
package vecadd

import "fmt"

// Inputs returns a and b of length n.
func Inputs(n int) (a, b []float64) {
	a, b = make([]float64, n), make([]float64, n)
	for i := range a {
		a[i], b[i] = float64(i), float64(2*i)
	}
	return a, b
}

// Chunk returns the range [lo, hi) of part p of parts of a vector of n.
func Chunk(p, parts, n int) (lo, hi int) { return p * n / parts, (p + 1) * n / parts }

// Add sets c[i] = a[i] + b[i] for every i of c.
func Add(c, a, b []float64) {
	for i := range c {
		c[i] = a[i] + b[i]
	}
}

// Check verifies every element of c.
func Check(c []float64) error {
	for i, v := range c {
		if v != float64(3*i) {
			return fmt.Errorf("c[%d] = %g, want %d", i, v, 3*i)
		}
	}
	return nil
}
