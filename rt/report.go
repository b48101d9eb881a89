package rt

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// onRace is called by the detector for every racing byte. It writes one
// report per distinct pair of sites, at once, so that nothing is lost when
// the program panics or exits.
func (st *state) onRace(r event.Race) {
	key := sitePair{uint32(r.Prev.Site), uint32(r.Cur.Site)}
	if st.seen[key] {
		return
	}
	st.seen[key] = true
	rep := st.makeReport(r)
	if st.isoTasks > 0 {
		// Isolated sections ran in this Run: an order of them may order
		// this pair. Wait for the Run's end to know whether to explore.
		st.held = append(st.held, rep)
		return
	}
	st.emit(rep, "")
}

// emit counts and writes one report, with the schedule of isolated
// sections that produced it when it came from exploration.
func (st *state) emit(rep report, schedule string) {
	if st.emitted == nil {
		st.emitted = map[sitePair]bool{}
	}
	st.emitted[emittedKey(rep)] = true
	rep.Schedule = schedule
	if st.goChild != nil {
		st.goChildReport(rep)
		return
	}
	st.found(findRace, 1)
	fmt.Fprint(st.out, rep.text())
	if st.json != nil {
		b, err := json.Marshal(rep)
		if err == nil {
			b = append(b, '\n')
			_, err = st.json.Write(b)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "tpinstr: json option: %v\n", err)
		}
	}
	if st.opts.haltOnError {
		st.flush()
		os.Exit(st.opts.exitCode)
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

// report is a race report; its JSON form is what the json option writes.
type report struct {
	Type     string       `json:"type"` // "race"
	Addr     string       `json:"addr"`
	Access   accessReport `json:"access"`
	Previous accessReport `json:"previous"`
	Reason   string       `json:"reason"`
	// Schedule is the order of isolated sections that produced the race,
	// for TPINSTR=replay=SCHEDULE; empty when every order has it.
	Schedule string `json:"schedule,omitempty"`
}

type accessReport struct {
	Op       string       `json:"op"` // "read" or "write"
	Expr     string       `json:"expr,omitempty"`
	File     string       `json:"file,omitempty"`
	Line     int32        `json:"line,omitempty"`
	Col      int32        `json:"col,omitempty"`
	Func     string       `json:"func,omitempty"`
	Isolated bool         `json:"isolated,omitempty"`
	Task     uint32       `json:"task"`
	Spawns   []spawnFrame `json:"spawns"` // the task, its parent, … up to the root
	// Goroutine is the goroutine that made the access, in a run of plain
	// goroutines, and Created its creation chain: the goroutine, the one
	// that created it, … up to goroutine 1.
	Goroutine int       `json:"goroutine,omitempty"`
	Created   []goFrame `json:"created,omitempty"`
}

type spawnFrame struct {
	Task uint32 `json:"task"`
	Kind string `json:"kind"` // "root", "async" or "future"
	File string `json:"file,omitempty"`
	Line int32  `json:"line,omitempty"`
	Col  int32  `json:"col,omitempty"`
}

func (st *state) makeReport(r event.Race) report {
	if st.goroutineOf(r.Cur.Task) != nil || st.goroutineOf(r.Prev.Task) != nil {
		return report{
			Type:     "race",
			Addr:     fmt.Sprintf("%#x", r.Addr),
			Access:   st.goAccessReport(r.Cur),
			Previous: st.goAccessReport(r.Prev),
			Reason:   st.goReason(r),
		}
	}
	return report{
		Type:     "race",
		Addr:     fmt.Sprintf("%#x", r.Addr),
		Access:   st.accessReport(r.Cur),
		Previous: st.accessReport(r.Prev),
		Reason:   st.reason(r),
	}
}

func (st *state) accessReport(a event.Access) accessReport {
	si := lookupSite(uint32(a.Site))
	op := "read"
	if a.Write {
		op = "write"
	}
	return accessReport{
		Op: op, Expr: si.Expr, File: si.File, Line: si.Line, Col: si.Col, Func: si.Func,
		Isolated: a.Isolated, Task: uint32(a.Task), Spawns: st.spawnChain(a.Task),
	}
}

func (st *state) spawnChain(t event.Task) []spawnFrame {
	var out []spawnFrame
	for t != 0 && int(t) < len(st.tasks) {
		ti := st.tasks[t]
		si := lookupSite(ti.site)
		kind := "async"
		switch {
		case ti.parent == 0:
			kind = "root"
		case ti.future:
			kind = "future"
		}
		out = append(out, spawnFrame{Task: uint32(t), Kind: kind, File: si.File, Line: si.Line, Col: si.Col})
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
			if si := lookupSite(st.tasks[p].site); si.File != "" {
				fmt.Fprintf(&b, " (spawned at %s:%d)", filepath.Base(si.File), si.Line)
			}
		}
		fmt.Fprintf(&b, " is joined neither by a finish nor by a Get before task %d's %s", c, opName(r.Cur.Write))
	}
	if r.Prev.Isolated != r.Cur.Isolated {
		b.WriteString("; only one of the two accesses is inside Isolated")
	}
	return b.String()
}

