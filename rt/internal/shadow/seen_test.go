package shadow

import "testing"

// TestSeenRing checks the filters of repeated reads: a step sees the bytes
// it noted and no others, the next step sees none of them, the pages of
// one step keep their filters, and later steps borrow those filters
// instead of making new ones.
func TestSeenRing(t *testing.T) {
	m := New()
	const base, pages = 1 << 20, 8
	for step := uint32(1); step <= 5; step++ {
		for i := uintptr(0); i < pages; i++ {
			addr := base + i<<pageShift + 8*i
			if m.SeenAt(addr, 4, step) {
				t.Fatalf("step %d sees page %d before reading it", step, i)
			}
			m.Note(addr, 4, step, true)
		}
		for i := uintptr(0); i < pages; i++ {
			addr := base + i<<pageShift + 8*i
			tests := []struct {
				addr, size uintptr
				want       bool
			}{
				{addr, 4, true},
				{addr + 1, 2, true},
				{addr, 8, false},
				{addr + 4, 1, false},
			}
			for _, tc := range tests {
				if got := m.SeenAt(tc.addr, tc.size, step); got != tc.want {
					t.Errorf("step %d, page %d: seen(+%d, %d) = %v, want %v", step, i, tc.addr-addr, tc.size, got, tc.want)
				}
				if m.SeenAt(tc.addr, tc.size, step+1) {
					t.Errorf("step %d sees the reads of step %d", step+1, step)
				}
			}
		}
	}
	if n := len(m.filters.all); n > 2*pages {
		t.Errorf("%d filters for %d pages a step", n, pages)
	}
	m.Trim()
	m.Trim() // frees every page, with its filter
	for _, f := range m.filters.all {
		if f.page != nil {
			t.Errorf("a filter is still lent to a freed page")
		}
	}
}
