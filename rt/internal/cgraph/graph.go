package cgraph

import (
	"errors"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// ErrMalformed is wrapped by every error that reports an event stream that
// no serial depth-first execution of a task program can produce.
var ErrMalformed = errors.New("malformed event stream")

// StepID numbers the steps of a graph densely from 0, in the order the
// serial execution entered them. That order is a topological order of the
// graph: every edge goes from a lower id to a higher one.
type StepID int32

// Begin says which event started a step.
type Begin uint8

// The events that start a step.
const (
	BeginTask     Begin = iota // the first step of a task, at its Spawn
	BeginResume                // the parent's step after a child it spawned ended
	BeginFinish                // the owner's step after FinishEnd
	BeginGet                   // the getter's step after Get
	BeginIsolated              // an outermost Isolated body
	BeginAfterIso              // the task's step after an outermost Isolated body
	BeginRunEnd                // the root's step after its implicit finish (Run) ended
)

// String returns a short name of b.
func (b Begin) String() string {
	switch b {
	case BeginTask:
		return "task"
	case BeginResume:
		return "resume"
	case BeginFinish:
		return "finish"
	case BeginGet:
		return "get"
	case BeginIsolated:
		return "isolated"
	case BeginAfterIso:
		return "after-isolated"
	case BeginRunEnd:
		return "run-end"
	}
	return "begin?"
}

// Access is one memory access made in a step.
type Access struct {
	Addr, Size uintptr
	Write      bool
	Site       event.Site
}

// Step is a node of the graph.
type Step struct {
	Task     event.Task
	Isolated bool // the step is (part of) an Isolated body
	Begin    Begin
	// Site is the site of the event that began the step (the spawn, the
	// finish, the get or the isolated), or 0.
	Site event.Site
	// Accesses are the step's accesses in execution order; δ and ω of the
	// thesis are the bytes they read and wrote.
	Accesses []Access
}

// EdgeKind is the kind of an edge (futures paper, section 3).
type EdgeKind uint8

// The kinds of edges.
const (
	Continue   EdgeKind = iota // consecutive steps of one task
	Spawn                      // the spawning step → the child's first step
	FinishJoin                 // a task's last step → its IEF owner's step after the finish
	GetJoin                    // a future's last step → the getter's step after Get
	IsoOrder                   // an isolated step → a later conflicting isolated step of the schedule (thesis Figure 6.1)
)

// String returns a short name of k.
func (k EdgeKind) String() string {
	switch k {
	case Continue:
		return "continue"
	case Spawn:
		return "spawn"
	case FinishJoin:
		return "join"
	case GetJoin:
		return "get"
	case IsoOrder:
		return "isolated order"
	}
	return "edge?"
}

// Edge is a directed edge of the graph; From < To always.
type Edge struct {
	From, To StepID
	Kind     EdgeKind
}

// Graph is the computation graph of one execution (one task.Run), built from
// its event stream. It implements event.Sink. The zero value is not ready:
// use New. A Graph is not safe for concurrent use.
type Graph struct {
	steps []Step
	edges []Edge
	preds [][]StepID // incoming edges' sources, per step

	tasks    []taskState // indexed by task id
	finishes []finish
	root     event.Task
	running  event.Task // the task executing now, 0 before the root and after its End
	err      error

	// Set by Interleave, for schedules other than the serial depth-first
	// one (schedule exploration).
	interleaved bool

	closure closure  // ancestors per step, extended lazily
	verdict *verdict // races of the graph as of gen, or nil
	gen     uint64   // bumped by every event that changes the graph
}

// taskState is what the builder knows of a task.
type taskState struct {
	known, ended bool
	future       bool
	parent       event.Task
	cur          StepID // current step; the last step once ended
	ief          int    // index of the task's immediately enclosing finish
	open         []int  // finishes the task opened and has not ended, innermost last
	isolated     int    // depth of nested Isolated bodies
	spawnSite    event.Site
	resume       bool // interleaved: the task spawned and has not done anything since
}

// finish is one finish scope (a Finish, or the implicit finish of Run).
type finish struct {
	site   event.Site
	joined []event.Task // tasks whose IEF this is
}

// New returns an empty graph.
func New() *Graph { return &Graph{} }

// Interleave prepares g for an execution that is not serial depth-first,
// as schedule exploration runs: tasks take turns in any order the executor
// chooses, and the executor calls Switch before the events of a task that
// was not running. A parent's step after a spawn then starts at the
// parent's next event instead of at the child's end.
func (g *Graph) Interleave() { g.interleaved = true }

// CurrentStep returns the step task t is in, or -1 for an unknown task.
func (g *Graph) CurrentStep(t event.Task) StepID {
	if int(t) >= len(g.tasks) || !g.tasks[t].known {
		return -1
	}
	return g.tasks[t].cur
}

// OrderIsolated adds an edge from the isolated step from to the later
// isolated step to, which the schedule ran after it: the "last" edge of
// Nakade 2016 (Figure 6.1), which an exploring run adds between isolated
// sections that conflict. It must be called before the graph is checked.
func (g *Graph) OrderIsolated(from, to StepID) {
	if g.err != nil || from < 0 || to <= from || int(to) >= len(g.steps) {
		return
	}
	if len(g.closure.anc) > int(to) {
		g.closure = closure{} // to's ancestors change: recompute
	}
	g.addEdge(from, to, IsoOrder)
	g.gen++
}

// Switch makes t the running task, in an interleaved execution.
func (g *Graph) Switch(t event.Task) {
	if g.err == nil && g.interleaved {
		g.running = t
	}
}

// Err returns the first malformation found in the event stream, or nil.
// After an error the graph stops changing.
func (g *Graph) Err() error { return g.err }

// Steps returns the steps, indexed by StepID. The slice is the graph's own:
// do not modify it.
func (g *Graph) Steps() []Step { return g.steps }

// Edges returns the edges in the order they were added. The slice is the
// graph's own: do not modify it.
func (g *Graph) Edges() []Edge { return g.edges }

// Root returns the root task, or 0 if no event arrived yet.
func (g *Graph) Root() event.Task { return g.root }
