// Package harmonic is the arithmetic of the ReciprocalArraySum program of
// Nakade's thesis (chapter 7, table 7.1, "Reciprocal Array Sum"), an
// exercise of Rice University's COMP 322: the sum of the reciprocals of an
// array, split between tasks.
//
// The array holds 1, 2, ..., n, so the sum is the harmonic number H(n),
// which Check knows in closed form: no second summation is needed to check
// the first.
package harmonic

import (
	"fmt"
	"math"
)

// Array returns 1, 2, ..., n as float64s.
func Array(n int) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = float64(i + 1)
	}
	return x
}

// Chunk returns the range [lo, hi) of part c of parts of an array of n.
func Chunk(c, parts, n int) (lo, hi int) { return c * n / parts, (c + 1) * n / parts }

// Sum returns the sum of the reciprocals of x.
func Sum(x []float64) float64 {
	var s float64
	for _, v := range x {
		s += 1 / v
	}
	return s
}

// eulerGamma is the Euler–Mascheroni constant.
const eulerGamma = 0.57721566490153286060651209

// H is the harmonic number H(n): summed exactly for small n, and otherwise
// by its asymptotic expansion ln n + γ + 1/(2n) − 1/(12n²) + 1/(120n⁴),
// whose error is below 1/(252n⁶).
func H(n int) float64 {
	if n < 1000 {
		var s float64
		for k := n; k >= 1; k-- {
			s += 1 / float64(k)
		}
		return s
	}
	x := float64(n)
	return math.Log(x) + eulerGamma + 1/(2*x) - 1/(12*x*x) + 1/(120*x*x*x*x)
}

// Check compares the sum of the reciprocals of 1..n with H(n), allowing for
// the rounding of n additions.
func Check(sum float64, n int) error {
	want := H(n)
	if math.Abs(sum-want) > 1e-8*want {
		return fmt.Errorf("sum of 1/1 .. 1/%d is %.17g, want %.17g", n, sum, want)
	}
	return nil
}
