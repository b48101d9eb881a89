package jacobi

import "testing"

// TestCheck runs the sweeps serially in block order and expects Check to
// pass, then moves one block two sweeps ahead of the others and expects
// Check to fail.
func TestCheck(t *testing.T) {
	tests := []struct{ n, b, sweeps int }{{8, 4, 1}, {16, 4, 5}, {30, 10, 3}}
	for _, tc := range tests {
		g, err := NewGrid(tc.n, tc.b)
		if err != nil {
			t.Fatal(err)
		}
		for k := range tc.sweeps {
			for bi := range g.Blocks() {
				for bj := range g.Blocks() {
					g.Sweep(k, bi, bj)
				}
			}
		}
		if err := g.Check(tc.sweeps); err != nil {
			t.Errorf("n=%d b=%d: %v", tc.n, tc.b, err)
		}
		g.Sweep(tc.sweeps, 0, 0)
		g.Sweep(tc.sweeps+1, 0, 0)
		if err := g.Check(tc.sweeps); err == nil {
			t.Errorf("n=%d b=%d: Check passed a block swept twice too often", tc.n, tc.b)
		}
	}
}

func TestNewGridRejectsBadBlock(t *testing.T) {
	tests := []struct{ n, b int }{{10, 3}, {0, 1}, {8, 0}}
	for _, tc := range tests {
		if _, err := NewGrid(tc.n, tc.b); err == nil {
			t.Errorf("NewGrid(%d, %d) succeeded", tc.n, tc.b)
		}
	}
}
