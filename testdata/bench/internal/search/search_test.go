package search

import "testing"

func TestRanksAndCheck(t *testing.T) {
	tests := []struct{ n, m, parts, skip int }{{0, 3, 1, 0}, {1, 5, 2, 1}, {100, 1000, 7, 3}}
	for _, tc := range tests {
		keys, qs := Inputs(tc.n, tc.m, 5)
		ranks := make([]int, tc.m)
		for p := range tc.parts {
			lo, hi := Part(p, tc.parts, tc.m)
			Ranks(keys, qs, ranks, lo, hi)
		}
		if err := Check(keys, qs, ranks); err != nil {
			t.Errorf("n=%d m=%d: %v", tc.n, tc.m, err)
		}
		lo, hi := Part(tc.skip, tc.parts, tc.m)
		for i := lo; i < hi; i++ {
			ranks[i] = -1
		}
		if err := Check(keys, qs, ranks); err == nil && hi > lo {
			t.Errorf("n=%d m=%d: Check accepted ranks with part %d missing", tc.n, tc.m, tc.skip)
		}
	}
}

func TestRank(t *testing.T) {
	keys := []int64{1, 3, 3, 7}
	for q, want := range map[int64]int{0: 0, 1: 1, 2: 1, 3: 3, 6: 3, 7: 4, 9: 4} {
		if got := Rank(keys, q); got != want {
			t.Errorf("Rank(%d) = %d, want %d", q, got, want)
		}
	}
}
