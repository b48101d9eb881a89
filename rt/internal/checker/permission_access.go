package checker

import (
	"unsafe"
)

// permAccess is the permission check of the access hooks, called for every
// access of a checked task once a permission was acquired in the process
// (or from the start in strict mode). It returns true when the access need
// not be recorded with the detector because a region of the current task
// that allows it stands for it; otherwise the hook records it as usual.
// It also reports a write under a read permission, and in strict mode
// notes the access for the sharing report.
//
// Why skipping hides no race. Let a be an access of task T, made in a step
// s of T (a step ends at every spawn, Finish end or Get of T), inside a
// region R that T holds and that allows a. Before skipping a, permAccess
// makes sure that R was recorded, as one access of its whole range with
// R's mode, in the same step s: if R's latest record was made at another
// step, it records R again now (permRefresh). A record in the same step
// is made by the same task with no other task's access in between in the
// serial execution, and is ordered with every other step exactly as a is,
// so the detector treats it as it would treat a: any access u that races
// with a conflicts with the record (same bytes or more, a write if a is a
// write) and is unordered with it, and is reported against it. The record
// is also at least as isolated as a: a record made inside an Isolated body
// stands only for accesses inside one (permRefresh records again after
// the body ends), while a record made outside stands for both (it
// conflicts with more).
//
// Telling the step. The step is approximated by permStep, which changes at
// every spawn of any task, every Run and every forgetting of tasks, but
// not at joins. A step s' of T that ends at a join has a single successor,
// T's next step s (the join adds edges into s, none out of s'), so every
// step unordered with s is unordered with s' too: a record made in s'
// stands for the accesses of s as well. It may also be unordered with the
// tasks that the join ordered before s, and then a race with one of them
// is reported against the record: not a race of a's, but a conflict of a
// permission that T held in s' with an access of a task that may run in
// parallel with s', which is what the region check reports. A spawn, in
// contrast, adds an edge out of the step it ends, so after one the region
// is recorded again before it stands for accesses.
//
// In an exploring run, every access is recorded as usual (the region's
// records come in addition): the explorer's graph needs no shortcut.
func (st *state) permAccess(p unsafe.Pointer, size uintptr, write bool, site uint32) bool {
	ps := st.perm
	if ps == nil || st.cur != ps.lastCur || st.gen != ps.gen {
		ps = st.permSync()
	}
	h := ps.cur
	if h == nil {
		if ps.shared != nil {
			st.noteShared(uintptr(p), size, p, write, site, st.inIsolated())
		}
		return false
	}
	lo, hi := uintptr(p), uintptr(p)+size
	i, under := h.regions.Cover(lo, hi, write, h.last)
	switch {
	case i >= 0:
		h.last = i
		if st.x != nil {
			if ps.shared != nil {
				st.noteShared(lo, size, p, write, site, true)
			}
			return false
		}
		st.permRefresh(&h.regions[i])
		return true
	case under >= 0:
		r := h.regions[under]
		st.permWriteUnderRead(site, lo, r)
		if ps.shared != nil {
			st.noteShared(lo, size, p, write, site, true)
		}
	case ps.shared != nil:
		st.noteShared(lo, size, p, write, site, st.inIsolated())
	}
	return false
}
