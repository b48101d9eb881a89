package checker

import (
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// UpdateAccess records the access of a commuting atomic update (an Add,
// And or Or whose result is not used; see rt/internal/goexec, commute.go)
// to the size bytes at p, made at site, as an isolated write of the
// current task: it races with the plain reads and writes of the word that
// the update is not ordered with, and not with the other updates of its
// round, which the graph leaves unordered as every order of them gives
// the same run.
func UpdateAccess(p unsafe.Pointer, size uintptr, site uint32) {
	st := theState
	if st == nil || st.cur == 0 {
		return
	}
	if st.gx != nil {
		st.gx.CommuteAccess(p, size, site)
	}
	st.det.IsolatedBegin(st.cur, event.Site(site))
	Access(p, size, true, site)
	st.det.IsolatedEnd(st.cur)
}

// CommuteSections reports whether the commuting sections of mutexes are
// taken for what they are: not with the option commute=0, which explores
// their orders as those of other sections (for measurements).
func CommuteSections() bool {
	st := theState
	return st == nil || !st.opts.NoCommute
}

// SectionBegin begins a commuting section of a mutex (see
// rt/internal/goexec, section.go) in the current task, at site: until
// SectionEnd, the task's accesses are isolated, so that they race with the
// plain accesses that they are not ordered with and not with those of the
// other sections of their round, which the graph leaves unordered as every
// order of them gives the same run; and each is reported to the executor
// (SectionAccess), which notes a location that the commuting operations
// of two domains update.
func SectionBegin(site uint32) {
	st := theState
	if st == nil || st.cur == 0 {
		return
	}
	st.det.IsolatedBegin(st.cur, event.Site(site))
	st.sections++
	st.updateSlow()
}

// SectionEnd ends the commuting section that SectionBegin began.
func SectionEnd() {
	st := theState
	if st == nil || st.cur == 0 || st.sections == 0 {
		return
	}
	st.sections--
	st.updateSlow()
	st.det.IsolatedEnd(st.cur)
}
