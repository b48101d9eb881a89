package shadow

import (
	"slices"
	"testing"
	"unsafe"
)

// base is a page-aligned address for tests; the memory never dereferences
// the addresses it is given.
const base = uintptr(0xc000010000)

// Whole returns the one cell that stands for every word of the page that
// starts at addr while the page has no cells and one run (runs.go), or nil:
// the page of runs with a run alone, which Run and SetRun also reach.
func (m *Memory) Whole(addr uintptr) *Cell {
	if p := m.find(addr>>pageShift, true); p.uni && p.rs == nil {
		return &p.u
	}
	return nil
}

func TestSubGranularity(t *testing.T) {
	tests := []struct {
		name      string
		accesses  [][2]uintptr // earlier [lo, hi) accesses of the word
		lo, hi    uintptr
		wantCells int
		wantShift uint
	}{
		{"first int32", nil, 4, 8, 1, 2},
		{"first uint16", nil, 2, 4, 1, 1},
		{"first byte", nil, 5, 6, 1, 0},
		{"bytes 0-3 are one int32", nil, 0, 4, 1, 2},
		{"unaligned pair splits to bytes", nil, 1, 3, 2, 0},
		{"int32 after uint16 stays at 2 bytes", [][2]uintptr{{2, 4}}, 4, 8, 2, 1},
		{"byte refines int32 cells", [][2]uintptr{{0, 4}}, 7, 8, 1, 0},
		{"whole word of a split word", [][2]uintptr{{0, 4}}, 0, 8, 2, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := New()
			c := m.Word(base)
			for _, a := range tt.accesses {
				m.Sub(c, a[0], a[1])
			}
			cells, g := m.Sub(c, tt.lo, tt.hi)
			if len(cells) != tt.wantCells || g != tt.wantShift {
				t.Fatalf("Sub(%d, %d) = %d cells of %d bytes, want %d of %d",
					tt.lo, tt.hi, len(cells), 1<<g, tt.wantCells, 1<<tt.wantShift)
			}
			if !m.IsSplit(c) {
				t.Fatal("the word is not split after Sub")
			}
		})
	}
}

// TestSplitCopiesState checks that cutting a cell gives every piece the
// whole state, readers and isolated accesses included, in storage of its
// own.
func TestSplitCopiesState(t *testing.T) {
	for _, readers := range [][]Acc{
		{{Step: 3, Site: 3}},                     // a second reader
		{{Step: 3, Site: 3}, {Step: 5, Site: 5}}, // more
	} {
		m := New()
		c := m.Word(base)
		c.W = Acc{Step: 1, Site: 1}
		c.R = Acc{Step: 2, Site: 2}
		m.SetMore(c, slices.Clone(readers), 0)
		if len(readers) > 1 {
			m.Iso(c).IW.One = Acc{Step: 4, Site: 4}
		}

		m.Sub(c, 0, 4)             // two 4-byte cells
		bytes, g := m.Sub(c, 0, 1) // refines them into bytes
		if g != 0 || len(bytes) != 1 {
			t.Fatalf("Sub(0, 1) gave %d cells of %d bytes", len(bytes), 1<<g)
		}
		all, _ := m.Sub(c, 0, 8)
		if len(all) != 8 {
			t.Fatalf("a word cut into bytes has %d cells", len(all))
		}
		for i := range all {
			b := &all[i]
			more, _ := m.More(b)
			iso := m.IsoOf(b)
			if b.W.Step != 1 || b.R.Step != 2 || !slices.Equal(more, readers) ||
				(len(readers) > 1) != (iso != nil) || (iso != nil && iso.IW.One.Step != 4) {
				t.Fatalf("byte %d lost state: W %v R %v more %v iso %v", i, b.W, b.R, more, iso)
			}
		}
		// Changing one byte's readers leaves the others': a shared set is
		// replaced, never changed; an Ext's list is the byte's own.
		if m.Shared(&all[0]) {
			m.SetMore(&all[0], []Acc{{Step: 9}}, 0)
		} else {
			more, _ := m.More(&all[0])
			more[0].Step = 9
		}
		if other, _ := m.More(&all[1]); other[0].Step != 3 {
			t.Fatal("two sub-cells share their readers")
		}
		if c.Fresh() || c.W.Step != 0 || c.R.Step != 0 || m.IsoOf(c) != nil {
			t.Fatalf("the split word keeps state of its own, or looks untouched: %+v", *c)
		}
	}
}

