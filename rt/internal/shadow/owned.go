package shadow

import (
	"sync"
	"sync/atomic"
)

// Objects whose deaths are reported.
//
// Pins keep every object an access found alive while its shadow state
// exists (Pin), which is exact but keeps memory: an object that a task
// touched stays alive until the run forgets that task, long after the
// program dropped it. For an object whose death the caller learns before
// its memory can be reused, the pin is not needed: the caller registers
// the object's range (Own), Pin leaves the words of owned ranges unpinned,
// and when the object has died the caller clears the range's shadow state
// (Release) before the object's memory goes back to the allocator.
//
// Why that is exact. Two accesses race only if they are to the same
// object: after an object dies no access to it is made, and a new object
// at its address must be checked as a fresh one. While the object lives,
// its unpinned words are kept by the program itself, so no other object
// can be at their address and the state describes the object alone, as a
// pinned one's does. Release clears the state of every word of the range
// (cells, sub-cells, reader sets, the repeated-read filters of its pages),
// so the first access of a later object there finds what a never-used
// word has: nothing, no pin. Between the death and Release the memory must
// not be reused: the caller holds the dead object (package checker learns
// deaths from a finalizer, which receives the object and keeps it until
// the detector has released it, see checker/alloc.go), so the allocator
// cannot hand its memory out before the state is gone.
//
// The registry is of the process, as the heap is: objects are registered
// once, whatever run of the checker accesses them, and every Memory leaves
// them unpinned. A program may give an object a finalizer of its own from
// any goroutine (package checker then disowns it), so the registry has a
// lock; Owned, on the path of accesses to fresh words, takes it only while
// the registry is not empty and the page's bit says it may hold one.

// ownedRange is an owned object: [lo, hi).
type ownedRange struct{ lo, hi uintptr }

// owned maps each page number to the owned objects that overlap the page;
// nowned counts its entries, for the lock-free test of Owned. ownedBits
// has, for each page that ever held an owned object, the bit of the page's
// hash set (ownedBit), before the page's entry is added, and never
// cleared: a page whose bit is clear has no owned object, which Owned
// tells without the lock. A set bit of a page without one (another page's,
// or one whose objects were disowned) only costs the lookup.
var (
	ownedMu   sync.RWMutex
	owned     = map[uintptr][]ownedRange{}
	nowned    atomic.Int64
	ownedBits [ownedBitWords]atomic.Uint64
)

// ownedBitWords is the size of ownedBits in words: 2^16 bits.
const ownedBitWords = 1 << 10

// ownedBit returns the word and the bit of page pn in ownedBits.
func ownedBit(pn uintptr) (*atomic.Uint64, uint64) {
	h := uint64(pn) * 0x9E3779B97F4A7C15 >> 48 // 16 bits
	return &ownedBits[h>>6], 1 << (h & 63)
}

// Own registers the object at [addr, addr+size) as one whose death the
// caller reports with Release: Pin no longer pins it.
func Own(addr, size uintptr) {
	if size == 0 {
		return
	}
	r := ownedRange{addr, addr + size}
	ownedMu.Lock()
	defer ownedMu.Unlock()
	for pn := addr >> pageShift; pn <= (r.hi-1)>>pageShift; pn++ {
		if w, b := ownedBit(pn); w.Load()&b == 0 {
			w.Or(b)
		}
		if owned[pn] == nil {
			nowned.Add(1)
		}
		owned[pn] = append(owned[pn], r)
	}
}

// Disown removes the object at [addr, addr+size) from the registry.
func Disown(addr, size uintptr) {
	if size == 0 {
		return
	}
	hi := addr + size
	ownedMu.Lock()
	defer ownedMu.Unlock()
	for pn := addr >> pageShift; pn <= (hi-1)>>pageShift; pn++ {
		rs := owned[pn]
		for i, r := range rs {
			if r.lo == addr {
				rs[i] = rs[len(rs)-1]
				rs = rs[:len(rs)-1]
				break
			}
		}
		if len(rs) == 0 {
			if _, ok := owned[pn]; ok {
				nowned.Add(-1)
			}
			delete(owned, pn)
		} else {
			owned[pn] = rs
		}
	}
}

// Owned reports whether addr lies in an owned object.
func Owned(addr uintptr) bool {
	if nowned.Load() == 0 {
		return false
	}
	if w, b := ownedBit(addr >> pageShift); w.Load()&b == 0 {
		return false
	}
	ownedMu.RLock()
	defer ownedMu.RUnlock()
	for _, r := range owned[addr>>pageShift] {
		if r.lo <= addr && addr < r.hi {
			return true
		}
	}
	return false
}

