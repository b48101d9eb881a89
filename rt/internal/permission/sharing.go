package permission

import (
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// Sharing records, for the current Run, which tasks accessed each byte,
// for strict mode (TPINSTR=permissions=strict). Strict mode reports sharing
// that is not annotated, as the JPF-HJ search of Mercer et al. (ASE 2015,
// section V, Algorithms 1 and 2) does when it ends: the user adds
// permission regions or Isolated bodies until no such report remains.
//
// A location (a byte) is shared when two different tasks of one Run access
// it, in any order, whether or not joins order the two accesses. An access
// is annotated when it is made inside an Isolated body, or inside a
// permission region of its own task that allows it (a write needs a write
// region); the acquire of a region counts as an annotated access of its
// whole range. Every access to a shared location that is not annotated is
// reported, once per site, with an access of another task to it: the
// accesses of a location's first task are kept until a second task comes,
// and reported then.
type Sharing struct {
	run   int
	words map[uintptr]*shareWord // by the address of the 8-byte word
}

// shareWord is the record of one 8-byte word.
type shareWord struct {
	pin    unsafe.Pointer // keeps the word's object alive, so its address is not reused
	first  [8]uint8       // per byte, 1 + the index in accs of its first task's access; 0 if none
	second [8]uint8       // per byte, 1 + the index in accs of another task's access; 0 if none
	accs   []Acc          // the accesses that first and second name
	pend   []Acc          // unannotated accesses of bytes that no other task has accessed yet, one per task and site
}

// Acc is an access, and the bytes of its word that it made.
type Acc struct {
	Key   uint64  // the task, unique within the Run
	Ref   TaskRef // the task, for reports
	Site  uint32
	Write bool
	mask  uint8
}

// TaskRef names a task that may have ended, for a report: the checker
// knows its spawn chain while its Run and generation are current.
type TaskRef struct {
	Task event.Task
	Gen  uint64
	Run  int
}

// NewSharing returns an empty record.
func NewSharing() *Sharing { return &Sharing{words: map[uintptr]*shareWord{}} }

// sync forgets the record of an earlier Run: tasks of different Runs are
// not compared.
func (s *Sharing) sync(run int) {
	if s.run != run {
		s.run = run
		clear(s.words)
	}
}

// Report is called for an access a, outside any permission region and
// Isolated body, of a location that the access other of another task also
// made; addr is the first such byte.
type Report func(a, other Acc, addr uintptr)

// Note records an access a of Run run to the size bytes at addr (p points
// at addr), annotated or not, and calls report for what it makes
// unannotated sharing.
func (s *Sharing) Note(run int, a Acc, addr, size uintptr, p unsafe.Pointer, annotated bool, report Report) {
	s.sync(run)
	end := addr + size
	for w := addr &^ 7; w < end; w += 8 {
		lo, hi := max(w, addr), min(w+8, end)
		c := s.words[w]
		if c == nil {
			c = &shareWord{pin: unsafe.Add(p, lo-addr)}
			s.words[w] = c
		}
		a.mask = uint8((1<<(hi-lo) - 1) << (lo - w))
		s.noteWord(c, w, a, annotated, report)
	}
}

// noteWord records access a in the word c at address w.
func (s *Sharing) noteWord(c *shareWord, w uintptr, a Acc, annotated bool, report Report) {
	self := uint8(0) // 1 + index of a in c.accs, once added
	ref := func() uint8 {
		if self == 0 {
			c.accs = append(c.accs, a)
			self = uint8(len(c.accs))
		}
		return self
	}
	var newly uint8 // bytes that a makes shared
	other := -1     // index in c.accs of another task's access of a shared byte of a
	for b := range 8 {
		bit := uint8(1) << b
		if a.mask&bit == 0 {
			continue
		}
		f := c.first[b]
		switch {
		case f == 0:
			c.first[b] = ref()
		case c.accs[f-1].Key != a.Key:
			if c.second[b] == 0 {
				c.second[b] = ref()
				newly |= bit
			}
			other = int(f - 1)
		case c.second[b] != 0:
			other = int(c.second[b] - 1)
		}
	}
	if newly != 0 {
		// The first task's unannotated accesses of these bytes are
		// unannotated sharing now.
		keep := c.pend[:0]
		for _, p := range c.pend {
			if p.mask&newly != 0 && p.Key != a.Key {
				report(p, a, w+uintptr(lowBit(p.mask&newly)))
				p.mask &^= newly
			}
			if p.mask != 0 {
				keep = append(keep, p)
			}
		}
		c.pend = keep
	}
	switch {
	case annotated:
	case other >= 0:
		report(a, c.accs[other], w+uintptr(lowBit(a.mask)))
	default:
		for i := range c.pend {
			if p := &c.pend[i]; p.Key == a.Key && p.Site == a.Site {
				p.mask |= a.mask
				return
			}
		}
		c.pend = append(c.pend, a)
	}
}

// lowBit returns the index of the lowest set bit of m, which is not 0.
func lowBit(m uint8) int {
	n := 0
	for m&1 == 0 {
		m >>= 1
		n++
	}
	return n
}
