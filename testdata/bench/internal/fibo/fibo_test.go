package fibo

import "testing"

func TestFib(t *testing.T) {
	tests := []struct{ n, want int }{{0, 0}, {1, 1}, {2, 1}, {10, 55}, {20, 6765}, {30, 832040}}
	for _, tc := range tests {
		if got := Iterative(tc.n); got != tc.want {
			t.Errorf("Iterative(%d) = %d, want %d", tc.n, got, tc.want)
		}
		if tc.n <= 25 {
			if got := Recursive(tc.n); got != tc.want {
				t.Errorf("Recursive(%d) = %d, want %d", tc.n, got, tc.want)
			}
		}
		if err := Check(tc.want+1, tc.n); err == nil {
			t.Errorf("Check accepted fib(%d) = %d", tc.n, tc.want+1)
		}
	}
}
