package detect

import (
	"runtime"
	"testing"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// TestAccessAllocatesNothing checks that accesses between two task-graph
// events allocate nothing on the Go heap, even when they touch new pages,
// pin objects and arm filters of repeated reads (shadow/reserve.go): a
// program that counts its allocations across a stretch of code without
// synchronisation must count as many checked as plain.
func TestAccessAllocatesNothing(t *testing.T) {
	tests := []struct {
		name  string
		pages int // new pages the stretch touches (at most a batch)
		words int // words accessed per page, each an object of its own
		write bool
	}{
		{"one word of a new page", 1, 1, false},
		{"writes of a few pages", 4, 8, true},
		{"many small objects of a page", 2, 100, false},
		{"a batch of pages", 12, 2, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// MemStats counts the whole process's allocations, and the
			// runtime or the testing package may allocate on another
			// goroutine meanwhile: an allocation on the access path shows
			// in every attempt, noise in few.
			var counts []uint64
			for range 5 {
				n := accessStretch(tt.pages, tt.words, tt.write)
				if n == 0 {
					return
				}
				counts = append(counts, n)
			}
			t.Errorf("heap allocations between two events in 5 attempts: %v, want 0 in some", counts)
		})
	}
}

// accessStretch makes the accesses of one case of TestAccessAllocatesNothing
// on a new detector, after an event, and returns the heap allocations
// counted meanwhile.
func accessStretch(pages, words int, write bool) uint64 {
	objs := make([]*[512]uint64, pages) // a page each, or two
	for i := range objs {
		objs[i] = new([512]uint64)
	}
	d := New(func(event.Race) {})
	d.Spawn(0, 1, false, 0)
	d.Spawn(1, 2, false, 0) // an event: the detector refills its records
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	before := ms.Mallocs
	for _, o := range objs {
		for w := range words {
			d.AccessPin(2, unsafe.Pointer(&o[w*4]), 8, write, 1)
			d.AccessPin(2, unsafe.Pointer(&o[w*4]), 8, false, 2)
		}
	}
	runtime.ReadMemStats(&ms)
	runtime.KeepAlive(objs)
	return ms.Mallocs - before
}

// TestReleaseForgetsTheDeadObject checks that after Release a new object
// at the address of a dead one is checked as fresh: accesses of two tasks
// that race on one object, and do not race when they are to two objects
// that lived at the same address in turn with Release between them.
func TestReleaseForgetsTheDeadObject(t *testing.T) {
	tests := []struct {
		name    string
		release bool
		race    bool
	}{
		{"one object", false, true},
		{"two objects at one address", true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			races := 0
			d := New(func(event.Race) { races++ })
			buf := make([]uint64, 512)
			p := unsafe.Pointer(&buf[0])
			d.Spawn(0, 1, false, 0)
			d.FinishBegin(1, 0)
			d.Spawn(1, 2, false, 0) // writes the first object
			d.AccessPin(2, p, 8, true, 1)
			d.AccessPin(2, p, 4096, true, 2)
			d.End(2)
			if tt.release {
				d.Release(uintptr(p), 4096)
			}
			d.Spawn(1, 3, false, 0) // parallel with task 2: the second object, or the first again
			d.AccessPin(3, p, 8, true, 3)
			d.AccessPin(3, unsafe.Add(p, 64), 8, false, 4)
			d.End(3)
			d.FinishEnd(1)
			if got := races > 0; got != tt.race {
				t.Errorf("%d races reported, want a race: %v", races, tt.race)
			}
		})
	}
}
