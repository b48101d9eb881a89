package poly

import "testing"

func TestEvalAndCheck(t *testing.T) {
	tests := []struct{ n, degree, parts, skip int }{{1, 0, 1, 0}, {100, 5, 3, 1}, {1000, 16, 7, 6}}
	for _, tc := range tests {
		c, xs := Inputs(tc.n, tc.degree, 11)
		ys := make([]float64, tc.n)
		for p := range tc.parts {
			lo, hi := Part(p, tc.parts, tc.n)
			Eval(c, xs, ys, lo, hi)
		}
		if err := Check(c, xs, ys); err != nil {
			t.Errorf("n=%d: %v", tc.n, err)
		}
		lo, hi := Part(tc.skip, tc.parts, tc.n)
		for i := lo; i < hi; i++ {
			ys[i] += 1
		}
		if err := Check(c, xs, ys); err == nil {
			t.Errorf("n=%d: Check accepted results with part %d wrong", tc.n, tc.skip)
		}
	}
}

func TestHorner(t *testing.T) {
	// 1 + 2x + 3x^2 at 2 is 17.
	if got := Horner([]float64{1, 2, 3}, 2); got != 17 {
		t.Errorf("Horner = %v, want 17", got)
	}
}
