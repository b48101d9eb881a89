package vecadd

import "testing"

func TestAddAndCheck(t *testing.T) {
	tests := []struct{ n, parts, skip int }{{2, 1, 0}, {10, 3, 2}, {7, 7, 6}, {1000, 8, 5}}
	for _, tc := range tests {
		a, b := Inputs(tc.n)
		c := make([]float64, tc.n)
		for p := range tc.parts {
			lo, hi := Chunk(p, tc.parts, tc.n)
			Add(c[lo:hi], a[lo:hi], b[lo:hi])
		}
		if err := Check(c); err != nil {
			t.Errorf("n=%d: %v", tc.n, err)
		}
		lo, hi := Chunk(tc.skip, tc.parts, tc.n)
		clear(c[lo:hi])
		if err := Check(c); err == nil {
			t.Errorf("n=%d: Check accepted c with part %d missing", tc.n, tc.skip)
		}
	}
}
