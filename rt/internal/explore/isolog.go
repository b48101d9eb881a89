package explore

import "slices"

// Conflicts between isolated sections. Two isolated sections conflict when
// they touch a common byte and one of them writes it, unless both are
// commutative updates of one class (SiteInfo.Commute): either order of
// those leaves the same memory and nothing else depends on it.
//
// A serial run uses this to decide whether its isolated sections need
// exploring at all: only when two sections of different tasks conflict.
// When none do, every order of the sections reads the same values, so the
// program does the same in every order and its computation graph without
// isolated edges is the same; a pair of accesses is then a race in some
// order exactly when it is unordered in that graph (an order can put the
// sections after one access before those before the other), which is what
// the serial run's detector decides (the checker watches a serial
// run with an IsoLog). An exploring run uses it to order each
// section after the earlier sections it conflicts with (scheduler.go).

// IsoLog is what the isolated sections of a Run did, per byte, with each
// section (or task) named by an owner number.
//
// The state is kept per byte, since a conflict is a common byte; but the
// bytes of an aligned 8-byte word that every access so far covered whole
// are in one state, so such a word keeps one isoUse for its eight bytes and
// an access of the whole word updates it once: the same state, the same
// update and the same conflicts as eight bytes updated one by one. The
// first access of part of the word gives each byte a copy of that state
// (isoWord.split). Serial runs call Add for every isolated access, so its
// cost is the cost of an isolated section: the word of the last access is
// kept at hand, and an access that would change nothing and conflict with
// nobody (the same owner updating or reading what it updated or read
// last, as a task's counter) returns at once.
type IsoLog struct {
	words    map[uintptr]*isoWord // by address / 8
	lastKey  uintptr
	lastWord *isoWord
}

// isoWord is the state of the 8 bytes of an aligned word.
type isoWord struct {
	whole isoUse            // the state of every byte, while bytes is nil
	bytes *[wordSize]isoUse // the state of each byte, once an access covered part of the word
}

const wordSize = 8

// split gives each byte of w a state of its own, a copy of the whole's.
func (w *isoWord) split() {
	w.bytes = new([wordSize]isoUse)
	for i := range w.bytes {
		w.bytes[i] = isoUse{writer: w.whole.writer, class: w.whole.class,
			readers: slices.Clone(w.whole.readers), comm: slices.Clone(w.whole.comm)}
	}
}

// isoUse is what the isolated accesses did to one byte so far.
type isoUse struct {
	writer  int   // the owner of the last plain write, or -1
	readers []int // owners that read it plainly since
	comm    []int // owners that updated it commutatively (class) since
	class   uint8
}

// NewIsoLog returns an empty log.
func NewIsoLog() *IsoLog { return &IsoLog{words: map[uintptr]*isoWord{}} }

// Add records an access of the bytes [addr, addr+size) by owner, in a
// section of commutative class class (0 for none), and calls conflict for
// every earlier owner the access conflicts with (possibly more than once,
// and possibly owner itself, which callers ignore).
// A commutative section both reads and writes what it updates, and its
// accesses are recorded as such whatever write says.
func (l *IsoLog) Add(owner int, class uint8, addr, size uintptr, write bool, conflict func(int)) {
	end := addr + size
	for a := addr; a < end; {
		key := a / wordSize
		w := l.lastWord
		if w == nil || key != l.lastKey {
			w = l.words[key]
			if w == nil {
				w = &isoWord{whole: isoUse{writer: -1}}
				l.words[key] = w
			}
			l.lastKey, l.lastWord = key, w
		}
		lo, hi := a-key*wordSize, min(end-key*wordSize, wordSize)
		if lo == 0 && hi == wordSize && w.bytes == nil {
			w.whole.add(owner, class, write, conflict)
		} else {
			if w.bytes == nil {
				w.split()
			}
			for b := lo; b < hi; b++ {
				w.bytes[b].add(owner, class, write, conflict)
			}
		}
		a = (key + 1) * wordSize
	}
}

// add records an access of the byte whose state u is (see Add).
func (u *isoUse) add(owner int, class uint8, write bool, conflict func(int)) {
	if u.writer >= 0 {
		conflict(u.writer)
	}
	switch {
	case class != 0:
		if u.class == class && len(u.readers) == 0 && (u.writer < 0 || u.writer == owner) && last(u.comm) == owner {
			return // a repeated update: nothing changes, no conflict
		}
		for _, r := range u.readers {
			conflict(r)
		}
		if u.class != class {
			for _, c := range u.comm {
				conflict(c)
			}
			u.comm, u.class = u.comm[:0], class
		}
		u.comm = addOwner(u.comm, owner)
	case write:
		for _, r := range u.readers {
			conflict(r)
		}
		for _, c := range u.comm {
			conflict(c)
		}
		u.writer, u.readers, u.comm = owner, u.readers[:0], u.comm[:0]
	default:
		if len(u.comm) == 0 && last(u.readers) == owner {
			return // a repeated read
		}
		for _, c := range u.comm {
			conflict(c)
		}
		u.readers = addOwner(u.readers, owner)
	}
}

// last returns the last owner of owners, or -1.
func last(owners []int) int {
	if len(owners) == 0 {
		return -1
	}
	return owners[len(owners)-1]
}

// addOwner adds owner to the set owners. The owner of the last access is
// usually the last one added (a task updates a counter many times in a
// row), so that is checked first, in O(1).
func addOwner(owners []int, owner int) []int {
	if n := len(owners); n > 0 && owners[n-1] == owner || slices.Contains(owners, owner) {
		return owners
	}
	return append(owners, owner)
}
