package detect

import (
	"slices"
	"testing"

	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/randprog"
)

// phase forwards the events of one randprog run to a detector as a part of
// a longer run of root task 1: the run's own root is task 1, its other
// tasks are renumbered after the tasks of earlier phases, and the root's
// Spawn and End are left out, so that phases run one after the other in
// one task.
type phase struct {
	d      *Detector
	offset event.Task // added to every task id but the root's
	max    event.Task // the largest renumbered id so far
}

func (p *phase) id(t event.Task) event.Task {
	if t <= 1 {
		return t
	}
	p.max = max(p.max, t+p.offset)
	return t + p.offset
}

func (p *phase) Spawn(parent, child event.Task, future bool, site event.Site) {
	if parent != 0 {
		p.d.Spawn(p.id(parent), p.id(child), future, site)
	}
}

func (p *phase) End(t event.Task) {
	if t != 1 {
		p.d.End(p.id(t))
	}
}
func (p *phase) FinishBegin(t event.Task, s event.Site)   { p.d.FinishBegin(p.id(t), s) }
func (p *phase) FinishEnd(t event.Task)                   { p.d.FinishEnd(p.id(t)) }
func (p *phase) Get(t, f event.Task, s event.Site)        { p.d.Get(p.id(t), p.id(f), s) }
func (p *phase) IsolatedBegin(t event.Task, s event.Site) { p.d.IsolatedBegin(p.id(t), s) }
func (p *phase) IsolatedEnd(t event.Task)                 { p.d.IsolatedEnd(p.id(t)) }
func (p *phase) Access(t event.Task, addr, size uintptr, write bool, s event.Site) {
	p.d.Access(p.id(t), addr, size, write, s)
}

// TestForgetKeepsVerdicts runs random programs twice in a row in one root
// task, each inside a Finish, with Forget between the two: Forget must find
// the root quiescent, and the second run must report exactly the racing
// bytes of the first, on shadow memory and a task graph that the first run
// left behind (kept pages, new steps).
func TestForgetKeepsVerdicts(t *testing.T) {
	configs := []randprog.Config{randprog.Mixed(), randprog.Futures(), randprog.IsolatedHeavy()}
	programs := 200
	if testing.Short() {
		programs = 20
	}
	for _, cfg := range configs {
		for seed := range uint64(programs) {
			p := randprog.Generate(seed, cfg)
			p.Body = []randprog.Stmt{{Op: randprog.Finish, Site: 1000, Body: p.Body}}
			var racy [2][]uintptr
			n := 0
			d := New(func(r event.Race) {
				if !slices.Contains(racy[n], r.Addr) {
					racy[n] = append(racy[n], r.Addr)
				}
			})
			d.Spawn(0, 1, false, 0)
			first := &phase{d: d}
			if err := randprog.Run(p, first, randprog.Options{}); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if !d.Quiescent(1) {
				t.Fatalf("seed %d: the root is not quiescent after a finish around the whole program", seed)
			}
			d.Forget(1)
			n = 1
			if err := randprog.Run(p, &phase{d: d, offset: first.max}, randprog.Options{}); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			d.End(1)
			slices.Sort(racy[0])
			slices.Sort(racy[1])
			if !slices.Equal(racy[0], racy[1]) {
				t.Fatalf("seed %d: racing bytes %v before Forget, %v after\n%s", seed, racy[0], racy[1], p)
			}
		}
	}
}
