package checker

import (
	"slices"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/permission"
	"github.com/tpinstr/tpinstr/rt/options"
)

// permState is the permission machinery of a process, created at the
// first acquire, or when the process starts in strict mode. It implements
// the permission regions of Mercer, Anderson, Vrvilo and Sarkar, "Model
// Checking Task Parallel Programs using Gradual Permission" (ASE 2015),
// section IV, and the state machine of its Figure 7. Section IV describes
// that machine as one per shared object that starts in Null, moves at
// every acquire and release according to the permissions held, and signals
// a violation when tasks hold conflicting permissions; we read it as the
// reader-writer machine: acquireR by t leads from Null to Read{t} and adds
// t to the readers of Read{…}; acquireW by t leads to Write(t) from Null,
// or from Read{t} as an upgrade; releases lead back; an acquire that
// conflicts with another task's permission (a write with anything, a read
// with a write) is the violation.
//
// We split that machine in two.
//
//   - What one task holds is kept exactly, per task, as a list of regions
//     (permission.Regions): a read or write permission on a byte range,
//     each acquire adding one (so acquires nest, and a write acquire over a
//     read one is the upgrade) and each release removing the one it
//     matches. The misuses that involve one task are reported as
//     permission errors: a release that matches nothing, a write of a
//     location the task holds for reading only, and a task that ends while
//     it holds a permission.
//   - "Held by two tasks at the same time" becomes "held by two tasks that
//     may run in parallel", decided by the determinacy race detector: an
//     acquire records one access of its whole range (a read for R, a write
//     for W) through the same path as the access hooks. Two conflicting
//     permissions of parallel tasks are then a determinacy race between
//     their acquires, found for every schedule of the input at once, where
//     the paper's runtime sees only the holds of the schedule it runs (its
//     Figure 8: one of the two schedules shown finds the violation).
//
// While a task holds a region, its accesses inside the region are not
// recorded one by one: the region was recorded for them, once, which is
// what makes a region cheap to check (the paper's ClumpedAccess program,
// Figure 10 and Table I: one scheduling point for a thousand accesses). The
// argument that this hides no race is on permAccess.
type permState struct {
	holds map[event.Task]*holding // the tasks that hold a permission now

	// The holding of the task that ran last, valid while the current task
	// and the generation are lastCur and gen: permSync brings them up to
	// date, and reports holders that have ended.
	cur     *holding
	lastCur event.Task
	gen     uint64

	sites    map[siteKey]uint32  // the sites of permission calls, by call
	reported map[reportKey]bool  // permission errors reported, by kind and site
	shared   *permission.Sharing // strict mode's record of who accessed what
}

// holding is what one task holds.
type holding struct {
	task    event.Task
	gen     uint64 // the generation and Run in which the task was created
	run     int
	regions permission.Regions
	last    int // the region that contained the last access, a hint
}

// AcquirePermission records that the current task acquires a read
// (write=false) or write permission on the size bytes at p. op names the
// task-library call (such as "AcquireW") and pc is its return address in
// the user's code, for reports. It is for the checked build of rt/task.
// The acquire is recorded with the detector as one read or write of the
// whole range, so that a conflicting permission or access of a task that
// may run in parallel is reported as a determinacy race.
func AcquirePermission(op string, p unsafe.Pointer, size uintptr, write bool, pc uintptr) {
	st := global()
	if st.cur == 0 {
		return
	}
	site := st.permSite(op, pc, write)
	ps := st.permSync()
	h := ps.cur
	if h == nil {
		h = &holding{task: st.cur, gen: st.gen, run: st.runs}
		ps.holds[st.cur] = h
		ps.cur = h
	}
	r := permission.Region{Lo: uintptr(p), Hi: uintptr(p) + size, Pin: p, Write: write, Site: site}
	if size > 0 {
		st.permRecord(p, size, write, site)
		r.Rec, r.RecIso = st.permStep(), st.inIsolated()
		if ps.shared != nil {
			st.noteShared(uintptr(p), size, p, write, site, true)
		}
	}
	h.regions.Add(r)
}

// ReleasePermission records that the current task releases a read
// (write=false) or write permission on the size bytes at p, at the call op
// with return address pc. It is for the checked build of rt/task. It must
// match a permission of the same mode on exactly that range that the task
// acquired and has not released; when none matches, it is reported as a
// permission error and changes nothing.
func ReleasePermission(op string, p unsafe.Pointer, size uintptr, write bool, pc uintptr) {
	st := global()
	if st.cur == 0 {
		return
	}
	site := st.permSite(op, pc, write)
	ps := st.permSync()
	lo, hi := uintptr(p), uintptr(p)+size
	h := ps.cur
	i := -1
	if h != nil {
		i = h.regions.Match(lo, hi, write)
	}
	if i < 0 {
		st.permReleaseUnheld(site, lo, write, h.holdsOtherMode(lo, hi, write))
		return
	}
	// The region is held in the release's step too: record it there if
	// the holder has not used it in this step yet.
	st.permRefresh(&h.regions[i])
	h.regions.Remove(i)
	if len(h.regions) == 0 {
		delete(ps.holds, h.task)
		ps.cur = nil
	}
}

