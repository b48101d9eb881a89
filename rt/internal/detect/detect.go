// Package detect is tpinstr's determinacy race detector: the algorithm of
// Surendran and Sarkar, "Dynamic Determinacy Race Detection for Task
// Parallelism with Futures" (RV 2016), Algorithms 1–10, extended to isolated
// sections.
//
// It consumes the events of one checked execution, which runs the program in
// serial depth-first order, and reports races as they happen. Its guarantee
// (that paper's Theorem 2, and the property tests of this package against
// the computation-graph oracle of package cgraph): for each byte location,
// it reports a race on that byte if and only if the computation graph of the
// execution has one. For programs with async, finish and future only, that
// graph is the same for every schedule of the input (Nakade 2016,
// Theorem 3), so one run decides every schedule.
//
// Isolated. Two accesses both made inside Isolated bodies never race. The
// detector therefore keeps isolated accesses apart from the others (package
// shadow's Iso.IW and Iso.IR), each kept like a reader set of Algorithm 9:
// isolated writes do not conflict with one another any more than reads do,
// so the argument for keeping one async reader applies to them unchanged. A
// non-isolated access is checked against both kinds, an isolated one only
// against non-isolated accesses. In this single run, isolated sections order
// nothing (as in ESP-bags); exploring the orders of isolated sections is the
// job of schedule exploration.
package detect

import (
	"github.com/tpinstr/tpinstr/rt/internal/dtrg"
	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/shadow"
)

// Detector checks one execution. It implements event.Sink.
type Detector struct {
	g      *dtrg.Graph
	mem    *shadow.Memory
	report func(event.Race)

	// running is the chain of running tasks, the root first: in a serial
	// depth-first execution the running tasks are the current one and its
	// ancestors, so per-task state other than the task graph's lives only
	// while a task runs.
	running []frame
	ntasks  uint32       // tasks created since the run began or the last Forget
	iso     bool         // the running task is inside an Isolated body: its frame's isolated > 0, kept here for the access path
	seenHit bool         // a read was dropped by the filter of repeated reads since ArmRepeat last ran (seen.go)
	spans   spans        // the span accesses of the current step, to skip repeats
	races   uint64       // calls of race so far, so that span can tell a check that reported one
	buf     []shadow.Acc // a copy of a shared reader set being changed (writable)
	budget  int          // pruneBudget; tests lower it
}

type frame struct {
	task     event.Task
	finish   *finish // innermost finish opened by the task itself
	ief      *finish // immediately enclosing finish when no own finish is open
	isolated int32   // depth of Isolated bodies
}

// finish is a finish scope: the tasks whose immediately enclosing finish it
// is (F.joins of Algorithm 6).
type finish struct {
	outer *finish
	joins []dtrg.Task
}

// New returns a detector that calls report for every racing byte it finds.
func New(report func(event.Race)) *Detector {
	shadow.RepeatOff() // a new graph numbers its steps from 1 again
	return &Detector{g: dtrg.New(1024), mem: shadow.New(), report: report, budget: pruneBudget}
}

// top returns the frame of the running task t.
func (d *Detector) top(t event.Task) *frame {
	f := &d.running[len(d.running)-1]
	if f.task != t {
		panic("detect: event of a task that is not running in serial depth-first order")
	}
	return f
}

// Spawn implements event.Sink (Algorithm 2). A task with parent 0 is a main
// task (Algorithm 1).
func (d *Detector) Spawn(parent, child event.Task, future bool, site event.Site) {
	d.ntasks++
	d.mem.Refill() // so that the accesses up to the next event allocate nothing (shadow/reserve.go)
	if parent == 0 {
		d.g.Init(uint32(child))
		d.running = append(d.running[:0], frame{task: child, ief: &finish{}})
		d.setIso(false)
		return
	}
	d.g.Spawn(uint32(parent), uint32(child), future)
	p := d.top(parent)
	f := p.finish
	if f == nil {
		f = p.ief
	}
	f.joins = append(f.joins, uint32(child))
	d.running = append(d.running, frame{task: child, ief: f})
	d.setIso(false)
}

// End implements event.Sink (Algorithm 3).
func (d *Detector) End(t event.Task) {
	d.top(t)
	d.mem.Refill()
	d.running = d.running[:len(d.running)-1]
	d.setIso(len(d.running) > 0 && d.running[len(d.running)-1].isolated > 0)
	d.g.End(uint32(t))
	if statsOn && len(d.running) == 0 {
		writeStats()
	}
}

// FinishBegin implements event.Sink (Algorithm 5).
func (d *Detector) FinishBegin(t event.Task, site event.Site) {
	f := d.top(t)
	f.finish = &finish{outer: f.finish}
}

