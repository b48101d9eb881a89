package cgraph

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// This file turns events into steps and edges, following the POST and
// AWAIT-NEXT rules of Nakade 2016 (Figure 3.4) in the vocabulary of the
// futures paper (section 3): a spawn ends the parent's step and starts the
// child's; a finish end and a get start a joined step; an outermost Isolated
// body is a step of its own.

// fail records the first malformation; later events are ignored so that one
// bad event does not cascade into confusing ones.
func (g *Graph) fail(format string, args ...any) {
	if g.err == nil {
		g.err = fmt.Errorf("%w: %s", ErrMalformed, fmt.Sprintf(format, args...))
	}
}

func (g *Graph) task(t event.Task) *taskState {
	for int(t) >= len(g.tasks) {
		g.tasks = append(g.tasks, taskState{})
	}
	return &g.tasks[t]
}

// newStep appends a step of task t and makes it t's current step.
func (g *Graph) newStep(t event.Task, b Begin, site event.Site) StepID {
	ts := g.task(t)
	id := StepID(len(g.steps))
	g.steps = append(g.steps, Step{Task: t, Isolated: ts.isolated > 0, Begin: b, Site: site})
	g.preds = append(g.preds, nil)
	ts.cur = id
	g.gen++
	return id
}

func (g *Graph) addEdge(from, to StepID, k EdgeKind) {
	g.edges = append(g.edges, Edge{From: from, To: to, Kind: k})
	g.preds[to] = append(g.preds[to], from)
}

// startRoot makes t the root task: its first step, and the implicit finish
// of Run that every task without a Finish of its own joins.
func (g *Graph) startRoot(t event.Task, site event.Site) {
	if g.root != 0 {
		g.fail("second root task %d after root %d (one graph is one Run)", t, g.root)
		return
	}
	if t == 0 {
		g.fail("root task id 0")
		return
	}
	ts := g.task(t)
	if ts.known {
		g.fail("root task %d already known", t)
		return
	}
	g.root = t
	g.running = t
	g.finishes = append(g.finishes, finish{site: site})
	*ts = taskState{known: true, ief: -1, open: []int{len(g.finishes) - 1}, spawnSite: site}
	g.newStep(t, BeginTask, site)
}

// enter checks that t is the running task, starting the root implicitly when
// the stream does not announce it with Spawn(0, root, …).
func (g *Graph) enter(t event.Task, what string) bool {
	if g.err != nil {
		return false
	}
	if g.root == 0 {
		g.startRoot(t, 0)
	}
	if g.err != nil {
		return false
	}
	if t != g.running || t == 0 {
		g.fail("%s by task %d while task %d runs", what, t, g.running)
		return false
	}
	if ts := g.task(t); ts.resume {
		ts.resume = false
		from := ts.cur
		g.addEdge(from, g.newStep(t, BeginResume, 0), Continue)
	}
	return true
}

// Spawn implements event.Sink. Spawn(0, c, …) announces the root task c.
func (g *Graph) Spawn(parent, child event.Task, future bool, site event.Site) {
	if g.err != nil {
		return
	}
	if parent == 0 {
		g.startRoot(child, site)
		return
	}
	if !g.enter(parent, "spawn") {
		return
	}
	p := g.task(parent)
	if p.isolated > 0 {
		g.fail("task %d spawns task %d inside an Isolated body", parent, child)
		return
	}
	if child == 0 || g.task(child).known {
		g.fail("task %d spawns task %d, which is not a new task", parent, child)
		return
	}
	// IEF: the innermost finish the parent itself opened, else the
	// parent's own IEF (task-api.md: a grandchild without a Finish of its
	// own joins the same finish).
	ief := p.ief
	if n := len(p.open); n > 0 {
		ief = p.open[n-1]
	}
	g.finishes[ief].joined = append(g.finishes[ief].joined, child)
	from := p.cur
	*g.task(child) = taskState{known: true, future: future, parent: parent, ief: ief, spawnSite: site}
	to := g.newStep(child, BeginTask, site)
	g.addEdge(from, to, Spawn)
	g.running = child
	if g.interleaved {
		g.task(parent).resume = true
	}
}

// End implements event.Sink. The root's End closes the implicit finish of
// Run: every task whose IEF it is joins the root's final step.
func (g *Graph) End(t event.Task) {
	if !g.enter(t, "end") {
		return
	}
	ts := g.task(t)
	if ts.isolated > 0 {
		g.fail("task %d ends inside an Isolated body", t)
		return
	}
	if t == g.root {
		if len(ts.open) != 1 {
			g.fail("root task %d ends with %d finish scopes open", t, len(ts.open)-1)
			return
		}
		g.closeFinish(t, BeginRunEnd)
		ts = g.task(t)
		ts.ended = true
		g.running = 0
		return
	}
	if len(ts.open) != 0 {
		g.fail("task %d ends with %d finish scopes open", t, len(ts.open))
		return
	}
	ts.ended = true
	if g.interleaved {
		g.running = 0
		return
	}
	g.running = ts.parent
	p := g.task(ts.parent)
	from := p.cur
	to := g.newStep(ts.parent, BeginResume, 0)
	g.addEdge(from, to, Continue)
}

