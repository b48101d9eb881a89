package checker

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/detect"
	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/goexec"
	"github.com/tpinstr/tpinstr/rt/internal/report"
	"github.com/tpinstr/tpinstr/rt/internal/shadow"
	"github.com/tpinstr/tpinstr/rt/internal/sites"
)

// This file connects the goroutine hooks of package rt (gohooks.go) to the
// goroutine executor
// (rt/internal/goexec). The first go statement of a program that runs no
// task.Run starts a checked run of its own, whose goroutine 1 is the
// goroutine that ran the go statement (main's, or a test's); it ends when
// main returns or exits, or when the test ends. Accesses made before it
// started precede every goroutine, so none of them can race; neither can
// those of a goroutine alone in the run (goexec's alone.go), which are not
// recorded either.

// bubbleState is the bubble of testing/synctest that ran while no run of
// goroutines was going on (BubbleBegin).
type bubbleState struct {
	bubbleMu   sync.Mutex
	bubbleSite uint32
}

// goHost is the executor's view of the checker; gen is the generation of
// tasks when the run began.
type goHost struct {
	st  *state
	gen uint64
}

func (h goHost) NewTask(parent event.Task, site uint32, g int) event.Task {
	t := h.st.newTask(parent, site, false)
	h.st.tasks[t].g = int32(g)
	return t
}

func (h goHost) Spawn(parent, child event.Task, site uint32) {
	h.st.sinkSpawn(parent, child, true, site) // a future: see goexec.Host
}

func (h goHost) End(t event.Task) { h.st.sinkEnd(t) }

func (h goHost) Join(t, f event.Task, site uint32) {
	st := h.st
	st.det.Get(t, f, event.Site(site))
	if st.graph != nil {
		st.graph.Get(t, f, event.Site(site))
	}
}

func (h goHost) SetCurrent(t event.Task) { h.st.cur = t; shadow.RepeatOff() }

func (h goHost) Precedes(t, c event.Task) bool {
	// A task.Run inside the run may have forgotten the graph (Forget):
	// then nothing is known.
	if h.st.gen != h.gen {
		return false
	}
	if c != 0 {
		return h.st.det.SpawnPrecedes(t, c, h.st.cur)
	}
	return h.st.det.EndedPrecedes(t, h.st.cur)
}

func (h goHost) Access(p unsafe.Pointer, size uintptr, write bool, site uint32) {
	Access(p, size, write, site)
}

func (h goHost) Deadlock(parked []*goexec.G) {
	st := h.st
	d := &report.Deadlock{}
	for _, g := range parked {
		si := sites.Lookup(g.WaitAt)
		d.Blocked = append(d.Blocked, report.Blocked{
			Goroutine: g.ID, Waits: g.Waits, File: si.File, Line: si.Line, Col: si.Col,
			Created: st.goChain(g),
		})
	}
	if st.goChild != nil {
		st.finishGoChild(st.gx, d)
	}
	// The process ends with the deadlock: the run's other schedules are
	// not run.
	st.goVerdict(goExploreSummary{schedules: 1, limit: "the run deadlocked, and the process ends with it"})
	st.deadlocked(d)
}

