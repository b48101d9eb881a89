package checker

import (
	"github.com/tpinstr/tpinstr/rt/internal/detect"
	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/goexec"
	"github.com/tpinstr/tpinstr/rt/internal/report"
	"github.com/tpinstr/tpinstr/rt/internal/shadow"
	"github.com/tpinstr/tpinstr/rt/internal/sites"
)

// The functions of this file are called by the checked build of rt/task
// (build tag tpinstr), never by user code or rewritten code. Tasks are
// named by the ids these functions return. The checked build runs tasks in
// serial depth-first order on the goroutine that called task.Run.

// RunBegin starts a checked task.Run and returns its root task. A Run of
// another goroutine waits until the running one ends; a Run nested inside a
// task of the running one, or made by a goroutine of a checked run of
// goroutines (which runs one goroutine at a time: the caller is the one
// running), is checked as a finish in the current task or segment, and
// RunBegin returns 0 for it.
func RunBegin() event.Task {
	st := global()
	site := st.takeSite()
	g := goid()
	if st.cur != 0 && (st.owner == g || st.x != nil || st.gx != nil) {
		st.depth++
		st.sinkFinishBegin(st.cur, site)
		return 0
	}
	root := st.beginRun(g, site)
	st.depth = 1
	st.taskRuns++
	st.isoTasks = 0
	st.lastIsoTask = 0
	st.iso = newIsoWatch()
	st.updateSlow()
	if st.x != nil {
		st.x.RunBegin(root, site)
		return root
	}
	st.startGraph()
	st.sinkSpawn(0, root, false, site)
	st.sinkFinishBegin(root, site) // Run's implicit finish
	return root
}

// RunEnd ends the Run that RunBegin(…) returned root for, after its body
// returned or panicked.
func RunEnd(root event.Task) {
	st := global()
	if root == 0 {
		st.depth--
		st.sinkFinishEnd(st.cur)
		return
	}
	st.permRunEnd()
	if st.x != nil {
		st.x.RunEnd(root)
	} else {
		st.sinkFinishEnd(root)
		st.sinkEnd(root)
		st.writeGraph()
		st.endRunReports()
	}
	// Every task of this Run precedes everything after it: forget them all.
	st.det = detect.New(st.onRace)
	st.tasks = st.tasks[:0]
	st.next = 0
	st.cur, st.root, st.owner, st.depth = 0, 0, 0, 0
	st.mu.Unlock()
}

func (st *state) newTask(parent event.Task, site uint32, future bool) event.Task {
	if st.next == 0 {
		st.next = 1
		st.tasks = append(st.tasks[:0], taskInfo{}) // id 0 is no task
	}
	t := st.next
	st.next++
	st.tasks = append(st.tasks, taskInfo{parent: parent, site: site, future: future})
	return t
}

// Current returns the task running now, or 0 outside a checked Run.
func Current() event.Task {
	if st := theState; st != nil {
		return st.cur
	}
	return 0
}

// Spawn creates a task of the current task (an async task, or a future task
// when future is true) and makes it current. The checked task library then
// runs its body and calls TaskEnd.
func Spawn(future bool) event.Task {
	st := global()
	parent := st.cur
	site := st.takeSite()
	child := st.newTask(parent, site, future)
	if st.x != nil {
		st.x.Spawn(parent, child, future, site)
		return child
	}
	st.sinkSpawn(parent, child, future, site)
	st.cur = child
	shadow.RepeatOff()
	return child
}

// Exploring reports whether this run explores a schedule of isolated
// sections: the checked task library then runs every task on a goroutine of
// its own, calling SpawnYield after Spawn, TaskBegin on the child's
// goroutine before its body, and TaskEnd after it, and the scheduler lets
// one task run at a time.
func Exploring() bool {
	st := theState
	return st != nil && st.x != nil
}

// SpawnYield runs the task child that the current task just spawned, in an
// exploring run: the current task waits until it is scheduled again.
func SpawnYield(child event.Task) {
	st := global()
	st.x.YieldToChild(st.cur, child)
}

// TaskBegin blocks the goroutine of task t until the scheduler runs it, in
// an exploring run.
func TaskBegin(t event.Task) { global().x.Begin(t) }

// TaskEnd records that the body of task t returned (or panicked) and makes
// its parent current again.
func TaskEnd(t event.Task) {
	st := global()
	if st.x != nil {
		st.x.End(t)
		return
	}
	st.sinkEnd(t)
	st.cur = st.tasks[t].parent
	shadow.RepeatOff()
	if st.perm != nil {
		st.permSync() // reports the permissions t ended holding
	}
}

// FinishBegin opens a finish scope in the current task.
func FinishBegin() {
	st := global()
	site := st.takeSite()
	if st.x != nil {
		st.x.FinishBegin(st.cur, site)
		return
	}
	st.sinkFinishBegin(st.cur, site)
}

// FinishEnd closes the current task's innermost finish scope: every task
// spawned inside it has ended.
func FinishEnd() {
	st := global()
	if st.x != nil {
		st.x.FinishEnd(st.cur)
		return
	}
	st.sinkFinishEnd(st.cur)
	st.maybeForget()
}

