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
//
// A filter armed for a step that has ended is of no use (a step never runs
// again once another has), so filters are not kept per page but lent to
// pages from a ring (Memory.filters): arming a page that has none takes
// the filter at the ring's next slot from its page unless the current step
// uses it, and makes a new one only then. The filters in use are thus
// about as many as the pages one step reads, not as many as the pages of
// the run. A page that loses its filter only loses the shortcut.

// seen is the filter of one page: the bytes step has read, one bit per
// byte, 64 bytes of the page (eight words) to an element of m.
type seen struct {
	step  uint32
	dirty uint64 // bit g is set when m[g] may be non-zero
	page  *page  // the page the filter is lent to, nil while none
	m     [1 << (pageShift - 6)]uint64
}

// seenRing is the ring of filters that pages borrow.
type seenRing struct {
	all  []*seen
	next int
}

// lend gives page p a filter armed for step, taking one from another page
// when the ring's next one is not the current step's.
func (m *Memory) lend(p *page, step uint32) *seen {
	r := &m.filters
	var f *seen
	if len(r.all) > 0 && r.all[r.next].step != step {
		f = r.all[r.next]
		r.next = (r.next + 1) % len(r.all)
		if f.page != nil {
			f.page.seen = noSeen
		}
	} else {
		f = m.newSeen()
		r.all = append(r.all, f)
	}
	f.page, p.seen = p, f
	f.arm(step)
	return f
}

// arm empties f and gives it to step.
func (f *seen) arm(step uint32) {
	f.disarm()
	for d := f.dirty; d != 0; d &= d - 1 {
		f.m[bits.TrailingZeros64(d)] = 0
	}
	f.step, f.dirty = step, 0
}

// unlend takes the filter of page p back before p is freed.
func (p *page) unlend() {
	if f := p.seen; f != noSeen {
		f.disarm()
		f.page, f.step = nil, 0
		p.seen = noSeen
	}
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
	if p.pn != addr>>pageShift || p.seen.step != step {
		return false // the common answer for pages the filter does not help
	}
	want, g := byteMask(addr, size)
	return p.seen.m[g]&want == want
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
// word, when the filter of their page is armed for step; when it is not,
// and arm is set, it arms it for step first.
func (m *Memory) Note(addr, size uintptr, step uint32, arm bool) {
	p := m.last // usually: the caller has just checked the read
	if p.pn != addr>>pageShift {
		p = m.page(addr >> pageShift)
	}
	f := p.seen
	switch {
	case f.step != step && !arm:
		return
	case f == noSeen:
		f = m.lend(p, step)
	case f.step != step:
		f.arm(step)
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

// SeenElsewhere is SeenAt for a caller that has asked Seen already: false
// without a lookup when the bytes are in the last page, which Seen looked
// at.
func (m *Memory) SeenElsewhere(addr, size uintptr, step uint32) bool {
	return m.last.pn != addr>>pageShift && m.SeenAt(addr, size, step)
}

// Filters of two pages, tested inline.
//
// Seen saves the check of a repeated read, but not the calls that lead to
// it: the hook, the checker's dispatch and the detector's fast path, which
// a table cipher pays some hundred times per block. So filters are also
// copied where a read hook can test them before calling anything
// (Repeat): the filter of the page the detector last looked at, when it
// is armed for the running step, goes to one of two slots by the parity
// of its page number, so that a loop that reads two neighbouring pages in
// turn (a key schedule and an S-box, two rows) keeps both. Repeat answers
// true only where Seen would: the bytes lie in one word of the slot's
// page and its filter has them all, and the step it is armed for still
// runs, which the graph's live step says with one load
// (dtrg.Graph.Live; 0 while another step is pending and once the graph is
// replaced, and a step's number is never given twice). A filter stays its
// page's for as long as its step runs (lend takes no filter armed for the
// running step, and arm re-arms only for another step); the two ways it
// can stop being so within the step, unlend (the page is freed) and arm,
// turn its copy off. Whoever arms a copy (ArmRepeat) answers for the rest
// of Seen's conditions — that the read would reach the test at all — and
// turns the copies off (RepeatOff) whenever they stop holding.

// RepeatFilter is a copy that Repeat tests. Its fields are exported for
// rt.Repeat only, which must test them itself to be inlined (the compiler
// does not inline a call inside an inlined generic hook).
type RepeatFilter struct {
	PN   uintptr                       // the filter's page; offPage while off
	Step uint32                        // the step the filter is armed for
	Live *uint32                       // the graph's live step (dtrg.Graph.Live)
	M    *[1 << (pageShift - 6)]uint64 // the filter's mask
}

// PageShift is the log2 of the bytes of program memory per page of the
// shadow memory, for rt.Repeat.
const PageShift = pageShift

// offPage is no page number: addresses shifted by pageShift never reach it.
const offPage = ^uintptr(0)

// Repeated holds the copies, the one of page number pn in slot pn&1. It is
// process-wide, as the hooks that test it are: a read hook has no value
// to carry it in.
var Repeated = [2]RepeatFilter{
	{PN: offPage, Live: new(uint32), M: new([1 << (pageShift - 6)]uint64)},
	{PN: offPage, Live: new(uint32), M: new([1 << (pageShift - 6)]uint64)},
}

// Repeat reports whether the running step has read every byte of [addr,
// addr+size) already, by the copies ArmRepeat made. rt.Repeat is the same
// test, written out so that it is inlined into rewritten code.
func Repeat(addr, size uintptr) bool {
	f := &Repeated[addr>>pageShift&1]
	if addr>>pageShift != f.PN || *f.Live != f.Step || addr&7+size > 8 {
		return false
	}
	want := (uint64(1)<<size - 1) << (addr & 63)
	return f.M[(addr>>6)%(1<<(pageShift-6))]&want == want
}

// RepeatOff turns the copies off until the next ArmRepeat.
func RepeatOff() { Repeated[0].PN, Repeated[1].PN = offPage, offPage }

// ArmRepeat copies the filter of the page that Seen, Cached, Word or Words
// looked at last into its slot, if it is armed for step, the running step,
// whose live value live points to.
//
// A slot that holds a copy for the running step keeps it: a loop that
// reads many pages (a binary search's probes) would otherwise copy at
// almost every read, and one that reads a few pages again and again (a
// table cipher's key schedule and S-box) has copied them before another
// page comes along.
func (m *Memory) ArmRepeat(step uint32, live *uint32) {
	p := m.last
	r := &Repeated[p.pn&1]
	if r.PN != offPage && r.Step == step && *r.Live == step {
		return
	}
	if f := p.seen; f.step == step && step != 0 && f.page == p {
		*r = RepeatFilter{PN: p.pn, Step: step, Live: live, M: &f.m}
	}
}

// disarm turns the copy of f off, if there is one.
func (f *seen) disarm() {
	for i := range Repeated {
		if Repeated[i].M == &f.m {
			Repeated[i].PN = offPage
		}
	}
}
