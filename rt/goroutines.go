package rt

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/tpinstr/tpinstr/rt/internal/detect"
	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/goexec"
)

// This file connects the hooks of gohooks.go to the goroutine executor
// (rt/internal/goexec). The first go statement of a program that runs no
// task.Run starts a checked run of its own, whose goroutine 1 is the
// goroutine that ran the go statement (main's, or a test's); it ends when
// main returns or exits, or when the test ends. Accesses made before it
// started precede every goroutine, so none of them can race.

// goHost is the executor's view of the checker.
type goHost struct{ st *state }

func (h goHost) NewTask(parent event.Task, site uint32, g int) event.Task {
	t := h.st.newTask(parent, site, false)
	h.st.tasks[t].g = int32(g)
	return t
}

func (h goHost) Spawn(parent, child event.Task, site uint32) {
	h.st.sinkSpawn(parent, child, false, site)
}

func (h goHost) End(t event.Task) { h.st.sinkEnd(t) }

func (h goHost) Join(t, f event.Task, site uint32) {
	st := h.st
	st.det.Get(t, f, event.Site(site))
	if st.graph != nil {
		st.graph.Get(t, f, event.Site(site))
	}
}

func (h goHost) SetCurrent(t event.Task) { h.st.cur = t }

func (h goHost) Deadlock(parked []*goexec.G) {
	st := h.st
	d := &deadlockReport{}
	for _, g := range parked {
		si := lookupSite(g.WaitAt)
		d.Blocked = append(d.Blocked, blockedTask{
			Goroutine: g.ID, Waits: g.Waits, File: si.File, Line: si.Line, Col: si.Col,
			Created: st.goChain(g),
		})
	}
	if st.goChild != nil {
		st.finishGoChild(st.gx, d)
	}
	st.goVerdict(goExploreSummary{schedules: 1})
	st.deadlocked(d)
}

// goExec returns the executor of the current run, starting a run of
// goroutines when none runs. It returns nil when the calling goroutine
// cannot be checked: inside a task.Run, where goroutines are not checked
// yet, or in a goroutine that code which was not rewritten started while
// a run is going on.
func goExec(site uint32) *goexec.Exec {
	st := global()
	if st.gx != nil {
		return st.gx
	}
	if st.cur != 0 || st.x != nil || st.child != nil {
		return nil
	}
	st.mu.Lock()
	st.owner = goid()
	st.runs++
	st.gen++
	if st.det == nil {
		st.det = detect.New(st.onRace)
	}
	root := st.newTask(0, site, false)
	st.root = root
	st.cur = root
	st.goRun = true
	st.updateSlow()
	st.startGraph()
	st.sinkSpawn(0, root, false, site)
	st.gx = goexec.New(goHost{st}, root, site)
	switch {
	case st.goChild != nil:
		st.gx.SetSchedule(st.goChild.sched)
	case st.goReplay != nil:
		st.gx.SetSchedule(st.goReplay)
	}
	return st.gx
}

// endGoRun ends the run of goroutines, if one is going on: main returned or
// exited, or the test named test ended. A child of exploration reports and
// exits; a run that was one order of acquisitions among others explores the
// others.
func (st *state) endGoRun(test string) {
	if st.gx == nil {
		return
	}
	st.gx.End()
	if st.goChild != nil {
		st.finishGoChild(st.gx, nil)
	}
	sum := goExploreSummary{schedules: 1, complete: true}
	if st.gx.Explorable() && st.opts.explore && st.goReplay == nil {
		args := os.Args[1:]
		if test != "" {
			args = testArgs(args, test)
		}
		sum = st.exploreGo(st.gx, args)
		for _, f := range sum.failures {
			fmt.Fprintf(st.out, "tpinstr: exploration: %s\n", f)
		}
	}
	st.goVerdict(sum)
	st.sinkEnd(st.root)
	st.writeGraph()
	st.gx = nil
	st.goRun = false
	st.det = detect.New(st.onRace)
	st.tasks = st.tasks[:0]
	st.next = 0
	st.cur, st.root, st.owner, st.depth = 0, 0, 0, 0
	st.mu.Unlock()
}

// goVerdict writes the run's one-line verdict: every schedule of the input
// was checked; N schedules were (the max_schedules limit); or this schedule
// only, with the construct whose other outcomes were not checked.
func (st *state) goVerdict(sum goExploreSummary) {
	if st.child != nil || st.goChild != nil {
		return
	}
	gx := st.gx
	if gx == nil || len(gx.Goroutines()) < 2 {
		return // nothing ran in parallel: there is no schedule to speak of
	}
	gs := plural(len(gx.Goroutines()), "goroutine")
	c := gx.Choice()
	if c == nil {
		c = sum.choice
	}
	switch {
	case st.goReplay != nil:
		fmt.Fprintf(st.out, "tpinstr: checked the schedule %s only, as the replay option asks (%s)\n", st.goReplay, gs)
	case c != nil && sum.schedules == 1:
		fmt.Fprintf(st.out, "tpinstr: checked this schedule only: %s%s (%s)\n", c.What, at(c.Site), gs)
		st.scheduleOnly = true
	case c != nil:
		fmt.Fprintf(st.out, "tpinstr: checked %s: the other outcomes of %s%s were not checked (%s)\n",
			plural(sum.schedules, "schedule"), c.What, at(c.Site), gs)
		st.scheduleOnly = true
	case !sum.complete:
		fmt.Fprintf(st.out, "tpinstr: checked %s (the max_schedules limit): other schedules were not checked (%s)\n",
			plural(sum.schedules, "schedule"), gs)
		st.scheduleOnly = true
	case sum.schedules > 1:
		fmt.Fprintf(st.out, "tpinstr: checked every schedule of this input: %s of the acquisition orders (%s)\n",
			plural(sum.schedules, "schedule"), gs)
	default:
		fmt.Fprintf(st.out, "tpinstr: checked every schedule of this input (%s)\n", gs)
	}
}

