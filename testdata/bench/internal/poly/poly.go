// Package poly is the arithmetic of the per-element helper kernel:
// evaluating a polynomial at every point of a vector, written the way
// code is factored by hand: a helper loads element i of a slice passed in,
// another stores it, and Horner's rule indexes the coefficient slice, which
// every task shares, once per coefficient.
//
// The kernel checks a sample of the results against the power sum
// (math.Pow per term), a different evaluation of the same polynomial.
package poly

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Load returns xs[i].
func Load(xs []float64, i int) float64 { return xs[i] }

// Store sets ys[i] to v.
func Store(ys []float64, i int, v float64) { ys[i] = v }

// Horner evaluates the polynomial with coefficients c (c[k] of x^k) at x.
func Horner(c []float64, x float64) float64 {
	v := 0.0
	for k := len(c) - 1; k >= 0; k-- {
		v = v*x + c[k]
	}
	return v
}

// Eval sets ys[i] to the polynomial c at xs[i] for every i in [lo, hi).
func Eval(c, xs, ys []float64, lo, hi int) {
	for i := lo; i < hi; i++ {
		Store(ys, i, Horner(c, Load(xs, i)))
	}
}

// Inputs returns degree+1 coefficients in [-1, 1) and n points in [-1, 1),
// pseudo-random from seed.
func Inputs(n, degree int, seed uint64) (c, xs []float64) {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	c = make([]float64, degree+1)
	for k := range c {
		c[k] = 2*rng.Float64() - 1
	}
	xs = make([]float64, n)
	for i := range xs {
		xs[i] = 2*rng.Float64() - 1
	}
	return c, xs
}

// Part returns the range [lo, hi) of part p of parts of n elements.
func Part(p, parts, n int) (lo, hi int) { return p * n / parts, (p + 1) * n / parts }

// Check compares every 61st result and the last with the power sum.
func Check(c, xs, ys []float64) error {
	for i := 0; i < len(xs); i += 61 {
		if err := checkOne(c, xs, ys, i); err != nil {
			return err
		}
	}
	if len(xs) > 0 {
		return checkOne(c, xs, ys, len(xs)-1)
	}
	return nil
}

func checkOne(c, xs, ys []float64, i int) error {
	want, scale := 0.0, 0.0
	for k, ck := range c {
		term := ck * math.Pow(xs[i], float64(k))
		want += term
		scale += math.Abs(term)
	}
	if math.Abs(ys[i]-want) > 1e-12*(1+scale)*float64(len(c)) {
		return fmt.Errorf("p(x[%d]) = %v, want %v", i, ys[i], want)
	}
	return nil
}

// Summary is the result line: the sizes and the sum of the results, which
// every build computes by the same operations in the same order.
func Summary(c, ys []float64) string {
	s := 0.0
	for _, y := range ys {
		s += y
	}
	return fmt.Sprintf("n=%d degree=%d sum=%.15g", len(ys), len(c)-1, s)
}