// Release clears the shadow state of [addr, addr+size) and drops the pins
// of its words, for an object that died and whose memory has not been
// reused (see Own). Pages that the range covers entirely are freed.
func (m *Memory) Release(addr, size uintptr) {
	m.pagesOf(addr, size, func(pp **page, whole bool, w0, w1 int) {
		p := *pp
		if whole {
			m.drop(p)
			if p.gen == m.gen {
				m.live--
			}
			m.forget(p)
			m.freePage(p)
			*pp = nil
			return
		}
		// Part of the page: clear the words inside the range. Ranges of
		// objects cover whole words (allocations are word-aligned and
		// word-sized in the Go heap), so no word is shared with another
		// object.
		p.unlend()
		if p.uni {
			// The runs stand for every word: give the page its cells, then
			// clear some of them.
			m.giveCells(p)
		}
		if p.cells != nil {
			for i := w0; i < w1; i++ {
				m.clearWord(&p.cells[i])
			}
		}
		m.unpin(p, w0, w1)
	})
}

// Unpin drops the pins of the words of [addr, addr+size), keeping their
// shadow state: the object there has just been registered (Own), and its
// death will be learned instead (Release clears the state then).
func (m *Memory) Unpin(addr, size uintptr) {
	m.pagesOf(addr, size, func(pp **page, _ bool, w0, w1 int) { m.unpin(*pp, w0, w1) })
}

// pagesOf calls f for each page of [addr, addr+size) that has shadow
// state: its table slot, whether the range covers the whole page, and the
// range's words in it, [w0, w1).
func (m *Memory) pagesOf(addr, size uintptr, f func(pp **page, whole bool, w0, w1 int)) {
	if size == 0 {
		return
	}
	end := addr + size
	for pn := addr >> pageShift; pn <= (end-1)>>pageShift; pn++ {
		pp := m.slot(pn)
		if pp == nil || *pp == nil {
			continue
		}
		lo, hi := pn<<pageShift, (pn+1)<<pageShift
		w0 := max(addr, lo) >> wordShift & (wordsPerPage - 1)
		w1 := ((min(end, hi) - 1) >> wordShift & (wordsPerPage - 1)) + 1
		f(pp, addr <= lo && hi <= end, int(w0), int(w1))
	}
}

// clearWord drops every state of the word cell c, split or not.
func (m *Memory) clearWord(c *Cell) {
	if c.X&splitBit != 0 {
		j, g := subIndex(c.X)
		for k := range m.subs.block(j, g) {
			m.release(&m.subs.block(j, g)[k])
		}
		m.subs.free[g] = append(m.subs.free[g], j)
	} else {
		m.release(c)
	}
	*c = Cell{}
}

// unpin drops the pins of words [w0, w1) of page p.
func (m *Memory) unpin(p *page, w0, w1 int) {
	in := func(w uint16) bool { return int(w) >= w0 && int(w) < w1 }
	k := 0
	for _, e := range p.few {
		if in(e.w) {
			m.npins--
			continue
		}
		p.few[k] = e
		k++
	}
	clear(p.few[k:])
	p.few = p.few[:k]
	if p.pins != nil {
		for w := w0; w < w1; w++ {
			if p.pins[w] != nil {
				p.pins[w] = nil
				m.npins--
			}
		}
	}
	if p.pin0 != nil && in(p.pin0w) {
		p.pin0, p.pin0w = nil, 0
		m.npins--
		// pin0 is the first slot Pin fills: move a pin of the list there.
		if n := len(p.few); n > 0 {
			p.pin0, p.pin0w = p.few[n-1].p, p.few[n-1].w
			p.few[n-1] = pinEntry{}
			p.few = p.few[:n-1]
		}
	}
}

// slot returns the table slot of page number pn, or nil when its tables do
// not exist.
func (m *Memory) slot(pn uintptr) **page {
	t2 := m.l1[(pn>>(2*levelBits))%levelLen]
	if t2 == nil {
		return nil
	}
	t3 := t2[(pn>>levelBits)%levelLen]
	if t3 == nil {
		return nil
	}
	return &t3[pn%levelLen]
}

// forget removes page p from the caches of recent pages, before it is
// freed.
func (m *Memory) forget(p *page) {
	if r := &m.recent[recentSlot(p.pn)]; *r == p {
		*r = noPage
	}
	if m.last == p {
		m.last = noPage
	}
}
