package dtrg

// Step identifies a step: the part of a task's execution between two of
// its spawns or ends, which the paper's algorithms tell apart by the task
// and the time (Now) it ran at. Steps are numbered in the order they
// start, from 1 or from where the graph a new one replaces stopped (see
// NewAfter); 0 means none. The detector records an access with the step that
// made it, one 32-bit number instead of a task and a time, which keeps its
// shadow cells small.
//
// A new step starts at every Init, Spawn (the child's first step) and End
// (the parent's next step): exactly when the running task or the time
// changes. A get does not start one: the accesses of a task before and
// after a get at the same time reach the same later steps (the get adds
// edges into the task's continuation, none out of it), so Precede never
// needs to tell them apart.
type Step = uint32

// stepInfo is the task and time of a step.
type stepInfo struct {
	task Task
	at   uint32
}

// newStep starts a step of task t at the current time. The step gets its
// number when something asks for it (Step): a step in which the program
// accessed nothing, as the parent's between two spawns of a ForAll, takes
// neither a number nor memory.
func (g *Graph) newStep(t Task) {
	g.next, g.pending, g.live = stepInfo{t, g.dfid}, true, 0
	if g.nsteps == len(g.steps)*stepChunk {
		// Room for the number now, at an event: numbering happens
		// between events, on the detector's access path, which does not
		// allocate.
		g.steps = append(g.steps, make([]stepInfo, stepChunk))
	}
}

// Step returns the current step: the running task's, at the current time.
func (g *Graph) Step() Step {
	if g.pending {
		g.number()
	}
	return g.cur
}

// number gives the pending step the next number. The steps are kept in
// chunks of stepChunk, so that a run of many steps neither copies them as
// a slice grows nor holds two copies while it does.
func (g *Graph) number() {
	g.pending = false
	i := g.nsteps
	g.steps[i/stepChunk][i%stepChunk] = g.next
	g.nsteps++
	g.cur = g.base + Step(i)
	g.live = g.cur
}

// Live returns the address of the graph's live step: the running task's
// step once it has its number, 0 from the moment another step starts
// until something asks for that one's number (Step), and 0 for good once
// NewAfter has replaced the graph. A reader that remembers a step s can
// thus tell, with one load, that s is still the running step (the value
// is s) without asking Step, which would number a pending one. Steps are
// never 0, and no number is given twice (NewAfter numbers past prev's), so
// the value is s exactly while s runs and has its number.
func (g *Graph) Live() *Step { return &g.live }

// stepChunk is the number of steps in a chunk of Graph.steps.
const stepChunk = 1 << 14

// info returns the task and time of step s, which is not Before the graph.
func (g *Graph) info(s Step) stepInfo {
	i := s - g.base
	return g.steps[i/stepChunk][i%stepChunk]
}

// Before reports whether step s is none or a step of a graph this one
// replaced (see NewAfter): a step that precedes every step of this graph.
func (g *Graph) Before(s Step) bool { return s < g.base }

// StepTask returns the task that ran step s, 0 for none or a step Before
// the graph.
func (g *Graph) StepTask(s Step) Task {
	if s < g.base {
		return 0
	}
	return g.info(s).task
}

// StepTime returns the time step s ran at (0 for a step Before the graph).
func (g *Graph) StepTime(s Step) uint32 {
	if s < g.base {
		return 0
	}
	return g.info(s).at
}
