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
// shadow's Ext.IW and Ext.IR), each kept like a reader set of Algorithm 9:
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

	tasks  []taskState
	ntasks uint32 // tasks created since the last reset
}

type taskState struct {
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
	return &Detector{g: dtrg.New(1024), mem: shadow.New(), report: report}
}

func (d *Detector) task(t event.Task) *taskState {
	for int(t) >= len(d.tasks) {
		d.tasks = append(d.tasks, taskState{})
	}
	return &d.tasks[t]
}

// Spawn implements event.Sink (Algorithm 2). The first task a detector sees
// with parent 0 is a main task (Algorithm 1).
func (d *Detector) Spawn(parent, child event.Task, future bool, site event.Site) {
	d.ntasks++
	c := d.task(child)
	*c = taskState{}
	if parent == 0 {
		d.g.Init(uint32(child))
		c.ief = &finish{}
		return
	}
	d.g.Spawn(uint32(parent), uint32(child), future)
	p := d.task(parent)
	f := p.finish
	if f == nil {
		f = p.ief
	}
	c.ief = f
	f.joins = append(f.joins, uint32(child))
	if p.isolated > 0 {
		c.isolated = 0 // a task spawned in Isolated is misuse; rt/task panics first
	}
}

// End implements event.Sink (Algorithm 3).
func (d *Detector) End(t event.Task) { d.g.End(uint32(t)) }

// FinishBegin implements event.Sink (Algorithm 5).
func (d *Detector) FinishBegin(t event.Task, site event.Site) {
	ts := d.task(t)
	ts.finish = &finish{outer: ts.finish}
}

// FinishEnd implements event.Sink (Algorithm 6).
func (d *Detector) FinishEnd(t event.Task) {
	ts := d.task(t)
	f := ts.finish
	if f == nil {
		return
	}
	ts.finish = f.outer
	for _, b := range f.joins {
		d.g.Merge(uint32(t), b)
	}
}

// Get implements event.Sink (Algorithm 4).
func (d *Detector) Get(t, f event.Task, site event.Site) { d.g.Get(uint32(t), uint32(f)) }

// IsolatedBegin implements event.Sink.
func (d *Detector) IsolatedBegin(t event.Task, site event.Site) { d.task(t).isolated++ }

// IsolatedEnd implements event.Sink.
func (d *Detector) IsolatedEnd(t event.Task) { d.task(t).isolated-- }

// Quiescent reports whether every task created so far is in t's disjoint
// set, so that every access made so far precedes t's current step and no
// later access can race with one of them.
func (d *Detector) Quiescent(t event.Task) bool {
	return d.g.SetSize(uint32(t)) == d.ntasks
}

// ShadowPages returns the number of shadow pages in use, for measurements.
func (d *Detector) ShadowPages() int { return d.mem.Pages() }

// ResetMemory forgets every access recorded so far. Call it only when
// Quiescent.
func (d *Detector) ResetMemory() { d.mem.Reset() }

// Isolated reports whether t is inside an Isolated body.
func (d *Detector) Isolated(t event.Task) bool { return d.task(t).isolated > 0 }

// Forget drops every task but root, and all shadow memory, so that a long
// run keeps bounded memory. Call it only when Quiescent(root): then every
// task created so far has joined root, every recorded access precedes
// root's current step, and no later access can race with one of them. root
// keeps its open finish scopes (emptied: what they would join has joined)
// and its isolated depth; it must be task 1, the first task of the run.
func (d *Detector) Forget(root event.Task) {
	ts := *d.task(root)
	for f := ts.finish; f != nil; f = f.outer {
		f.joins = f.joins[:0]
	}
	if ts.ief != nil {
		ts.ief.joins = ts.ief.joins[:0]
	}
	d.g = dtrg.New(1024)
	d.g.Init(uint32(root))
	d.mem.Reset()
	clear(d.tasks)
	d.tasks = d.tasks[:0]
	*d.task(root) = ts
	d.ntasks = 1
}

// Tasks returns the number of tasks created since the run began or since
// the last Forget.
func (d *Detector) Tasks() uint32 { return d.ntasks }
