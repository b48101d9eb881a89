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
	st.det.IsolatedBegin(st.cur, event.Site(site))
	Access(p, size, true, site)
	st.det.IsolatedEnd(st.cur)
}