func TestExact(t *testing.T) {
	m := New()
	c := m.Word(base)
	if m.Exact(c, 0, 4) != nil {
		t.Fatal("Exact found a sub-cell in a word that is not split")
	}
	m.Sub(c, 4, 8) // two 4-byte cells
	all, _ := m.Sub(c, 0, 8)
	tests := []struct {
		off, size uintptr
		want      *Cell
	}{
		{0, 4, &all[0]},
		{4, 4, &all[1]},
		{0, 2, nil}, // finer than the cells
		{2, 4, nil}, // unaligned
		{0, 8, nil}, // two cells
	}
	for _, tt := range tests {
		if got := m.Exact(c, tt.off, tt.size); got != tt.want {
			t.Errorf("Exact(%d, %d) = %p, want %p", tt.off, tt.size, got, tt.want)
		}
	}
}

func TestWords(t *testing.T) {
	tests := []struct {
		name      string
		addr, end uintptr
		want      int
	}{
		{"one word", base + 8, base + 16, 1},
		{"part of one word", base + 9, base + 11, 1},
		{"three words", base + 4, base + 20, 3},
		{"stops at the page end", base + 4096 - 16, base + 4096 + 64, 2},
		{"a whole page", base, base + 4096, 512},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := New()
			words := m.Words(tt.addr, tt.end)
			if len(words) != tt.want {
				t.Fatalf("%d words, want %d", len(words), tt.want)
			}
			if &words[0] != m.Word(tt.addr) {
				t.Fatal("the first cell is not the word of addr")
			}
		})
	}
}

// TestPagesAndTrim checks that words of one page share it, that distant
// addresses get pages of their own through every level of the table, and
// that Trim keeps the pages the ending generation used, with their state
// and pins, and frees the others with theirs.
func TestPagesAndTrim(t *testing.T) {
	m := New()
	addrs := []uintptr{base, base + 8, base + 4095, base + 4096, base + 1<<24, base + 1<<36}
	for _, a := range addrs {
		m.Word(a).W.Step = 7
	}
	if got := m.Pages(); got != 4 {
		t.Fatalf("%d pages, want 4", got)
	}
	x, y := new(int), new(int)
	m.Pin(base, unsafe.Pointer(x))
	m.Pin(base+1<<36, unsafe.Pointer(y))
	if m.Pins() != 2 || m.page(base>>pageShift).pinOf(0) != unsafe.Pointer(x) {
		t.Fatal("Pin did not keep the pointer")
	}
	m.Pin(base, unsafe.Pointer(y))
	if m.Pins() != 2 || m.page(base>>pageShift).pinOf(0) != unsafe.Pointer(x) {
		t.Fatal("a second pin of a word replaced the first")
	}
	m.SetMore(m.Word(base+1<<36+8), make([]Acc, maxShared+1), 0) // an Ext

	m.Trim()
	if m.Pages() != 0 || m.pages != 4 || m.Pins() != 2 {
		t.Fatalf("after Trim: %d pages in use, %d kept, %d pins; want 0, 4, 2", m.Pages(), m.pages, m.Pins())
	}
	for _, a := range addrs[:4] {
		if c := m.Word(a); c.W.Step != 7 {
			t.Fatalf("the word of %#x lost its state: %+v", a, *c)
		}
	}
	if m.Pages() != 2 {
		t.Fatalf("%d pages in use, want 2", m.Pages())
	}

	free := len(m.exts.free)
	m.Trim() // the pages of base+1<<24 and base+1<<36 were not used
	if m.pages != 2 || m.Pins() != 1 || len(m.exts.free) != free+1 {
		t.Fatalf("%d pages, %d pins, %d free Exts kept; want 2 pages used in the last generation, 1 pin, %d free Exts",
			m.pages, m.Pins(), len(m.exts.free), free+1)
	}
	if c := m.Word(base + 1<<36); !c.Fresh() || m.page((base+1<<36)>>pageShift).pinOf(0) != nil {
		t.Fatalf("a freed page came back with state or pins: %+v", *c)
	}
}

