package permission

import "testing"

// TestRegionsCover checks which region lets an access through, and when a
// write falls under a read permission.
func TestRegionsCover(t *testing.T) {
	rs := Regions{
		{Lo: 100, Hi: 116, Write: false}, // 0: read [100, 116)
		{Lo: 104, Hi: 108, Write: true},  // 1: write [104, 108)
		{Lo: 200, Hi: 200, Write: true},  // 2: empty
		{Lo: 300, Hi: 308, Write: true},  // 3: write [300, 308)
	}
	tests := []struct {
		name      string
		lo, hi    uintptr
		write     bool
		hint      int
		ok, under int
	}{
		{"read inside a read region", 100, 108, false, 0, 0, -1},
		{"read inside a write region", 300, 304, false, 0, 3, -1},
		{"hint taken first", 104, 108, false, 1, 1, -1},
		{"stale hint", 104, 108, false, 9, 0, -1},
		{"write inside the nested write region", 104, 108, true, 0, 1, -1},
		{"write under the read region only", 108, 112, true, 0, -1, 0},
		{"write straddling read and write", 102, 106, true, 1, -1, 0},
		{"read straddling the end", 112, 120, false, 0, -1, -1},
		{"write outside every region", 400, 408, true, 0, -1, -1},
		{"empty region holds nothing", 200, 201, false, 2, -1, -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ok, under := rs.Cover(tc.lo, tc.hi, tc.write, tc.hint)
			if ok != tc.ok || under != tc.under {
				t.Errorf("cover(%d, %d, write=%v) = %d, %d; want %d, %d", tc.lo, tc.hi, tc.write, ok, under, tc.ok, tc.under)
			}
		})
	}
}

// TestRegionsMatch checks that a release matches the most recent acquire
// of its mode and exact range, and nothing else.
func TestRegionsMatch(t *testing.T) {
	rs := Regions{
		{Lo: 100, Hi: 108, Write: false},
		{Lo: 100, Hi: 108, Write: true},
		{Lo: 100, Hi: 108, Write: false},
	}
	tests := []struct {
		name   string
		lo, hi uintptr
		write  bool
		want   int
	}{
		{"latest read", 100, 108, false, 2},
		{"the write", 100, 108, true, 1},
		{"part of the range", 100, 104, false, -1},
		{"a larger range", 96, 108, false, -1},
	}
	for _, tc := range tests {
		if got := rs.Match(tc.lo, tc.hi, tc.write); got != tc.want {
			t.Errorf("%s: match(%d, %d, %v) = %d, want %d", tc.name, tc.lo, tc.hi, tc.write, got, tc.want)
		}
	}
}
