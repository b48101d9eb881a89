package harmonic

import "testing"

func TestSumMatchesH(t *testing.T) {
	tests := []struct{ n, parts int }{{1, 1}, {10, 3}, {999, 2}, {1000, 7}, {1 << 20, 16}}
	for _, tc := range tests {
		x := Array(tc.n)
		var sum float64
		for c := range tc.parts {
			lo, hi := Chunk(c, tc.parts, tc.n)
			sum += Sum(x[lo:hi])
		}
		if err := Check(sum, tc.n); err != nil {
			t.Errorf("n=%d in %d parts: %v", tc.n, tc.parts, err)
		}
		// A missing part must fail the check.
		lo, hi := Chunk(tc.parts-1, tc.parts, tc.n)
		if err := Check(sum-Sum(x[lo:hi]), tc.n); err == nil {
			t.Errorf("n=%d in %d parts: Check accepted a sum without the last part", tc.n, tc.parts)
		}
	}
}
