package checker

import (
	"fmt"
	"os"

	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/permission"
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

// curRef names the current task for a report.
func (st *state) curRef() permission.TaskRef {
	return permission.TaskRef{Task: st.cur, Gen: st.gen, Run: st.runs}
}

// permAccessReport describes an access (or a permission call) of task t at
// site.
func (st *state) permAccessReport(t permission.TaskRef, site uint32, write bool) report.Access {
	a := st.accessReport(event.Access{Task: t.Task, Site: event.Site(site), Write: write})
	if t.Run != st.runs || (t.Gen != st.gen && t.Task != st.root) {
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
func (st *state) permWriteUnderRead(site uint32, addr uintptr, r permission.Region) {
	if st.permReported(reportKey{permWriteUnderRead, site}) {
		return
	}
	a := st.permAccessReport(st.curRef(), site, true)
	o := st.permAccessReport(st.curRef(), r.Site, false)
	reason := fmt.Sprintf("task %d writes a location that it holds a read permission on, and no write permission: acquire it for writing (a write permission allows reads too)", st.cur)
	st.permEmit(reportKey{permWriteUnderRead, site}, report.Permission{Kind: permWriteUnderRead.name(), Addr: hexAddr(addr), Access: a, Other: &o, Reason: reason})
}

// permEndedHolding reports the permissions that the ended task of h still
// held, one report per acquire site.
func (st *state) permEndedHolding(h *holding) {
	t := permission.TaskRef{Task: h.task, Gen: h.gen, Run: h.run}
	for _, r := range h.regions {
		if st.permReported(reportKey{permHeldAtEnd, r.Site}) {
			continue
		}
		a := st.permAccessReport(t, r.Site, r.Write)
		a.Op = report.OpName(r.Write) + " permission"
		reason := fmt.Sprintf("task %d ended while holding this %s permission: release every permission before the body of the task that acquired it returns", h.task, report.OpName(r.Write))
		st.permEmit(reportKey{permHeldAtEnd, r.Site}, report.Permission{Kind: permHeldAtEnd.name(), Addr: hexAddr(r.Lo), Access: a, Reason: reason})
	}
}

// permSharedReport reports access a, made outside any permission region
// and Isolated body, of a location that the access other of another task
// also made.
func (st *state) permSharedReport(a, other permission.Acc, addr uintptr) {
	if st.permReported(reportKey{permShared, a.Site}) {
		return
	}
	ar := st.permAccessReport(a.Ref, a.Site, a.Write)
	or := st.permAccessReport(other.Ref, other.Site, other.Write)
	reason := fmt.Sprintf("tasks %d and %d both access this location, and the access of task %d is inside neither a permission region of its task nor an Isolated body (TPINSTR=permissions=strict)", a.Ref.Task, other.Ref.Task, a.Ref.Task)
	st.permEmit(reportKey{permShared, a.Site}, report.Permission{Kind: permShared.name(), Addr: hexAddr(addr), Access: ar, Other: &or, Reason: reason})
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