// GoExec returns the executor of the current run of goroutines, starting
// one when none runs: it is the body of every goroutine hook of package rt.
// It returns nil when the calling goroutine cannot be checked: inside a
// task.Run, where goroutines are not checked yet; the hook then makes the
// operation as the original code does, and the task runs' verdict says
// "this schedule only", naming the first such operation.
func GoExec(site uint32) *goexec.Exec {
	st := global()
	if bubbles.Load() > 0 {
		return nil // see BubbleBegin
	}
	if st.gx != nil {
		if st.depth > 0 && st.cur != 0 && st.gx.Holds() && !st.gx.InSegment(st.cur) {
			// Inside a task of a task.Run that a goroutine of the run
			// started: the task's events are the task library's, nested
			// in the goroutine's segment, and an operation of goroutines
			// there would break the depth-first order the detector
			// needs. Not modelled yet: say so, rather than check wrong.
			st.fatalf("a go statement, channel operation or package sync call%s inside a task (Async, Future, ForAll...) of a task.Run that a checked goroutine runs is not supported by the checker yet; it is in the body of such a task.Run itself", at(site))
		}
		return st.gx
	}
	if st.cur != 0 || st.x != nil || st.childOut != "" {
		if st.cur != 0 && st.inTaskGo == nil {
			// Inside a task.Run: the operation runs as the original code
			// does, and the goroutines it starts run beside the tasks,
			// their accesses not recorded (slowAccess); the run's verdict
			// says so.
			st.inTaskGo = &goexec.Choice{What: "a go statement, channel operation or package sync call inside a task.Run, which the checker does not model yet (goroutines started there run unchecked)", Site: site}
			st.updateSlow()
		}
		return nil
	}
	root := st.beginRun(goid(), site)
	st.updateSlow()
	st.startGraph()
	st.sinkSpawn(0, root, false, site)
	st.gx = goexec.New(goHost{st, st.gen}, root, site)
	shadow.RepeatOff() // accesses go to goAccess now
	st.gx.WaitBusy = true
	if c := st.topPar; c != nil {
		st.gx.Note(c.Site, c.What) // explored as any run: the verdict names it
	}
	switch {
	case st.goChild != nil:
		st.gx.SetSchedule(st.goChild.sched)
		st.gx.OnPanic = st.childPanic
	case st.goReplay != nil:
		st.gx.SetSchedule(*st.goReplay)
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
	gx := st.gx
	// End leaves the executor locked, so that goroutines outside its
	// control wait until the run's reports are written, and then find it
	// over: Release, below.
	defer gx.Release()
	st.gx.End()
	if st.goChild != nil {
		st.finishGoChild(st.gx, nil)
	}
	sum := goExploreSummary{schedules: 1, complete: true}
	if st.gx.Explorable() && !st.opts.Explore {
		sum.complete = false
		sum.limit = "explore=0"
	}
	if st.gx.Explorable() && st.opts.Explore && st.goReplay == nil && !st.gx.Outside() {
		args := os.Args[1:]
		if test != "" {
			args = testArgs(args, test)
		}
		// Tests began before this one: its children, which run it
		// alone, may not start from the state its run started from.
		alone := test != "" && st.testEpoch.Load() > 1
		sum = st.exploreGo(st.gx, args, alone)
		for _, f := range sum.failures {
			fmt.Fprintf(os.Stderr, "tpinstr: exploration: %s\n", f)
		}
	}
	st.goVerdict(sum)
	if sum.interrupted {
		st.exitInterrupted()
	}
	if st.opts.Leaks {
		st.reportLeaks(st.gx.Parked())
	}
	st.sinkEnd(st.root)
	st.writeGraph()
	st.gx = nil
	st.det = detect.New(st.onRace)
	st.tasks = st.tasks[:0]
	st.next = 0
	st.cur, st.root, st.owner, st.depth = 0, 0, 0, 0
	st.mu.Unlock()
}

// goVerdict writes the run's one-line verdict: every schedule of the input
// was checked; N schedules were (a limit of exploration, with the
// construct whose orders were explored first); or this schedule only, with
// the construct whose other outcomes were not checked.
func (st *state) goVerdict(sum goExploreSummary) {
	if st.childOut != "" || st.goChild != nil {
		return
	}
	gx := st.gx
	if gx == nil || len(gx.Goroutines()) < 2 {
		return // nothing ran in parallel: there is no schedule to speak of
	}
	gs := report.Plural(len(gx.Goroutines()), "goroutine")
	c := gx.Choice()
	if c == nil {
		c = sum.choice
	}
	st.topParSaid = st.topParSaid || st.topPar != nil && c != nil && c.What == st.topPar.What
	switch {
	case st.goReplay != nil:
		st.verdict(fmt.Sprintf("checked the schedule %s only, as the replay option asks (%s)", st.goReplay, gs))
	case c != nil && sum.schedules == 1:
		st.verdict(fmt.Sprintf("checked this schedule only: %s%s (%s)", c.What, at(c.Site), gs))
	case c != nil:
		limit := ""
		if sum.limit != "" {
			limit = " (" + sum.limit + ")"
		}
		st.verdict(fmt.Sprintf("checked %s%s: the other outcomes of %s%s were not checked (%s)",
			report.Plural(sum.schedules, "schedule"), limit, c.What, at(c.Site), gs))
	case !sum.complete:
		// The first object that two goroutines shared says where the
		// schedules come from (a worker pool's channel, a mutex).
		first := ""
		if o := gx.Order(); o != nil {
			first = "; the first object two goroutines share: " + o.What + at(o.Site)
		}
		st.verdict(fmt.Sprintf("checked %s (%s): other schedules were not checked (%s%s)",
			report.Plural(sum.schedules, "schedule"), sum.limit, gs, first))
	case sum.schedules > 1:
		st.verdict(fmt.Sprintf("checked every schedule of this input: %s of the orders of synchronisation (%s)",
			report.Plural(sum.schedules, "schedule"), gs))
	default:
		st.verdict(fmt.Sprintf("checked every schedule of this input (%s)", gs))
	}
}

// at formats a site for a verdict.
func at(site uint32) string {
	si := sites.Lookup(site)
	if si.File == "" {
		return ""
	}
	return " at " + report.Position(si.File, si.Line, si.Col)
}

// goChain returns the creation chain of goroutine g: g, the goroutine that
// created it, … up to goroutine 1.
func (st *state) goChain(g *goexec.G) []report.GoFrame {
	var out []report.GoFrame
	for ; g != nil; g = g.Parent {
		si := sites.Lookup(g.Site)
		f := report.GoFrame{Goroutine: g.ID, File: si.File, Line: si.Line, Col: si.Col, Outside: g.Created}
		if g.Parent != nil {
			f.By = g.Parent.ID
		}
		if g.Parent != nil && g.Created == "" {
			f.Kind = si.Kind.String()
		}
		out = append(out, f)
	}
	return out
}

// childPanic ends a child of goroutine exploration in which goroutine g
// panicked with v: its findings say so, with the goroutine's creation.
func (st *state) childPanic(g *goexec.G, v any) {
	p := &report.Panic{Goroutine: g.ID, Value: fmt.Sprint(v), Created: st.goChain(g)}
	p.File, p.Line = panicFrame()
	st.goChild.found.Panic = p
	st.finishGoChild(st.gx, nil)
}

// panicFrame returns the position of the innermost frame of the
// panicking goroutine that is neither the runtime's nor the checker's:
// where the user's code panicked (or called what panicked).
func panicFrame() (string, int32) {
	pcs := make([]uintptr, 64)
	n := runtime.Callers(3, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		if f.Function != "" && !strings.HasPrefix(f.Function, "runtime.") && !strings.HasPrefix(f.Function, "github.com/tpinstr/tpinstr/rt") {
			return f.File, int32(f.Line)
		}
		if !more {
			return "", 0
		}
	}
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
		p.ID, report.OpName(r.Prev.Write), c.ID, report.OpName(r.Cur.Write))
}