// Get records that the current task got the value of future task f of
// generation gen (as returned by Generation when f was created). A future of
// an earlier generation, or a Get outside any checked Run, orders nothing
// that could race.
func Get(f event.Task, gen uint64) {
	st := global()
	site := st.takeSite()
	if st.cur == 0 || gen != st.gen {
		return
	}
	if st.x != nil {
		st.x.Get(st.cur, f, site)
		return
	}
	st.det.Get(st.cur, f, event.Site(site))
	if st.graph != nil {
		st.graph.Get(st.cur, f, event.Site(site))
	}
	st.maybeForget()
}

// RunNumber identifies the current checked Run.
func RunNumber() int { return global().runs }

// IsolatedBegin and IsolatedEnd bracket an Isolated body of the current
// task.
func IsolatedBegin() {
	st := global()
	if st.x != nil {
		st.x.IsolatedBegin(st.cur, st.takeSite())
		return
	}
	site := event.Site(st.takeSite())
	st.noteIsolated()
	st.iso.begin(uint32(site), !st.opts.NoCommute)
	st.updateSlow()
	st.det.IsolatedBegin(st.cur, site)
	if st.graph != nil {
		st.graph.IsolatedBegin(st.cur, site)
	}
}

// IsolatedEnd closes the innermost Isolated body of the current task.
func IsolatedEnd() {
	st := global()
	if st.x != nil {
		st.x.IsolatedEnd(st.cur)
		return
	}
	st.iso.end()
	st.updateSlow()
	st.det.IsolatedEnd(st.cur)
	if st.graph != nil {
		st.graph.IsolatedEnd(st.cur)
	}
}

// TakeSite returns the site that rewritten code recorded with At for the
// task-library call being made, and forgets it. Task-library calls that do
// not report an event (such as a Get of a future of an earlier Run) call it
// so that the site does not stick to the next call.
func TakeSite() uint32 { return global().takeSite() }

// Thresholds above which a quiescent root task forgets the tasks and shadow
// memory of its run so far.
const (
	forgetPages = 256
	forgetTasks = 1 << 16
)

// maybeForget drops the task graph and the shadow memory when the root task
// is running and every task created so far has joined it, since no later
// access can race with an earlier one (Nakade 2016, chapter 5, merges a
// finished region of the graph into one master node for the same reason).
// Futures of earlier generations are then joined already; see Generation.
func (st *state) maybeForget() {
	if st.graph != nil || st.cur != st.root || (st.det.ShadowPages() < forgetPages && st.det.Tasks() < forgetTasks) {
		return
	}
	if !st.det.Quiescent(st.root) {
		return
	}
	st.det.Forget(st.root)
	st.tasks = st.tasks[:st.root+1]
	st.next = st.root + 1
	st.gen++
}

// Generation identifies the current numbering of tasks. It changes with
// every Run and whenever the checker forgets the tasks that have joined the
// root; a future created in an earlier generation precedes everything now.
func Generation() uint64 { return global().gen }

// InIsolated reports whether the current task is inside an Isolated body.
func InIsolated() bool {
	st := theState
	if st == nil || st.cur == 0 {
		return false
	}
	if st.x != nil {
		return st.x.InIsolated(st.cur)
	}
	return st.det.Isolated(st.cur)
}

// The sink methods send a task event to the detector and, with the dot
// option, to the graph recorder.

func (st *state) sinkSpawn(parent, child event.Task, future bool, site uint32) {
	st.releaseDeaths()
	st.det.Spawn(parent, child, future, event.Site(site))
	if st.graph != nil {
		st.graph.Spawn(parent, child, future, event.Site(site))
	}
}

func (st *state) sinkEnd(t event.Task) {
	st.releaseDeaths()
	st.det.End(t)
	if st.graph != nil {
		st.graph.End(t)
	}
}

func (st *state) sinkFinishBegin(t event.Task, site uint32) {
	st.det.FinishBegin(t, event.Site(site))
	if st.graph != nil {
		st.graph.FinishBegin(t, event.Site(site))
	}
}

func (st *state) sinkFinishEnd(t event.Task) {
	st.det.FinishEnd(t)
	if st.graph != nil {
		st.graph.FinishEnd(t)
	}
}

// GetUnfinished reports a Get of the future f that has not ended, in serial
// depth-first order: f is the current task or one of its ancestors, so the
// Get waits for itself. It reports a deadlock and ends the program.
func GetUnfinished(f event.Task) {
	st := global()
	site := st.takeSite()
	si := sites.Lookup(site)
	d := &report.Deadlock{Blocked: []report.Blocked{{
		Task: uint32(st.cur), Waits: "get", File: si.File, Line: si.Line, Col: si.Col,
		Spawns: st.spawnChain(st.cur),
	}}}
	st.flushHeld()
	st.deadlocked(d)
}

// flushHeld writes the reports held back in the current Run.
func (st *state) flushHeld() {
	for _, rep := range st.held {
		st.emit(rep, "")
	}
	st.held = nil
}

// beginRun starts a checked run (a task.Run, or a run of goroutines) owned
// by goroutine g, once the run going on, if any, has ended, and returns its
// root task, which becomes current.
func (st *state) beginRun(g uint64, site uint32) event.Task {
	st.mu.Lock()
	st.owner, st.ownerG = g, goexec.Self()
	st.runs++
	st.gen++
	if st.det == nil {
		st.det = detect.New(st.onRace)
	}
	root := st.newTask(0, site, false)
	st.root = root
	st.cur = root
	shadow.RepeatOff()
	return root
}