// at formats a site for a verdict.
func at(site uint32) string {
	si := lookupSite(site)
	if si.File == "" {
		return ""
	}
	return " at " + position(si.File, si.Line, si.Col)
}

// goChain returns the creation chain of goroutine g: g, the goroutine that
// created it, … up to goroutine 1.
func (st *state) goChain(g *goexec.G) []goFrame {
	var out []goFrame
	for ; g != nil; g = g.Parent {
		si := lookupSite(g.Site)
		f := goFrame{Goroutine: g.ID, File: si.File, Line: si.Line, Col: si.Col}
		if g.Parent != nil {
			f.By = g.Parent.ID
		}
		out = append(out, f)
	}
	return out
}

// goFrame is one goroutine of a creation chain.
type goFrame struct {
	Goroutine int    `json:"goroutine"`
	By        int    `json:"by,omitempty"` // the goroutine that created it; 0 for goroutine 1
	File      string `json:"file,omitempty"`
	Line      int32  `json:"line,omitempty"`
	Col       int32  `json:"col,omitempty"`
}

// goroutineOf returns the goroutine whose segment t is, or nil.
func (st *state) goroutineOf(t event.Task) *goexec.G {
	if st.gx == nil || int(t) >= len(st.tasks) {
		return nil
	}
	id := st.tasks[t].g
	gs := st.gx.Goroutines()
	if id <= 0 || int(id) > len(gs) {
		return nil
	}
	return gs[id-1]
}

// writeGoAccess writes one access of a data race between goroutines, in
// the shape of Go's race reports.
func writeGoAccess(b *strings.Builder, a accessReport, addr string, previous bool) {
	op := strings.ToUpper(a.Op[:1]) + a.Op[1:]
	if previous {
		op = "Previous " + a.Op
	}
	expr := ""
	if a.Expr != "" {
		expr = " of " + a.Expr
	}
	fmt.Fprintf(b, "%s%s at %s by goroutine %d:\n", op, expr, addr, a.Goroutine)
	fn := a.Func
	if fn == "" {
		fn = "?"
	}
	fmt.Fprintf(b, "  %s()\n      %s\n", fn, position(a.File, a.Line, a.Col))
}

func writeGoCreation(b *strings.Builder, chain []goFrame) {
	if len(chain) == 0 {
		return
	}
	g := chain[0]
	if g.By == 0 {
		fmt.Fprintf(b, "\nGoroutine %d is the goroutine that started the check (main's, or the test's)\n", g.Goroutine)
		return
	}
	fmt.Fprintf(b, "\nGoroutine %d created at:\n", g.Goroutine)
	for _, f := range chain {
		if f.By == 0 {
			break
		}
		fmt.Fprintf(b, "      %s by goroutine %d\n", position(f.File, f.Line, f.Col), f.By)
	}
}

// goText formats a data race between goroutines.
func (rep report) goText() string {
	var b strings.Builder
	b.WriteString("==================\nWARNING: DATA RACE\n")
	writeGoAccess(&b, rep.Access, rep.Addr, false)
	b.WriteString("\n")
	writeGoAccess(&b, rep.Previous, rep.Addr, true)
	writeGoCreation(&b, rep.Access.Created)
	if rep.Previous.Goroutine != rep.Access.Goroutine {
		writeGoCreation(&b, rep.Previous.Created)
	}
	fmt.Fprintf(&b, "\n%s.\n", rep.Reason)
	if rep.Schedule != "" {
		fmt.Fprintf(&b, "Schedule: %s (replay it with TPINSTR=replay=%s)\n", rep.Schedule, rep.Schedule)
	}
	b.WriteString("==================\n")
	return b.String()
}

// goReason says why two accesses of goroutines are unordered.
func (st *state) goReason(r event.Race) string {
	p, c := st.goroutineOf(r.Prev.Task), st.goroutineOf(r.Cur.Task)
	if p == nil || c == nil {
		return "the two accesses are not ordered by any synchronisation"
	}
	if p == c {
		return fmt.Sprintf("both accesses are made by goroutine %d, between which no synchronisation orders them", p.ID)
	}
	return fmt.Sprintf("no synchronisation (go statement, channel operation, lock, WaitGroup, Once or atomic) orders goroutine %d's %s before goroutine %d's %s",
		p.ID, opName(r.Prev.Write), c.ID, opName(r.Cur.Write))
}

// printGoDeadlock writes a deadlock of goroutines.
func printGoDeadlock(b *strings.Builder, d deadlockReport) {
	b.WriteString("==================\nDEADLOCK: all goroutines are asleep\n")
	for _, t := range d.Blocked {
		fmt.Fprintf(b, "goroutine %d waits (%s) at %s\n", t.Goroutine, t.Waits, position(t.File, t.Line, t.Col))
		for _, f := range t.Created {
			if f.By == 0 {
				break
			}
			fmt.Fprintf(b, "  created at %s by goroutine %d\n", position(f.File, f.Line, f.Col), f.By)
		}
	}
	b.WriteString("==================\n")
}

// jsonLine writes v as one line of the json option's file.
func (st *state) jsonLine(v any) {
	if st.json == nil {
		return
	}
	b, err := json.Marshal(v)
	if err == nil {
		_, err = st.json.Write(append(b, '\n'))
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "tpinstr: json option: %v\n", err)
	}
}

func (st *state) goAccessReport(a event.Access) accessReport {
	r := st.accessReport(a)
	if g := st.goroutineOf(a.Task); g != nil {
		r.Goroutine = g.ID
		r.Created = st.goChain(g)
	}
	return r
}
