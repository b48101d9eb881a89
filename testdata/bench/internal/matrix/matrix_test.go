package matrix

import (
	"math/rand/v2"
	"testing"
)

// strassen multiplies serially with the package's tables, to test them.
func strassen(c, a, b M, cutoff int) {
	if c.N <= cutoff {
		Mul(c, a, b)
		return
	}
	var m [7]M
	for k, p := range Products() {
		l, r := p.Left.Eval(a, b), p.Right.Eval(a, b)
		m[k] = New(l.N)
		strassen(m[k], l, r, cutoff)
	}
	for _, cb := range Combinations() {
		cb.Combine(c, &m)
	}
}

func TestStrassenMatchesSchoolbook(t *testing.T) {
	tests := []struct{ n, cutoff int }{{1, 1}, {2, 1}, {8, 2}, {16, 4}, {32, 8}}
	for _, tc := range tests {
		rng := rand.New(rand.NewPCG(uint64(tc.n), 7))
		a, b := Random(tc.n, rng), Random(tc.n, rng)
		got, want := New(tc.n), New(tc.n)
		strassen(got, a, b, tc.cutoff)
		Mul(want, a, b)
		for i := range tc.n {
			for j := range tc.n {
				if d := got.At(i, j) - want.At(i, j); d > 1e-9 || d < -1e-9 {
					t.Fatalf("n=%d cutoff=%d: C[%d][%d] = %g, want %g", tc.n, tc.cutoff, i, j, got.At(i, j), want.At(i, j))
				}
			}
		}
		if err := Freivalds(a, b, got, 2, rng); err != nil {
			t.Errorf("n=%d: Freivalds rejected a right product: %v", tc.n, err)
		}
	}
}

func TestFreivaldsRejectsWrongProduct(t *testing.T) {
	tests := []struct {
		name    string
		corrupt func(c M)
	}{
		{"one entry", func(c M) { c.data[5] += 0.5 }},
		{"quadrants swapped", func(c M) {
			q, r := c.Quad(0, 0), c.Quad(1, 1)
			for i := range q.N {
				for j := range q.N {
					q.data[i*q.stride+j], r.data[i*r.stride+j] = r.At(i, j), q.At(i, j)
				}
			}
		}},
	}
	for _, tc := range tests {
		rng := rand.New(rand.NewPCG(3, 4))
		a, b, c := Random(16, rng), Random(16, rng), New(16)
		Mul(c, a, b)
		tc.corrupt(c)
		if err := Freivalds(a, b, c, 2, rng); err == nil {
			t.Errorf("%s: Freivalds accepted a wrong product", tc.name)
		}
	}
}