func TestFresh(t *testing.T) {
	tests := []struct {
		name string
		c    Cell
		want bool
	}{
		{"untouched", Cell{}, true},
		{"written", Cell{W: Acc{Step: 1}}, false},
		{"read", Cell{R: Acc{Step: 1}}, false},
		{"isolated accesses only", Cell{X: 1}, false},
		{"split", Cell{X: subCode(8, 2)}, false},
	}
	for _, tt := range tests {
		if got := tt.c.Fresh(); got != tt.want {
			t.Errorf("%s: Fresh = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestMoreReaders checks that SetMore keeps any list of readers, in the
// form that fits (none, a shared set, or an Ext for long lists and for
// cells with isolated accesses), that More gives it back, that equal lists
// share one set, and that Clear releases an Ext for reuse.
func TestMoreReaders(t *testing.T) {
	a, b, c3 := Acc{Step: 1, Site: 1}, Acc{Step: 2, Site: 2}, Acc{Step: 3, Site: 3}
	long := make([]Acc, maxShared+1)
	for i := range long {
		long[i] = Acc{Step: uint32(10 + i)}
	}
	lists := [][]Acc{nil, {a}, {a, b}, {a, b, c3}, long, {b}, nil, {c3}, long, {a, c3}}
	m := New()
	var c Cell
	for i, l := range lists {
		kept := m.SetMore(&c, slices.Clone(l), 0)
		if got, _ := m.More(&c); !slices.Equal(got, l) {
			t.Fatalf("step %d: More = %v after SetMore(%v)", i, got, l)
		}
		shared := len(l) > 0 && len(l) <= maxShared
		if (len(l) == 0) != (c.X == 0) || shared != m.Shared(&c) || (len(l) > maxShared) != isExt(&c) || kept != isExt(&c) {
			t.Fatalf("step %d: %d readers kept as X = %#x (kept %v)", i, len(l), c.X, kept)
		}
	}

	// Equal lists are one set; a cell's new list does not change another's.
	var d, e Cell
	m.SetMore(&d, []Acc{a, b}, 0)
	m.SetMore(&e, []Acc{a, b}, 0)
	if d.X != e.X || !m.Shared(&d) {
		t.Fatalf("two cells with readers {a, b}: X %#x and %#x, want one shared set", d.X, e.X)
	}
	m.SetMore(&e, []Acc{a, b, c3}, 0)
	if got, _ := m.More(&d); !slices.Equal(got, []Acc{a, b}) {
		t.Fatalf("a change of one cell's readers changed the other's: %v", got)
	}
	if m.SetMore(&e, []Acc{a, b}, 1); e.X == d.X {
		t.Fatal("a list with another Readers.Pruned shares a set")
	}

	// Isolated accesses take an Ext even with one reader, and keep it.
	m.SetMore(&c, []Acc{a}, 0)
	m.Iso(&c).IR.One = b
	if got, _ := m.More(&c); !slices.Equal(got, []Acc{a}) || !isExt(&c) {
		t.Fatalf("after Iso: readers %v, X %#x", got, c.X)
	}
	m.SetMore(&c, nil, 0)
	if m.IsoOf(&c) == nil || m.IsoOf(&c).IR.One != b {
		t.Fatal("dropping the readers dropped the isolated accesses")
	}
	free := len(m.exts.free)
	m.Clear(&c)
	if c.X != 0 || len(m.exts.free) != free+1 {
		t.Fatalf("Clear kept state (X %#x) or did not free the Ext", c.X)
	}
}

// TestTrimDropsSharedSets checks that a Trim that finds many shared sets
// frees them and empties the readers of the cells that named them.
func TestTrimDropsSharedSets(t *testing.T) {
	m := New()
	w := m.Word(base)
	for i := range trimSets + 1 {
		m.SetMore(w, []Acc{{Step: uint32(i + 1)}}, 0)
	}
	u := m.Whole(base + 4096)
	m.SetMore(u, []Acc{{Step: 1}}, 0)
	m.Trim()
	if w.X != 0 || u.X != 0 || len(m.shared.sets) != 1 {
		t.Fatalf("after Trim: X %#x and %#x, %d sets; want no readers and no sets", w.X, u.X, len(m.shared.sets))
	}
}

// TestWholePages checks uniform pages: a page that only Whole has returned
// keeps one cell for all its words, a page any other method touched has
// none, and the first such touch gives every word the uniform cell.
func TestWholePages(t *testing.T) {
	m := New()
	u := m.Whole(base)
	if u == nil || !u.Fresh() {
		t.Fatalf("Whole of a new page = %v, want a fresh cell", u)
	}
	u.W = Acc{Step: 5, Site: 1}
	if m.Whole(base) != u || m.Pages() != 1 {
		t.Fatalf("Whole returned another cell, or %d pages are in use (want 1)", m.Pages())
	}
	m.Pin(base, unsafe.Pointer(new(int)))
	if m.Whole(base) != u {
		t.Fatal("Pin brought the page's cells up to date")
	}
	if c := m.Word(base + 4088); c.W.Step != 5 {
		t.Fatalf("the last word of the page after Word: %+v, want the uniform cell", *c)
	}
	for i, c := range m.Words(base, base+4096) {
		if c.W.Step != 5 || c.R.Step != 0 || c.X != 0 {
			t.Fatalf("word %d: %+v, want the uniform cell", i, c)
		}
	}
	if m.Whole(base) != nil {
		t.Fatal("Whole of a page that Word returned a cell of is not nil")
	}
	m.Word(base + 4096)
	if m.Whole(base+4096) != nil {
		t.Fatal("Whole of a page Word created is not nil")
	}

	m.Trim()
	m.Trim() // neither page was used: both are freed
	if m.pages != 0 || m.Pins() != 0 {
		t.Fatalf("after two Trims: %d pages, %d pins; want none", m.pages, m.Pins())
	}
	if u := m.Whole(base); u == nil || !u.Fresh() {
		t.Fatalf("Whole of a freed page = %v, want a fresh cell", u)
	}
}

// TestPinsOfAPage checks the pins of one page beyond the first: each word
// keeps its first pin, in the page or its array.
func TestPinsOfAPage(t *testing.T) {
	m := New()
	x, y, z := new(int), new(int), new(int)
	m.Pin(base+8, unsafe.Pointer(x))
	m.Pin(base+8, unsafe.Pointer(y))
	m.Pin(base+16, unsafe.Pointer(y))
	m.Pin(base+16, unsafe.Pointer(z))
	m.Pin(base, unsafe.Pointer(z))
	p := m.page(base >> pageShift)
	for w, want := range []*int{z, x, y, nil} {
		if got := p.pinOf(w); got != unsafe.Pointer(want) {
			t.Errorf("pin of word %d = %p, want %p", w, got, want)
		}
	}
	if m.Pins() != 3 {
		t.Errorf("%d pins, want 3", m.Pins())
	}

	// Many pins in one page move from the list to the array, all kept.
	objs := make([]*int, maxFew+8)
	for i := range objs {
		objs[i] = new(int)
		m.Pin(base+4096+uintptr(8*i), unsafe.Pointer(objs[i]))
	}
	q := m.page((base + 4096) >> pageShift)
	for i, o := range objs {
		if q.pinOf(i) != unsafe.Pointer(o) {
			t.Fatalf("pin of word %d lost (%d pins kept)", i, m.Pins())
		}
	}
	if q.pins == nil || q.few != nil || m.Pins() != 3+len(objs) {
		t.Errorf("array %v, list %d, %d pins; want the array alone and %d pins", q.pins != nil, len(q.few), m.Pins(), 3+len(objs))
	}
	m.Trim()
	m.Trim()
	if m.Pins() != 0 {
		t.Errorf("%d pins after the pages were freed", m.Pins())
	}
}
