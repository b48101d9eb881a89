package detect

import (
	"testing"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// TestAccessPins checks which accesses AccessPin pins (see
// shadow.Memory.Pin): those whose first word has no state and no pin yet,
// whatever the path the access takes, and no other.
func TestAccessPins(t *testing.T) {
	type access struct {
		off, size uintptr
		write     bool
		pinned    bool // whether this access must be pinned
	}
	tests := []struct {
		name     string
		accesses []access
	}{
		{"a word", []access{{8, 8, true, true}}},
		{"a read", []access{{8, 8, false, true}}},
		{"part of a word", []access{{12, 4, true, true}}},
		{"a range", []access{{0, 32, true, true}}},
		{"a word written before", []access{{8, 8, true, true}, {8, 8, false, false}}},
		{"a word inside an earlier range", []access{{0, 32, true, true}, {16, 8, true, false}}},
		{"the other half of a word", []access{{0, 4, true, true}, {4, 4, true, false}}},
		{"a range over a fresh word", []access{{0, 8, true, true}, {0, 16, true, false}, {16, 16, true, true}}},
		{"a word of a range, then at its own address", []access{{8, 16, true, true}, {16, 8, true, false}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			buf := new([8]uint64)
			p := unsafe.Pointer(buf)
			d := New(func(event.Race) {})
			d.Spawn(0, 1, false, 0)
			for i, a := range tt.accesses {
				before := d.mem.Pins()
				d.AccessPin(1, unsafe.Add(p, a.off), a.size, a.write, 1)
				if got := d.mem.Pins() > before; got != a.pinned {
					t.Errorf("access %d (%d bytes at %d): pinned %v, want %v", i, a.size, a.off, got, a.pinned)
				}
			}
		})
	}
}

// TestPinsAcrossForget checks that Forget keeps the pins of the memory the
// run used (the next phase of a program typically touches it again, and
// the pinned objects are still the ones there), so accessing it again pins
// nothing more, while memory unused for a whole phase loses its pins.
func TestPinsAcrossForget(t *testing.T) {
	xs, ys := make([]uint64, 512), make([]uint64, 512) // one page or two each
	d := New(func(event.Race) {})
	d.Spawn(0, 1, false, 0)
	touch := func(s []uint64) {
		for i := range s {
			d.AccessPin(1, unsafe.Pointer(&s[i]), 8, true, 1)
		}
	}
	touch(xs)
	touch(ys)
	both := d.mem.Pins()
	if both != len(xs)+len(ys) {
		t.Fatalf("%d pins after writing %d words one by one", both, len(xs)+len(ys))
	}
	d.Forget(1)
	touch(xs)
	if got := d.mem.Pins(); got != both {
		t.Fatalf("%d pins after writing the same words again, want %d", got, both)
	}
	d.Forget(1) // ys was not used in the last phase
	// xs spans at most two pages, which may hold some words of ys too.
	if got := d.mem.Pins(); got >= both || got > 2*512 {
		t.Fatalf("%d pins kept of %d, want those of the pages of xs only", got, both)
	}
}
