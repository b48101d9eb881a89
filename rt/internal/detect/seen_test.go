package detect

import (
	"testing"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// TestSeenFilter checks that a repeated read of a step is dropped before
// its cell is looked at, that a read of other bytes, a write, an isolated
// read and the next step are not, and that the verdicts stay right.
func TestSeenFilter(t *testing.T) {
	var races []event.Race
	d := New(func(r event.Race) { races = append(races, r) })
	const base = 0x10000
	d.Spawn(0, 1, false, 0)
	d.Access(1, base, 8, true, 1) // the root writes the table
	// Task 9 reads the table first, so that the reader slot keeps its
	// read when task 2 reads: the case the filter is armed for.
	d.Spawn(1, 9, false, 0)
	d.Access(9, base, 4, false, 2)
	d.Access(9, base+4, 4, false, 2)
	d.Access(9, base+16, 8, false, 2)
	d.End(9)
	d.Spawn(1, 2, false, 0)
	d.Access(2, base, 4, false, 2)
	step := d.g.Step()
	tests := []struct {
		name       string
		addr, size uintptr
		want       bool
	}{
		{"the same bytes", base, 4, true},
		{"some of them", base + 2, 2, true},
		{"other bytes of the word", base + 4, 4, false},
		{"the whole word", base, 8, false},
	}
	for _, tc := range tests {
		// With the tpnoseen tag the filter is off and sees nothing.
		if got := d.mem.SeenAt(tc.addr, tc.size, step); got != (tc.want && seenOn) {
			t.Errorf("%s: seen %v, want %v", tc.name, got, tc.want)
		}
	}
	d.Access(2, base+4, 4, false, 3)
	if d.mem.SeenAt(base, 8, step) != seenOn {
		t.Errorf("after both halves were read, the whole word is seen %v, want %v", !seenOn, seenOn)
	}
	d.IsolatedBegin(2, 0)
	d.Access(2, base+16, 8, false, 4)
	d.IsolatedEnd(2)
	if d.mem.SeenAt(base+16, 8, step) {
		t.Error("an isolated read marked its bytes")
	}
	d.End(2)
	if d.mem.SeenAt(base, 4, d.g.Step()) {
		t.Error("the parent's next step sees the child's reads")
	}
	// A sibling writes what task 2 read: a race, found although task 2's
	// repeated reads were dropped.
	d.Spawn(1, 3, false, 0)
	d.Access(3, base, 4, true, 5)
	d.End(3)
	d.End(1)
	if len(races) != 4 {
		t.Errorf("%d racing bytes reported, want 4: %v", len(races), races)
	}
}
