package checker

import (
	"fmt"
	"os"

	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/report"
)

// Permission errors and, in strict mode, unannotated sharing are reported
// like races: at once, once per site (and kind), counted with the races so
// that the program exits with the exitcode option and a test that made
// one fails. A child process of schedule exploration reports none: the
// run that started the exploration already did.

// permKind is the kind of a permission report.
type permKind uint8

const (
	permReleaseUnheld  permKind = iota + 1 // a release that matches no held permission
	permWriteUnderRead                     // a write of a location held for reading only
	permHeldAtEnd                          // a task ended while holding a permission
	permShared                             // strict mode: sharing outside regions and Isolated
)

// name is the kind as the JSON report gives it.
func (k permKind) name() string {
	switch k {
	case permReleaseUnheld:
		return report.PermReleaseUnheld
	case permWriteUnderRead:
		return report.PermWriteUnderRead
	case permHeldAtEnd:
		return report.PermHeldAtEnd
	default:
		return report.PermShared
	}
}

// reportKey identifies a permission report for de-duplication.
type reportKey struct {
	kind permKind
	site uint32
}

// taskRef names a task that may have ended, for a report: its spawn chain
// is known while its Run and generation are current.
type taskRef struct {
	task event.Task
	gen  uint64
	run  int
}

func (st *state) curRef() taskRef { return taskRef{st.cur, st.gen, st.runs} }

// permAccessReport describes an access (or a permission call) of task t at
// site.
func (st *state) permAccessReport(t taskRef, site uint32, write bool) report.Access {
	a := st.accessReport(event.Access{Task: t.task, Site: event.Site(site), Write: write})
	if t.run != st.runs || (t.gen != st.gen && t.task != st.root) {
		a.Spawns = nil // the task's id may name another task now
	}
	return a
}

// permReleaseUnheld reports a release by the current task at site of a
// permission it does not hold on the range at addr. otherMode says that it
// holds the range in the other mode.
func (st *state) permReleaseUnheld(site uint32, addr uintptr, write, otherMode bool) {
	if st.permReported(reportKey{permReleaseUnheld, site}) {
		return
	}
	a := st.permAccessReport(st.curRef(), site, write)
	a.Op = "release"
	reason := fmt.Sprintf("task %d releases a %s permission that it does not hold on this range: a release must match an acquire of the same task, mode and range that has not been released", st.cur, report.OpName(write))
	if otherMode {
		reason += fmt.Sprintf(" (the task holds a %s permission on it: release that one)", report.OpName(!write))
	}
	st.permEmit(reportKey{permReleaseUnheld, site}, report.Permission{Kind: permReleaseUnheld.name(), Addr: hexAddr(addr), Access: a, Reason: reason})
}

// permWriteUnderRead reports a write at site by the current task of the
// location at addr, which the task holds by the read region r only.
func (st *state) permWriteUnderRead(site uint32, addr uintptr, r region) {
	if st.permReported(reportKey{permWriteUnderRead, site}) {
		return
	}
	a := st.permAccessReport(st.curRef(), site, true)
	o := st.permAccessReport(st.curRef(), r.site, false)
	reason := fmt.Sprintf("task %d writes a location that it holds a read permission on, and no write permission: acquire it for writing (a write permission allows reads too)", st.cur)
	st.permEmit(reportKey{permWriteUnderRead, site}, report.Permission{Kind: permWriteUnderRead.name(), Addr: hexAddr(addr), Access: a, Other: &o, Reason: reason})
}

// permEndedHolding reports the permissions that the ended task of h still
// held, one report per acquire site.
func (st *state) permEndedHolding(h *holding) {
	t := taskRef{h.task, h.gen, h.run}
	for _, r := range h.regions {
		if st.permReported(reportKey{permHeldAtEnd, r.site}) {
			continue
		}
		a := st.permAccessReport(t, r.site, r.write)
		a.Op = report.OpName(r.write) + " permission"
		reason := fmt.Sprintf("task %d ended while holding this %s permission: release every permission before the body of the task that acquired it returns", h.task, report.OpName(r.write))
		st.permEmit(reportKey{permHeldAtEnd, r.site}, report.Permission{Kind: permHeldAtEnd.name(), Addr: hexAddr(r.lo), Access: a, Reason: reason})
	}
}

// permSharedReport reports access a, made outside any permission region
// and Isolated body, of a location that the access other of another task
// also made.
func (st *state) permSharedReport(a, other shareAcc, addr uintptr) {
	if st.permReported(reportKey{permShared, a.site}) {
		return
	}
	ar := st.permAccessReport(a.ref, a.site, a.write)
	or := st.permAccessReport(other.ref, other.site, other.write)
	reason := fmt.Sprintf("tasks %d and %d both access this location, and the access of task %d is inside neither a permission region of its task nor an Isolated body (TPINSTR=permissions=strict)", a.ref.task, other.ref.task, a.ref.task)
	st.permEmit(reportKey{permShared, a.site}, report.Permission{Kind: permShared.name(), Addr: hexAddr(addr), Access: ar, Other: &or, Reason: reason})
}

// permReported reports whether a report of key was written, or is not to
// be written (in a child process of exploration), so that the callers of
// permEmit do not build reports in vain.
func (st *state) permReported(key reportKey) bool {
	return st.childOut != "" || st.perm.reported[key]
}

// permEmit writes rep unless a report of its key was written before.
func (st *state) permEmit(key reportKey, rep report.Permission) {
	if st.permReported(key) {
		return
	}
	st.perm.reported[key] = true
	rep.Type = "permission"
	st.findings.Found(report.FindPermission, 1)
	st.w.Permission(rep)
	if st.opts.HaltOnError {
		st.flush()
		os.Exit(st.opts.ExitCode)
	}
}

func hexAddr(a uintptr) string { return fmt.Sprintf("%#x", a) }
