package shadow

import (
	"testing"
	"unsafe"
)

// TestRelease checks that Release clears every state of the words of its
// range, and only those (cells, sub-cells, whole-page cells, reader sets,
// pins), and frees the pages the range covers entirely.
func TestRelease(t *testing.T) {
	a := Acc{Step: 7, Site: 1}
	tests := []struct {
		name   string
		setup  func(m *Memory) // records state in the pages at base .. base+3 pages
		lo, hi uintptr         // the released range, relative to base
		freed  int             // pages freed
	}{
		{"whole words of one page", func(m *Memory) {
			for w := uintptr(0); w < 64; w += 8 {
				m.Word(base + w).W = a
			}
		}, 16, 48, 0},
		{"split words", func(m *Memory) {
			for w := uintptr(0); w < 64; w += 8 {
				cs, _ := m.Sub(m.Word(base+w), 0, 4)
				cs[0].W = a
			}
		}, 8, 40, 0},
		{"a whole page and parts of two", func(m *Memory) {
			for w := uintptr(0); w < 3*4096; w += 8 {
				m.Word(base + w).R = a
			}
		}, 4096 - 64, 2*4096 + 64, 1},
		{"a uniform page in part", func(m *Memory) {
			c := m.Whole(base)
			c.W = a
		}, 1024, 2048, 0},
		{"readers beyond the slot", func(m *Memory) {
			for w := uintptr(0); w < 64; w += 8 {
				c := m.Word(base + w)
				c.R = a
				m.SetMore(c, []Acc{{Step: 8, Site: 2}, {Step: 9, Site: 3}}, 0)
			}
		}, 0, 32, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := New()
			tt.setup(m)
			before := m.pages
			m.Release(base+tt.lo, tt.hi-tt.lo)
			if got := before - m.pages; got != tt.freed {
				t.Errorf("%d pages freed, want %d", got, tt.freed)
			}
			// Every word of the range is fresh; the others keep their state.
			for w := uintptr(0); w < 3*4096; w += 8 {
				slot := m.slot((base + w) >> pageShift)
				if slot == nil || *slot == nil {
					if w >= tt.lo && w+8 <= tt.hi {
						continue // freed with its page
					}
					continue // never used
				}
				p := *slot
				var c Cell
				switch {
				case p.uni:
					c = p.u
				case p.cells != nil:
					c = p.cells[(w>>wordShift)%wordsPerPage]
				}
				in := w >= tt.lo && w+8 <= tt.hi
				if in && c != (Cell{}) {
					t.Fatalf("word at +%d of the released range keeps state %+v", w, c)
				}
			}
			// A word outside the range keeps its state (the setups all
			// give state to the word at +0 or +4096-8 .. unless released).
			if tt.lo > 0 {
				p := *m.slot(base >> pageShift)
				if p.uni {
					t.Fatalf("page still uniform after a release of part of it")
				}
				if c := p.cells[0]; c == (Cell{}) {
					t.Errorf("word 0, outside the range, lost its state")
				}
			}
		})
	}
}

// TestReleaseDropsPinsOfTheRange checks that Release drops the pins of the
// words of its range, wherever the page keeps them, and no other.
func TestReleaseDropsPinsOfTheRange(t *testing.T) {
	for _, n := range []int{1, 4, maxFew + 8} { // pin0 only, the list, the array
		m := New()
		objs := make([]*int, n)
		for i := range objs {
			objs[i] = new(int)
			m.Pin(base+uintptr(16*i), unsafe.Pointer(objs[i]))
		}
		m.Release(base, 16*uintptr(n/2)) // the first n/2 objects
		p := *m.slot(base >> pageShift)
		for i := range objs {
			got := p.pinOf(2*i) != nil
			if want := i >= n/2; got != want {
				t.Errorf("%d pins: word %d pinned %v, want %v", n, 2*i, got, want)
			}
		}
		if want := n - n/2; m.Pins() != want {
			t.Errorf("%d pins: %d kept, want %d", n, m.Pins(), want)
		}
	}
}

// TestOwnedIsNotPinned checks that Pin leaves owned objects unpinned, and
// pins them again once disowned.
func TestOwnedIsNotPinned(t *testing.T) {
	m := New()
	obj := new([1024]byte)
	a := uintptr(unsafe.Pointer(obj))
	Own(a, 1024)
	m.Pin(a+64, unsafe.Pointer(obj))
	if m.Pins() != 0 || !Owned(a+1023) || Owned(a+1024) {
		t.Errorf("owned object: %d pins, owned(last byte) %v, owned(next) %v; want 0, true, false", m.Pins(), Owned(a+1023), Owned(a+1024))
	}
	Disown(a, 1024)
	m.Pin(a+64, unsafe.Pointer(obj))
	if m.Pins() != 1 || Owned(a) {
		t.Errorf("disowned object: %d pins, owned %v; want 1, false", m.Pins(), Owned(a))
	}
}
