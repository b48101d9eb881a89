package primes

import "testing"

func TestCounts(t *testing.T) {
	// π(n) for n a power of ten, from the tables of the prime-counting
	// function; the counts below are of primes < n, which is the same as
	// primes <= n for these n.
	tests := []struct{ n, want int }{{0, 0}, {2, 0}, {3, 1}, {10, 4}, {100, 25}, {1000, 168}, {100000, 9592}}
	for _, tc := range tests {
		if got := Below(tc.n); got != tc.want {
			t.Errorf("Below(%d) = %d, want %d", tc.n, got, tc.want)
		}
		count := 0
		for c := range Chunks(7, tc.n) {
			lo, hi := Chunk(c, 7, tc.n)
			for x := lo; x < hi; x++ {
				if IsPrime(x) {
					count++
				}
			}
		}
		if count != tc.want {
			t.Errorf("trial division in chunks counts %d primes below %d, want %d", count, tc.n, tc.want)
		}
		if err := Check(tc.want+1, tc.n); err == nil {
			t.Errorf("Check accepted %d primes below %d", tc.want+1, tc.n)
		}
	}
}