func (st *state) goAccessReport(a event.Access) report.Access {
	r := st.accessReport(a)
	if g := st.goroutineOf(a.Task); g != nil {
		r.Goroutine = g.ID
		r.Created = st.goChain(g)
	}
	return r
}

// reportLeaks reports the goroutines still waiting at the end of a run
// (the leaks option), each with its wait and creation chain, as a
// finding.
func (st *state) reportLeaks(parked []*goexec.G) {
	for _, g := range parked {
		si := sites.Lookup(g.WaitAt)
		fmt.Fprintf(st.w.Out, "==================\nWARNING: GOROUTINE LEAK\ngoroutine %d waits (%s) at %s when the run ends\n",
			g.ID, g.Waits, report.Position(si.File, si.Line, si.Col))
		for _, f := range st.goChain(g) {
			if f.By == 0 {
				break
			}
			fmt.Fprintf(st.w.Out, "  created at %s by goroutine %d\n", report.Position(f.File, f.Line, f.Col), f.By)
		}
		fmt.Fprint(st.w.Out, "==================\n")
		st.findings.Found(report.FindLeak, 1)
	}
}

// goAccess is Access in a run of goroutines: the access is recorded with
// the executor entered, so that a goroutine outside its control
// (goexec's outside.go) waits for its turn first.
func (st *state) goAccess(p unsafe.Pointer, size uintptr, write bool, site uint32) {
	if bubbles.Load() > 0 {
		return // see BubbleBegin
	}
	gx := st.gx
	l, ok := gx.Enter(site)
	if !ok {
		return
	}
	if write {
		gx.BeforeWrite(site) // a read-only section's end (goexec's readonly.go)
	}
	st.goRecord(gx, p, size, write, site)
	gx.Exit(l)
}