// FinishEnd implements event.Sink (Algorithm 6).
func (d *Detector) FinishEnd(t event.Task) {
	fr := d.top(t)
	f := fr.finish
	if f == nil {
		return
	}
	fr.finish = f.outer
	for _, b := range f.joins {
		d.g.Merge(uint32(t), b)
	}
}

// Get implements event.Sink (Algorithm 4).
func (d *Detector) Get(t, f event.Task, site event.Site) { d.g.Get(uint32(t), uint32(f)) }

// IsolatedBegin implements event.Sink.
func (d *Detector) IsolatedBegin(t event.Task, site event.Site) {
	d.top(t).isolated++
	d.setIso(true)
}

// IsolatedEnd implements event.Sink.
func (d *Detector) IsolatedEnd(t event.Task) {
	f := d.top(t)
	f.isolated--
	d.setIso(f.isolated > 0)
}

// Quiescent reports whether every task created so far is in t's disjoint
// set, so that every access made so far precedes t's current step and no
// later access can race with one of them.
func (d *Detector) Quiescent(t event.Task) bool {
	return d.g.SetSize(uint32(t)) == d.ntasks
}

// EndedPrecedes reports whether the last step of the ended task t precedes
// the current step of the running task cur: whether the graph has a path
// from t's end to it (dtrg.Graph.Precede). It answers false when the
// search would visit more than precedesBudget tasks: its callers can do
// without a yes that costs a long search.
func (d *Detector) EndedPrecedes(t, cur event.Task) bool {
	yes, _ := d.g.PrecedeWithin(uint32(t), d.g.EndTime(uint32(t)), uint32(cur), precedesBudget)
	return yes
}

// precedesBudget bounds the search of EndedPrecedes and SpawnPrecedes.
const precedesBudget = 256

// SpawnPrecedes reports whether the step in which task t spawned its child
// c precedes the current step of the running task cur, within the same
// budget as EndedPrecedes.
func (d *Detector) SpawnPrecedes(t, c, cur event.Task) bool {
	yes, _ := d.g.PrecedeWithin(uint32(t), d.g.SpawnTime(uint32(c)), uint32(cur), precedesBudget)
	return yes
}

// ShadowPages returns the number of shadow pages used since the run began
// or the last Forget, for measurements and for deciding when to Forget.
func (d *Detector) ShadowPages() int { return d.mem.Pages() }

// Isolated reports whether t is inside an Isolated body.
func (d *Detector) Isolated(t event.Task) bool { return d.top(t).isolated > 0 }

// Forget drops every task but root, and the shadow memory not used since
// the run began or the last Forget, so that a long run keeps bounded
// memory. Call it only when Quiescent(root): then every task created so
// far has joined root, every recorded access precedes root's current
// step, and no later access can race with one of them. root keeps its
// open finish scopes (emptied: what they would join has joined) and its
// isolated depth; it must be task 1, the first task of the run.
//
// The accesses recorded so far stay in the shadow memory still in use,
// with steps of the dropped graph, which the new one numbers its own after
// (dtrg.NewAfter) and counts as preceding everything: exactly what they
// are. The next phase of the run then finds that memory ready, without
// clearing or pinning it again; this is the thesis's "merge a finished
// region into a master node" (Nakade 2016, chapter 5) at its cheapest.
func (d *Detector) Forget(root event.Task) {
	fr := *d.top(root)
	if len(d.running) != 1 {
		panic("detect: Forget while tasks other than the root run")
	}
	for f := fr.finish; f != nil; f = f.outer {
		f.joins = f.joins[:0]
	}
	fr.ief.joins = fr.ief.joins[:0]
	d.g = dtrg.NewAfter(d.g, 1024)
	d.g.Init(uint32(root))
	d.mem.Trim()
	d.spans.reset()
	d.running = append(d.running[:0], fr)
	d.setIso(fr.isolated > 0)
	d.ntasks = 1
}

// Release clears the shadow state of [addr, addr+size), the memory of an
// object that died and that shadow.Own registered, before the memory is
// reused (see shadow/owned.go for why that is exact). The spans of the
// current step are forgotten too: a later object at that address is not
// one the step has accessed.
func (d *Detector) Release(addr, size uintptr) {
	d.mem.Release(addr, size)
	d.spans.reset()
}

// Unpin drops the pins of [addr, addr+size), an object whose death the
// checker will learn (shadow.Memory.Unpin), and the span cache, which may
// hold it too.
func (d *Detector) Unpin(addr, size uintptr) {
	d.mem.Unpin(addr, size)
	d.spans.reset()
}

// Tasks returns the number of tasks created since the run began or since
// the last Forget.
func (d *Detector) Tasks() uint32 { return d.ntasks }
