package rt

import (
	"slices"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// Whether a serial run needs its isolated sections explored. Exploring the
// orders of isolated sections matters only when two sections of different
// tasks conflict: touch a common byte, one of them writing it, unless both
// are commutative updates of one class (SiteInfo.Commute). When none do,
// every order of the sections reads the same values, so the program does
// the same in every order and its computation graph without isolated edges
// is the same; a pair of accesses is then a race in some order exactly when
// it is unordered in that graph (an order can put the sections after one
// access before those before the other), which is what the serial run's
// detector decides. The serial run therefore watches the bytes its
// isolated sections touch and explores only after a conflict.

// isoWatch is the isolated accesses of the current Run, per byte, until the
// first conflict between tasks.
type isoWatch struct {
	bytes    map[uintptr]*isoUse
	conflict bool
	depth    int   // nesting of Isolated in the current task
	class    uint8 // the commutative class of the current section, or 0
}

// isoUse is what the isolated sections did to one byte so far.
type isoUse struct {
	writer  event.Task   // the task of the last plain write, or 0
	readers []event.Task // tasks that read it plainly since
	comm    []event.Task // tasks that updated it commutatively (class) since
	class   uint8
}

func newIsoWatch() *isoWatch { return &isoWatch{bytes: map[uintptr]*isoUse{}} }

// begin and end bracket an Isolated body of the current task at site.
func (w *isoWatch) begin(site uint32, commute bool) {
	w.depth++
	if w.depth == 1 {
		w.class = 0
		if commute {
			w.class = lookupSite(site).Commute
		}
	}
}

func (w *isoWatch) end() { w.depth-- }

// access records an access of task t inside an isolated section.
func (w *isoWatch) access(t event.Task, p unsafe.Pointer, size uintptr, write bool) {
	if w.conflict || w.depth == 0 {
		return
	}
	other := func(ts []event.Task) bool {
		return slices.ContainsFunc(ts, func(u event.Task) bool { return u != t })
	}
	for a := uintptr(p); a < uintptr(p)+size; a++ {
		u := w.bytes[a]
		if u == nil {
			u = &isoUse{}
			w.bytes[a] = u
		}
		foreignWriter := u.writer != 0 && u.writer != t
		switch {
		case w.class != 0:
			if foreignWriter || other(u.readers) || (u.class != w.class && other(u.comm)) {
				w.conflict = true
				return
			}
			if u.class != w.class {
				u.comm, u.class = u.comm[:0], w.class
			}
			if !slices.Contains(u.comm, t) {
				u.comm = append(u.comm, t)
			}
		case write:
			if foreignWriter || other(u.readers) || other(u.comm) {
				w.conflict = true
				return
			}
			u.writer, u.readers, u.comm = t, u.readers[:0], u.comm[:0]
		default:
			if foreignWriter || other(u.comm) {
				w.conflict = true
				return
			}
			if !slices.Contains(u.readers, t) {
				u.readers = append(u.readers, t)
			}
		}
	}
}