func opName(write bool) string {
	if write {
		return "write"
	}
	return "read"
}

// text formats the report in the shape of Go's race reports.
func (rep report) text() string {
	if rep.Access.Goroutine != 0 || rep.Previous.Goroutine != 0 {
		return rep.goText()
	}
	var b strings.Builder
	b.WriteString("==================\nWARNING: DETERMINACY RACE\n")
	writeAccess(&b, rep.Access, rep.Addr, false)
	b.WriteString("\n")
	writeAccess(&b, rep.Previous, rep.Addr, true)
	fmt.Fprintf(&b, "\n%s.\n", rep.Reason)
	if rep.Schedule != "" && rep.Schedule[0] != 'g' {
		fmt.Fprintf(&b, "Schedule of isolated sections: %s (replay it with TPINSTR=replay=%s)\n", rep.Schedule, rep.Schedule)
	}
	b.WriteString("==================\n")
	return b.String()
}

func writeAccess(b *strings.Builder, a accessReport, addr string, previous bool) {
	op := strings.ToUpper(a.Op[:1]) + a.Op[1:]
	if previous {
		op = "Previous " + a.Op
	}
	if a.Isolated {
		op += " inside Isolated"
	}
	expr := ""
	if a.Expr != "" {
		expr = " of " + a.Expr
	}
	fmt.Fprintf(b, "%s%s at %s by task %d:\n", op, expr, addr, a.Task)
	fn := a.Func
	if fn == "" {
		fn = "?"
	}
	fmt.Fprintf(b, "  %s()\n      %s\n", fn, position(a.File, a.Line, a.Col))
	for i, f := range a.Spawns {
		switch {
		case f.Kind == "root":
			fmt.Fprintf(b, "  task %d is the root task, started by task.Run at %s\n", f.Task, position(f.File, f.Line, f.Col))
		case i+1 < len(a.Spawns):
			fmt.Fprintf(b, "  task %d (%s) spawned at %s by task %d\n", f.Task, f.Kind, position(f.File, f.Line, f.Col), a.Spawns[i+1].Task)
		default:
			fmt.Fprintf(b, "  task %d (%s) spawned at %s\n", f.Task, f.Kind, position(f.File, f.Line, f.Col))
		}
	}
}

func position(file string, line, col int32) string {
	if file == "" {
		return "<unknown position>"
	}
	if col > 0 {
		return fmt.Sprintf("%s:%d:%d", file, line, col)
	}
	return fmt.Sprintf("%s:%d", file, line)
}

// emittedKey identifies a written report by the positions of its accesses,
// as exploration de-duplicates the reports of its schedules.
func emittedKey(rep report) sitePair {
	return sitePair{siteOf(rep.Previous), siteOf(rep.Access)}
}
