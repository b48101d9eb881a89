package shadow

import "math/bits"

// Reads a step has made already.
//
// A loop reads the same few locations again and again within one step (a
// cipher's key schedule and S-box, a shared coefficient table, the rows a
// stencil reads three times): every read after the first is a repeat of a
// read the detector has checked and recorded, and changes nothing (package
// detect, seen.go, has the argument). Each page therefore remembers, for
// the last step that read it, which of its bytes that step has read so far,
// so that a repeat costs one test of a bit mask instead of a check of the
// location's cell. The filter belongs to one step at a time: the first read
// of a page by another step re-arms it (Note), which clears only the parts
// of the mask the last step set.

// seen is the filter of one page: the bytes step has read, one bit per
// byte, 64 bytes of the page (eight words) to an element of m.
type seen struct {
	step  uint32
	dirty uint64 // bit g is set when m[g] may be non-zero
	m     [1 << (pageShift - 6)]uint64
}

// noSeen is the filter of pages that have none yet, and of noPage: step 0
// is no step, so it matches no read.
var noSeen = &seen{}

// byteMask returns the bits of the bytes [addr, addr+size), which lie in
// one word, in the element of seen.m that holds them, and its index.
func byteMask(addr, size uintptr) (uint64, uintptr) {
	return (uint64(1)<<size - 1) << (addr & 63), (addr >> 6) % (1 << (pageShift - 6))
}

// Seen reports whether step has read every byte of [addr, addr+size), which
// lie in one word, since it last armed the filter of their page, looking
// only at the page that Cached, Word or Words returned last (false for
// another page), so that it stays small enough to be inlined into the
// detector's fast path.
func (m *Memory) Seen(addr, size uintptr, step uint32) bool {
	p := m.last
	f := p.seen
	want, g := byteMask(addr, size)
	return p.pn == addr>>pageShift && f.step == step && f.m[g]&want == want
}

// Armed reports whether the filter of the page Cached, Word or Words
// returned last belongs to step, so that Mark may record its reads.
func (m *Memory) Armed(step uint32) bool { return m.last.seen.step == step }

// Mark records that the step the filter of the last page is armed for
// (Armed) read the bytes [addr, addr+size), which lie in one word of that
// page.
func (m *Memory) Mark(addr, size uintptr) {
	f := m.last.seen
	want, g := byteMask(addr, size)
	f.m[g] |= want
	f.dirty |= 1 << g
}

// Note records that step read the bytes [addr, addr+size), which lie in one
// word, arming the filter of their page for step first when it belongs to
// another one.
func (m *Memory) Note(addr, size uintptr, step uint32) {
	p := m.page(addr >> pageShift)
	f := p.seen
	if f.step != step {
		if f == noSeen {
			f = new(seen)
			p.seen = f
		}
		for d := f.dirty; d != 0; d &= d - 1 {
			f.m[bits.TrailingZeros64(d)] = 0
		}
		f.step, f.dirty = step, 0
	}
	want, g := byteMask(addr, size)
	f.m[g] |= want
	f.dirty |= 1 << g
}

// SeenAt is Seen for bytes of any page.
func (m *Memory) SeenAt(addr, size uintptr, step uint32) bool {
	m.page(addr >> pageShift)
	return m.Seen(addr, size, step)
}