// permStep identifies the step of the running task, up to re-recording:
// it changes at every spawn (the task counter), every Run and every time
// the checker forgets its tasks (the generation). A step of the current
// task can also end at a join (Finish or Get) without it changing; see
// permAccess for why that needs no new record.
func (st *state) permStep() permission.Step { return permission.Step{Gen: st.gen, Next: st.next} }

// taskKey identifies the current task within the Run, for the sharing
// record. Task ids are reused after the checker forgets tasks (a new
// generation), but the root keeps its id and stays the same task.
func (st *state) taskKey() uint64 {
	if st.cur == st.root {
		return 1 << 63
	}
	return st.gen<<32 | uint64(st.cur)
}

// noteShared records an access of the current task in strict mode's
// sharing record: see permission.Sharing.
func (st *state) noteShared(addr, size uintptr, p unsafe.Pointer, write bool, site uint32, annotated bool) {
	a := permission.Acc{Key: st.taskKey(), Ref: st.curRef(), Site: site, Write: write}
	st.perm.shared.Note(st.runs, a, addr, size, p, annotated, st.permSharedReport)
}

// inIsolated reports whether the current task is inside an Isolated body.
func (st *state) inIsolated() bool {
	if st.x != nil {
		return st.x.InIsolated(st.cur)
	}
	return st.det.Isolated(st.cur)
}

// permRecord records an access of the size bytes at p by the current task
// for a permission region, through the path of the access hooks but
// without their permission check.
func (st *state) permRecord(p unsafe.Pointer, size uintptr, write bool, site uint32) {
	if st.x != nil {
		st.x.Access(st.cur, uintptr(p), size, write, site)
		return
	}
	st.det.AccessPin(st.cur, p, size, write, event.Site(site))
	if st.graph != nil {
		st.graph.Access(st.cur, uintptr(p), size, write, event.Site(site))
	}
}

// permRefresh records region r of the current task again unless it was
// recorded in the current step, with an isolation at least as strong.
func (st *state) permRefresh(r *permission.Region) {
	if r.Hi == r.Lo {
		return
	}
	now, iso := st.permStep(), st.inIsolated()
	if r.Rec == now && (!r.RecIso || iso) {
		return
	}
	st.permRecord(r.Pin, r.Hi-r.Lo, r.Write, r.Site)
	r.Rec, r.RecIso = now, iso
}

// permSync returns the permission state, created if need be, with the
// holding of the current task up to date. When the current task or the
// generation changed since the last call, it first reports and forgets
// the holdings of tasks that have ended; TaskEnd calls it, so a task that
// ends holding a permission is reported as it ends (RunEnd reports the
// root's holdings with permRunEnd).
func (st *state) permSync() *permState {
	ps := st.perm
	if ps == nil {
		ps = &permState{
			holds:    map[event.Task]*holding{},
			sites:    map[siteKey]uint32{},
			reported: map[reportKey]bool{},
		}
		if st.opts.Permissions == options.PermStrict {
			ps.shared = permission.NewSharing()
		}
		st.perm = ps
		st.updateSlow()
		ps.lastCur = st.cur
		ps.gen = st.gen
		return ps
	}
	if st.cur == ps.lastCur && st.gen == ps.gen {
		return ps
	}
	var ended []event.Task
	for t, h := range ps.holds {
		if !st.taskRunning(h) {
			ended = append(ended, t)
		}
	}
	slices.Sort(ended) // report in a deterministic order
	for _, t := range ended {
		st.permEndedHolding(ps.holds[t])
		delete(ps.holds, t)
	}
	ps.lastCur, ps.gen = st.cur, st.gen
	ps.cur = ps.holds[st.cur]
	return ps
}

// taskRunning reports whether the task of holding h has not ended. In
// serial depth-first order the running tasks are the current one and its
// ancestors; task ids grow from parent to child, so the walk up from the
// current task stops at the first id below h's. A Run's tasks have all
// ended when the next Run begins, and when the checker forgets tasks (a
// new generation) only the root of the Run is left.
func (st *state) taskRunning(h *holding) bool {
	if h.run != st.runs {
		return false
	}
	if h.gen != st.gen && h.task != st.root {
		return false
	}
	if st.x != nil {
		return !st.x.Ended(h.task)
	}
	for t := st.cur; t >= h.task && t != 0; t = st.tasks[t].parent {
		if t == h.task {
			return true
		}
	}
	return false
}

// holdsOtherMode reports whether h holds the range [lo, hi) in the mode
// other than write, for the message of a release that matches nothing.
func (h *holding) holdsOtherMode(lo, hi uintptr, write bool) bool {
	return h != nil && h.regions.Match(lo, hi, !write) >= 0
}

// permRunEnd reports every permission still held when a Run ends (the
// root's, and any left by its tasks) and forgets them.
func (st *state) permRunEnd() {
	ps := st.perm
	if ps == nil {
		return
	}
	var held []event.Task
	for t := range ps.holds {
		held = append(held, t)
	}
	slices.Sort(held)
	for _, t := range held {
		st.permEndedHolding(ps.holds[t])
		delete(ps.holds, t)
	}
	ps.cur = nil
}
