// Package series is the arithmetic of the Series kernel, the Fourier
// coefficient analysis of the Java Grande Forum suite (section 2, "Series")
// that Surendran and Sarkar's futures paper runs as Series-af and
// Series-future (section 5, table 2).
//
// The kernel computes the first n pairs of Fourier coefficients of
// f(x) = (x+1)^x on [0, 2], each integral by the trapezoid rule with Steps
// steps. Every coefficient is independent of the others, which is why the
// paper spawns one task per coefficient: the work per task is large (about
// 2·Steps evaluations of pow and cos or sin) and the tasks share nothing but
// the result arrays.
package series

import (
	"fmt"
	"math"
)

// Steps is the number of trapezoid steps per integral (the suite's value).
const Steps = 1000

// Pair is coefficient i: A is the cosine term and B the sine term. Pair 0
// holds the mean of f over [0, 2] in A and 0 in B.
type Pair struct{ A, B float64 }

// f is the function analysed.
func f(x float64) float64 { return math.Pow(x+1, x) }

// Coefficient computes pair i by the trapezoid rule.
func Coefficient(i int) Pair {
	if i == 0 {
		return Pair{A: trapezoid(f, Steps) / 2}
	}
	w := math.Pi * float64(i)
	return Pair{
		A: trapezoid(func(x float64) float64 { return f(x) * math.Cos(w*x) }, Steps),
		B: trapezoid(func(x float64) float64 { return f(x) * math.Sin(w*x) }, Steps),
	}
}

// trapezoid integrates g over [0, 2] with n steps.
func trapezoid(g func(float64) float64, n int) float64 {
	const lo, hi = 0.0, 2.0
	h := (hi - lo) / float64(n)
	sum := (g(lo) + g(hi)) / 2
	for k := 1; k < n; k++ {
		sum += g(lo + float64(k)*h)
	}
	return sum * h
}

// simpson integrates g over [0, 2] with n (even) steps by Simpson's rule:
// an independent, far more accurate quadrature that Check compares with.
func simpson(g func(float64) float64, n int) float64 {
	const lo, hi = 0.0, 2.0
	h := (hi - lo) / float64(n)
	sum := g(lo) + g(hi)
	for k := 1; k < n; k++ {
		w := 2.0
		if k%2 == 1 {
			w = 4
		}
		sum += w * g(lo+float64(k)*h)
	}
	return sum * h / 3
}

// Check verifies the n computed pairs c: the first four against Simpson's
// rule (which the trapezoid rule with Steps steps matches to better than
// tol), and a spread of others bit for bit against a serial recomputation,
// which catches a coefficient stored at the wrong index or not at all.
func Check(c []Pair) error {
	const tol = 1e-3
	for i := 0; i < len(c) && i < 4; i++ {
		w := math.Pi * float64(i)
		want := Pair{
			A: simpson(func(x float64) float64 { return f(x) * math.Cos(w*x) }, 1<<14),
			B: simpson(func(x float64) float64 { return f(x) * math.Sin(w*x) }, 1<<14),
		}
		if i == 0 {
			want = Pair{A: want.A / 2}
		}
		if math.Abs(c[i].A-want.A) > tol || math.Abs(c[i].B-want.B) > tol {
			return fmt.Errorf("coefficient %d is %v, want %v within %g", i, c[i], want, tol)
		}
	}
	const samples = 16
	for k := 0; k < samples && len(c) > 0; k++ {
		i := k * (len(c) - 1) / (samples - 1)
		if want := Coefficient(i); c[i] != want {
			return fmt.Errorf("coefficient %d is %v, want %v", i, c[i], want)
		}
	}
	return nil
}

// Summary is the deterministic part of the result line: the size, the first
// pairs and a checksum over all of them.
func Summary(c []Pair) string {
	var sum float64
	for _, p := range c {
		sum += p.A + p.B
	}
	s := fmt.Sprintf("n=%d checksum=%.9e", len(c), sum)
	if len(c) > 1 {
		s += fmt.Sprintf(" a0=%.9f a1=%.9f b1=%.9f", c[0].A, c[1].A, c[1].B)
	}
	return s
}
