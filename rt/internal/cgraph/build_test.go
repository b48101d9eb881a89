package cgraph

import (
	"errors"
	"reflect"
	"testing"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

func TestBuildSteps(t *testing.T) {
	type step struct {
		task  event.Task
		begin Begin
		iso   bool
	}
	tests := []struct {
		name  string
		run   script
		steps []step
		edges []Edge
	}{
		{"async in a finish", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.FinishBegin(1, 0)
			s.Spawn(1, 2, false, 0)
			s.End(2)
			s.FinishEnd(1)
			s.End(1)
		}, []step{{1, BeginTask, false}, {2, BeginTask, false}, {1, BeginResume, false},
			{1, BeginFinish, false}, {1, BeginRunEnd, false}},
			[]Edge{{0, 1, Spawn}, {0, 2, Continue}, {2, 3, Continue}, {1, 3, FinishJoin}, {3, 4, Continue}}},
		{"grandchild joins the root's finish", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.FinishBegin(1, 0)
			s.Spawn(1, 2, false, 0)
			s.Spawn(2, 3, false, 0)
			s.End(3)
			s.End(2)
			s.FinishEnd(1)
			s.End(1)
		}, []step{{1, BeginTask, false}, {2, BeginTask, false}, {3, BeginTask, false},
			{2, BeginResume, false}, {1, BeginResume, false}, {1, BeginFinish, false}, {1, BeginRunEnd, false}},
			[]Edge{{0, 1, Spawn}, {1, 2, Spawn}, {1, 3, Continue}, {0, 4, Continue},
				{4, 5, Continue}, {3, 5, FinishJoin}, {2, 5, FinishJoin}, {5, 6, Continue}}},
		{"non-tree get", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.Spawn(1, 2, true, 0)
			s.End(2)
			s.Spawn(1, 3, false, 0)
			s.Get(3, 2, 0)
			s.End(3)
			s.End(1)
		}, []step{{1, BeginTask, false}, {2, BeginTask, false}, {1, BeginResume, false},
			{3, BeginTask, false}, {3, BeginGet, false}, {1, BeginResume, false}, {1, BeginRunEnd, false}},
			[]Edge{{0, 1, Spawn}, {0, 2, Continue}, {2, 3, Spawn}, {3, 4, Continue}, {1, 4, GetJoin},
				{2, 5, Continue}, {5, 6, Continue}, {1, 6, FinishJoin}, {4, 6, FinishJoin}}},
		{"nested isolated is one step", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.IsolatedBegin(1, 0)
			s.IsolatedBegin(1, 0)
			s.IsolatedEnd(1)
			s.IsolatedEnd(1)
			s.End(1)
		}, []step{{1, BeginTask, false}, {1, BeginIsolated, true}, {1, BeginAfterIso, false}, {1, BeginRunEnd, false}},
			[]Edge{{0, 1, Continue}, {1, 2, Continue}, {2, 3, Continue}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := build(t, tt.run)
			var steps []step
			for _, s := range g.Steps() {
				steps = append(steps, step{s.Task, s.Begin, s.Isolated})
			}
			if !reflect.DeepEqual(steps, tt.steps) {
				t.Errorf("steps %+v\nwant  %+v", steps, tt.steps)
			}
			if !reflect.DeepEqual(g.Edges(), tt.edges) {
				t.Errorf("edges %v\nwant  %v", g.Edges(), tt.edges)
			}
			// Every edge goes forward, and the root's last step follows
			// every other step: Run joins everything.
			last := StepID(len(g.Steps()) - 1)
			for _, e := range g.Edges() {
				if e.From >= e.To {
					t.Errorf("edge %v goes backwards", e)
				}
			}
			if n := g.Ancestors(last); n != int(last) {
				t.Errorf("the root's last step has %d ancestors, want %d", n, last)
			}
		})
	}
}

func TestMalformedStreams(t *testing.T) {
	tests := []struct {
		name string
		run  script
	}{
		{"get of a future that has not ended", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.Spawn(1, 2, true, 0)
			s.Get(2, 2, 0)
		}},
		{"get of an async task", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.Spawn(1, 2, false, 0)
			s.End(2)
			s.Get(1, 2, 0)
		}},
		{"get of an unknown task", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.Get(1, 9, 0)
		}},
		{"event by a task that does not run", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.Spawn(1, 2, false, 0)
			s.Access(1, x, 1, true, 0)
		}},
		{"task ends with a finish open", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.Spawn(1, 2, false, 0)
			s.FinishBegin(2, 0)
			s.End(2)
		}},
		{"root ends with a finish open", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.FinishBegin(1, 0)
			s.End(1)
		}},
		{"finish end without begin", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.FinishEnd(1)
		}},
		{"spawn inside isolated", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.IsolatedBegin(1, 0)
			s.Spawn(1, 2, false, 0)
		}},
		{"finish inside isolated", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.IsolatedBegin(1, 0)
			s.FinishBegin(1, 0)
		}},
		{"isolated end without begin", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.IsolatedEnd(1)
		}},
		{"end inside isolated", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.IsolatedBegin(1, 0)
			s.End(1)
		}},
		{"task id reused", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.Spawn(1, 2, false, 0)
			s.End(2)
			s.Spawn(1, 2, false, 0)
		}},
		{"second root", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.End(1)
			s.Spawn(0, 2, false, 0)
		}},
		{"event after the root ended", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.End(1)
			s.Access(1, x, 1, true, 0)
		}},
		{"access past the end of memory", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.Access(1, ^uintptr(0), 2, true, 0)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := New()
			tt.run(g)
			if err := g.Err(); !errors.Is(err, ErrMalformed) {
				t.Fatalf("Err() = %v, want an error wrapping ErrMalformed", err)
			}
			// The graph stops at the first error: later events change nothing.
			n := len(g.Steps())
			g.Access(1, x, 1, true, 0)
			g.End(1)
			if len(g.Steps()) != n {
				t.Errorf("graph grew after an error")
			}
		})
	}
}