// FinishBegin implements event.Sink. Opening a finish does not end a step:
// nothing is ordered by it until its end.
func (g *Graph) FinishBegin(t event.Task, site event.Site) {
	if !g.enter(t, "finish begin") {
		return
	}
	ts := g.task(t)
	if ts.isolated > 0 {
		g.fail("task %d opens a finish inside an Isolated body", t)
		return
	}
	g.finishes = append(g.finishes, finish{site: site})
	ts.open = append(ts.open, len(g.finishes)-1)
}

// FinishEnd implements event.Sink.
func (g *Graph) FinishEnd(t event.Task) {
	if !g.enter(t, "finish end") {
		return
	}
	ts := g.task(t)
	explicit := len(ts.open)
	if t == g.root {
		explicit-- // the implicit finish of Run is closed by End
	}
	if explicit <= 0 {
		g.fail("task %d ends a finish it did not open", t)
		return
	}
	if ts.isolated > 0 {
		g.fail("task %d ends a finish inside an Isolated body", t)
		return
	}
	g.closeFinish(t, BeginFinish)
}

// closeFinish pops t's innermost open finish F and starts t's next step,
// joined by the last step of every task whose IEF is F (Nakade 2016,
// AWAIT-NEXT, Figure 3.4; the futures paper's finish join edges).
func (g *Graph) closeFinish(t event.Task, b Begin) {
	ts := g.task(t)
	f := ts.open[len(ts.open)-1]
	ts.open = ts.open[:len(ts.open)-1]
	for _, c := range g.finishes[f].joined {
		if !g.tasks[c].ended {
			g.fail("finish of task %d ends before task %d it joins", t, c)
			return
		}
	}
	from := ts.cur
	to := g.newStep(t, b, g.finishes[f].site)
	g.addEdge(from, to, Continue)
	for _, c := range g.finishes[f].joined {
		g.addEdge(g.tasks[c].cur, to, FinishJoin)
	}
}

// Get implements event.Sink. A Get inside an Isolated body is misuse, but the
// graph records it as any other get (the step after it stays isolated).
func (g *Graph) Get(t, f event.Task, site event.Site) {
	if !g.enter(t, "get") {
		return
	}
	if int(f) >= len(g.tasks) || !g.tasks[f].known || !g.tasks[f].future {
		g.fail("task %d gets task %d, which is not a future", t, f)
		return
	}
	if !g.tasks[f].ended {
		g.fail("task %d gets future %d before it ended", t, f)
		return
	}
	ts := g.task(t)
	from := ts.cur
	to := g.newStep(t, BeginGet, site)
	g.addEdge(from, to, Continue)
	g.addEdge(g.tasks[f].cur, to, GetJoin)
}

// IsolatedBegin implements event.Sink. Only an outermost Isolated body
// starts a step; nested ones belong to it.
func (g *Graph) IsolatedBegin(t event.Task, site event.Site) {
	if !g.enter(t, "isolated begin") {
		return
	}
	ts := g.task(t)
	ts.isolated++
	if ts.isolated == 1 {
		from := ts.cur
		g.addEdge(from, g.newStep(t, BeginIsolated, site), Continue)
	}
}

// IsolatedEnd implements event.Sink.
func (g *Graph) IsolatedEnd(t event.Task) {
	if !g.enter(t, "isolated end") {
		return
	}
	ts := g.task(t)
	if ts.isolated == 0 {
		g.fail("task %d ends an Isolated body it did not begin", t)
		return
	}
	ts.isolated--
	if ts.isolated == 0 {
		from := ts.cur
		g.addEdge(from, g.newStep(t, BeginAfterIso, 0), Continue)
	}
}

// Access implements event.Sink. Accesses of size 0 touch no byte and are
// dropped.
func (g *Graph) Access(t event.Task, addr, size uintptr, write bool, site event.Site) {
	if !g.enter(t, "access") || size == 0 {
		return
	}
	if addr+size < addr {
		g.fail("task %d accesses %d bytes at %#x, past the end of memory", t, size, addr)
		return
	}
	s := &g.steps[g.tasks[t].cur]
	s.Accesses = append(s.Accesses, Access{Addr: addr, Size: size, Write: write, Site: site})
	g.gen++
}
