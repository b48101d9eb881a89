package detect

import (
	"fmt"
	"testing"

	"github.com/tpinstr/tpinstr/rt/internal/dtrg"
	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/randprog"
)

// stepProbe is an event.Sink that runs a detector and, before every access,
// asks the task graph whether each step seen so far precedes the running
// task, both through PrecedeStep (which remembers answers) and through
// Precede (which does not), and records any disagreement.
type stepProbe struct {
	d     *Detector
	steps []dtrg.Step
	bad   []string
}

func (p *stepProbe) Spawn(parent, child event.Task, future bool, site event.Site) {
	p.d.Spawn(parent, child, future, site)
}
func (p *stepProbe) End(t event.Task)                         { p.d.End(t) }
func (p *stepProbe) FinishBegin(t event.Task, s event.Site)   { p.d.FinishBegin(t, s) }
func (p *stepProbe) FinishEnd(t event.Task)                   { p.d.FinishEnd(t) }
func (p *stepProbe) Get(t, f event.Task, s event.Site)        { p.d.Get(t, f, s) }
func (p *stepProbe) IsolatedBegin(t event.Task, s event.Site) { p.d.IsolatedBegin(t, s) }
func (p *stepProbe) IsolatedEnd(t event.Task)                 { p.d.IsolatedEnd(t) }

func (p *stepProbe) Access(t event.Task, addr, size uintptr, write bool, site event.Site) {
	g := p.d.g
	if n := len(p.steps); n == 0 || p.steps[n-1] != g.Step() {
		p.steps = append(p.steps, g.Step())
	}
	// Ask twice through PrecedeStep: the second answer comes from the table.
	for range 2 {
		for _, s := range p.steps {
			got := g.PrecedeStep(s, uint32(t))
			if want := g.Precede(g.StepTask(s), g.StepTime(s), uint32(t)); got != want {
				p.bad = append(p.bad, fmt.Sprintf("step %d (task %d, time %d) before task %d at time %d: PrecedeStep %v, Precede %v",
					s, g.StepTask(s), g.StepTime(s), t, g.Now(), got, want))
			}
			if got && !g.Known(s, uint32(t)) {
				p.bad = append(p.bad, fmt.Sprintf("step %d before task %d: the positive answer is not remembered", s, t))
			}
		}
	}
	p.d.Access(t, addr, size, write, site)
}

// TestRememberedAnswers checks the task graph's remembered answers
// (dtrg.answers): on random programs, asking PrecedeStep about every step
// seen so far, at every access, gives what a fresh search of the graph
// gives, although answers are reused across accesses, joins and task ends.
func TestRememberedAnswers(t *testing.T) {
	configs := []randprog.Config{randprog.Mixed(), randprog.Futures(), randprog.Finishes(), randprog.IsolatedHeavy()}
	programs := 300
	if testing.Short() {
		programs = 30
	}
	for _, cfg := range configs {
		for seed := range uint64(programs) {
			p := randprog.Generate(seed, cfg)
			probe := &stepProbe{d: New(func(event.Race) {})}
			if err := randprog.Run(p, probe, randprog.Options{}); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if len(probe.bad) > 0 {
				t.Fatalf("seed %d: %d wrong answers, first: %s\n%s", seed, len(probe.bad), probe.bad[0], p)
			}
		}
	}
}
