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
type IsoLog struct {
	bytes map[uintptr]*isoUse
}

// isoUse is what the isolated accesses did to one byte so far.
type isoUse struct {
	writer  int   // the owner of the last plain write, or -1
	readers []int // owners that read it plainly since
	comm    []int // owners that updated it commutatively (class) since
	class   uint8
}

// NewIsoLog returns an empty log.
func NewIsoLog() *IsoLog { return &IsoLog{bytes: map[uintptr]*isoUse{}} }

// Add records an access of the bytes [addr, addr+size) by owner, in a
// section of commutative class class (0 for none), and calls conflict for
// every earlier owner the access conflicts with (possibly more than once).
// A commutative section both reads and writes what it updates, and its
// accesses are recorded as such whatever write says.
func (l *IsoLog) Add(owner int, class uint8, addr, size uintptr, write bool, conflict func(int)) {
	for a := addr; a < addr+size; a++ {
		u := l.bytes[a]
		if u == nil {
			u = &isoUse{writer: -1}
			l.bytes[a] = u
		}
		if u.writer >= 0 {
			conflict(u.writer)
		}
		switch {
		case class != 0:
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
			for _, c := range u.comm {
				conflict(c)
			}
			u.readers = addOwner(u.readers, owner)
		}
	}
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
