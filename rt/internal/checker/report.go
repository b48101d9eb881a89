package checker

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/report"
	"github.com/tpinstr/tpinstr/rt/internal/sites"
)

// onRace is called by the detector for every racing byte. It writes one
// report per distinct pair of sites, at once, so that nothing is lost when
// the program panics or exits.
func (st *state) onRace(r event.Race) {
	if st.gx != nil {
		st.gx.RaceFound(r.Prev.Task, r.Cur.Task, !r.Prev.Write || r.Prev.Isolated, !r.Prev.Write || !r.Cur.Write, [2]uint32{uint32(r.Prev.Site), uint32(r.Cur.Site)}) // for the late turns of exploration
	}
	key := sitePair{uint32(r.Prev.Site), uint32(r.Cur.Site)}
	if st.seen[key] == st.epoch() {
		return // reported in this test (or, outside tests, in this process)
	}
	st.seen[key] = st.epoch()
	rep := st.makeReport(r)
	if st.isoTasks > 0 {
		// Isolated sections ran in this Run: an order of them may order
		// this pair. Wait for the Run's end to know whether to explore.
		st.held = append(st.held, rep)
		return
	}
	st.emit(rep, "")
}

// epoch is the test epoch of reports made now, from 1: a race already
// reported in this epoch is not reported again (onRace, emitted).
func (st *state) epoch() uint64 { return st.testEpoch.Load() + 1 }

// childRepeats reports whether a report with key k that a child of
// exploration found was written already: in this test epoch, or before
// the first test began (package initialisation, TestMain before m.Run),
// which every child runs again before its test.
func (st *state) childRepeats(k report.Key) bool {
	e := st.emitted[k]
	return e == st.epoch() || e == 1 && st.epoch() > 1
}

// emit counts and writes one report, with the schedule of isolated
// sections that produced it when it came from exploration.
func (st *state) emit(rep report.Race, schedule string) {
	if st.emitted == nil {
		st.emitted = map[report.Key]uint64{}
	}
	st.emitted[rep.Key()] = st.epoch()
	rep.Schedule = schedule
	if schedule != "" {
		rep.Test = st.verdictLog.test
	}
	if st.goChild != nil {
		st.goChild.found.Races = append(st.goChild.found.Races, rep)
		return
	}
	kind := report.FindRace
	if rep.Access.Goroutine != 0 || rep.Previous.Goroutine != 0 {
		kind = report.FindDataRace
	}
	st.findings.Found(kind, 1)
	st.w.Race(rep)
	if st.opts.HaltOnError {
		st.flush()
		os.Exit(st.opts.ExitCode)
	}
}

// noteIsolated records that the current task runs an isolated section.
func (st *state) noteIsolated() {
	switch {
	case st.isoTasks == 0:
		st.isoTasks, st.lastIsoTask = 1, st.cur
	case st.isoTasks == 1 && st.lastIsoTask != st.cur:
		st.isoTasks = 2
	}
}

// endRunReports writes the reports held back during a Run, or keeps them
// for exploration when the Run's isolated sections had more than one
// possible order.
func (st *state) endRunReports() {
	held := st.held
	st.held = nil
	if st.isoTasks < 2 || !st.iso.conflict {
		for _, rep := range held {
			st.emit(rep, "")
		}
		return
	}
	st.needExplore = true
	st.unconfirmed = append(st.unconfirmed, held...)
}

func (st *state) makeReport(r event.Race) report.Race {
	if st.goroutineOf(r.Cur.Task) != nil || st.goroutineOf(r.Prev.Task) != nil {
		return report.Race{
			Type:     "race",
			Addr:     fmt.Sprintf("%#x", r.Addr),
			Access:   st.goAccessReport(r.Cur),
			Previous: st.goAccessReport(r.Prev),
			Reason:   st.goReason(r),
		}
	}
	return report.Race{
		Type:     "race",
		Addr:     fmt.Sprintf("%#x", r.Addr),
		Access:   st.accessReport(r.Cur),
		Previous: st.accessReport(r.Prev),
		Reason:   st.reason(r),
	}
}

func (st *state) accessReport(a event.Access) report.Access {
	si := sites.Lookup(uint32(a.Site))
	op := "read"
	if a.Write {
		op = "write"
	}
	r := report.Access{
		Op: op, Expr: si.Expr, File: si.File, Line: si.Line, Col: si.Col, Func: si.Func,
		Isolated: a.Isolated, Task: uint32(a.Task), Spawns: st.spawnChain(a.Task),
	}
	if si.Kind.IsSync() {
		r.Kind = si.Kind.String()
	}
	return r
}

func (st *state) spawnChain(t event.Task) []report.SpawnFrame {
	var out []report.SpawnFrame
	for t != 0 && int(t) < len(st.tasks) {
		ti := st.tasks[t]
		si := sites.Lookup(ti.site)
		kind := "async"
		switch {
		case ti.parent == 0:
			kind = "root"
		case ti.future:
			kind = "future"
		}
		out = append(out, report.SpawnFrame{Task: uint32(t), Kind: kind, File: si.File, Line: si.Line, Col: si.Col})
		t = ti.parent
	}
	return out
}

// reason says in one line why the two accesses are unordered.
func (st *state) reason(r event.Race) string {
	p, c := r.Prev.Task, r.Cur.Task
	var b strings.Builder
	if p == c {
		fmt.Fprintf(&b, "both accesses are made by task %d", p)
	} else {
		what := "task"
		if int(p) < len(st.tasks) && st.tasks[p].future {
			what = "future task"
		}
		fmt.Fprintf(&b, "%s %d", what, p)
		if int(p) < len(st.tasks) {
			if si := sites.Lookup(st.tasks[p].site); si.File != "" {
				fmt.Fprintf(&b, " (spawned at %s:%d)", filepath.Base(si.File), si.Line)
			}
		}
		fmt.Fprintf(&b, " is joined neither by a finish nor by a Get before task %d's %s", c, report.OpName(r.Cur.Write))
	}
	if r.Prev.Isolated != r.Cur.Isolated {
		b.WriteString("; only one of the two accesses is inside Isolated")
	}
	return b.String()
}
