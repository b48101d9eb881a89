package bst

import "testing"

func TestTreesAndCheck(t *testing.T) {
	tests := []struct{ trees, size int }{{1, 1}, {3, 10}, {5, 500}}
	for _, tc := range tests {
		stats := make([]Stats, tc.trees)
		for i := range stats {
			stats[i] = Tree(1, i, tc.size)
		}
		if err := Check(1, tc.size, stats); err != nil {
			t.Errorf("%d trees of %d: %v", tc.trees, tc.size, err)
		}
		stats[tc.trees-1] = Stats{}
		if err := Check(1, tc.size, stats); err == nil {
			t.Errorf("%d trees of %d: Check accepted a tree not built", tc.trees, tc.size)
		}
	}
}

func TestMeasure(t *testing.T) {
	s := Measure(Build([]int64{5, 3, 8, 3, 9}))
	if want := (Stats{Nodes: 5, Height: 3, Sum: 28, Sorted: true}); s != want {
		t.Errorf("Measure = %+v, want %+v", s, want)
	}
	bad := &Node{Key: 1, Left: &Node{Key: 2}}
	if Measure(bad).Sorted {
		t.Error("an unsorted tree measured as sorted")
	}
}