// goRecord records an access in a run of goroutines, with the executor
// entered.
func (st *state) goRecord(gx *goexec.Exec, p unsafe.Pointer, size uintptr, write bool, site uint32) {
	if st.slow {
		st.slowAccess(p, size, write, site)
	} else if gx.Alone() {
		// Every other goroutine returned and was joined: the access
		// races with none (goexec's alone.go).
	} else if c, done := st.det.Quick(st.cur, p, size, write, event.Site(site)); !done {
		st.det.AccessRest(c, st.cur, p, size, write, event.Site(site))
	}
}

// MutexWord records the write of the state word of the sync.Mutex at p
// (size bytes) that its Lock or Unlock makes at site, in a run of
// goroutines: while the running goroutine holds a section of it that has
// only read so far (goexec's readonly.go), as an isolated write, which
// races with the program's plain accesses of the mutex and not with the
// state-word writes of the other read-only sections, which the graph does
// not order; else as a plain write.
func MutexWord(p unsafe.Pointer, size uintptr, site uint32) {
	st := theState
	if st == nil || st.cur == 0 {
		return
	}
	gx := st.gx
	if gx == nil || bubbles.Load() > 0 {
		Access(p, size, true, site)
		return
	}
	l, ok := gx.Enter(site)
	if !ok {
		return
	}
	if gx.ReadOnlyHeld(p) {
		st.det.IsolatedBegin(st.cur, event.Site(site))
		st.goRecord(gx, p, size, true, site)
		st.det.IsolatedEnd(st.cur)
	} else {
		gx.BeforeWrite(site)
		st.goRecord(gx, p, size, true, site)
	}
	gx.Exit(l)
}

// RunningGoExec returns the executor of the run of goroutines going on, or
// nil when there is none. The hooks of operations that only schedule
// (time.Sleep, runtime.Gosched) use it: with no run going on, the program
// has one goroutine of rewritten code, and there is nothing to order.
func RunningGoExec() *goexec.Exec {
	if bubbles.Load() > 0 {
		return nil // see BubbleBegin
	}
	if st := theState; st != nil {
		return st.gx
	}
	return nil
}

// bubbles counts the testing/synctest bubbles running.
var bubbles atomic.Int32

// BubbleBegin starts a testing/synctest bubble, created at site: its
// goroutines and its fake clock belong to the runtime's bubble, which the
// executor does not control (a bubble's channels may not be used from
// outside it). Until BubbleEnd, every goroutine hook makes its operation
// as the original code does and accesses are not checked; the run going
// on, if any, says "this schedule only", naming the bubble. With no run
// going on, the bubble's end writes that verdict line itself.
func BubbleBegin(site uint32) {
	st := global()
	bubbles.Add(1)
	const what = "a testing/synctest bubble, whose goroutines the checker does not control"
	if gx := st.gx; gx != nil {
		gx.NoteFrom(site, what)
		return
	}
	st.bubbleMu.Lock()
	if st.bubbleSite == 0 {
		st.bubbleSite = site
	}
	st.bubbleMu.Unlock()
}

// BubbleEnd ends what BubbleBegin started.
func BubbleEnd() {
	st := global()
	if bubbles.Add(-1) > 0 {
		return
	}
	st.bubbleMu.Lock()
	site := st.bubbleSite
	st.bubbleSite = 0
	st.bubbleMu.Unlock()
	if site != 0 && st.childOut == "" && st.goChild == nil {
		st.verdict(fmt.Sprintf("checked this schedule only: a testing/synctest bubble, whose goroutines the checker does not control%s", at(site)))
	}
}
