package grid

import "testing"

func TestSweepKeepsSumAndNarrows(t *testing.T) {
	tests := []struct{ n, parts, sweeps int }{{1, 1, 1}, {5, 2, 3}, {16, 3, 10}}
	for _, tc := range tests {
		g, h := New(tc.n, 3), Zero(tc.n)
		before := Measure(g)
		for range tc.sweeps {
			for p := range tc.parts {
				lo, hi := Rows(p, tc.parts, tc.n)
				Sweep(h, g, lo, hi)
			}
			g, h = h, g
		}
		err := Check(before, g, tc.sweeps)
		if tc.n == 1 {
			// One point is its own neighbour: nothing narrows.
			if err == nil {
				t.Errorf("n=1: Check accepted a grid whose range did not narrow")
			}
			continue
		}
		if err != nil {
			t.Errorf("n=%d: %v", tc.n, err)
		}
		g[0][0] += 1
		if err := Check(before, g, tc.sweeps); err == nil {
			t.Errorf("n=%d: Check accepted a grid with a changed sum", tc.n)
		}
	}
}

func TestSweepStencil(t *testing.T) {
	g := Zero(4)
	g[1][1] = 8
	h := Zero(4)
	Sweep(h, g, 0, 4)
	want := map[[2]int]float64{{1, 1}: 4, {0, 1}: 1, {2, 1}: 1, {1, 0}: 1, {1, 2}: 1}
	for i := range h {
		for j, v := range h[i] {
			if v != want[[2]int{i, j}] {
				t.Errorf("h[%d][%d] = %v, want %v", i, j, v, want[[2]int{i, j}])
			}
		}
	}
	skipped := Zero(4)
	Sweep(skipped, g, 0, 1)
	if err := Check(Measure(g), skipped, 1); err == nil {
		t.Error("Check accepted a sweep that skipped rows")
	}
}
