package cgraph

import (
	"reflect"
	"testing"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// script writes an event stream to a sink.
type script func(s event.Sink)

// build runs a script into a new graph and fails the test on a malformed
// stream.
func build(t *testing.T, run script) *Graph {
	t.Helper()
	g := New()
	run(g)
	if err := g.Err(); err != nil {
		t.Fatalf("stream rejected: %v", err)
	}
	return g
}

// span returns the addresses [lo, lo+n).
func span(lo uintptr, n int) []uintptr {
	out := make([]uintptr, n)
	for i := range out {
		out[i] = lo + uintptr(i)
	}
	return out
}

const x, y = 0x1000, 0x2000

func TestRaces(t *testing.T) {
	tests := []struct {
		name string
		run  script
		want []uintptr
	}{
		{"sequential accesses of one task", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.Access(1, x, 8, true, 1)
			s.Access(1, x, 8, false, 2)
			s.Access(1, x, 8, true, 3)
			s.End(1)
		}, nil},
		{"two asyncs write", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.FinishBegin(1, 0)
			s.Spawn(1, 2, false, 0)
			s.Access(2, x, 8, true, 1)
			s.End(2)
			s.Spawn(1, 3, false, 0)
			s.Access(3, x, 8, true, 2)
			s.End(3)
			s.FinishEnd(1)
			s.End(1)
		}, span(x, 8)},
		{"two asyncs read", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.Spawn(1, 2, false, 0)
			s.Access(2, x, 8, false, 1)
			s.End(2)
			s.Spawn(1, 3, false, 0)
			s.Access(3, x, 8, false, 2)
			s.End(3)
			s.End(1)
		}, nil},
		{"parent reads after the finish", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.FinishBegin(1, 0)
			s.Spawn(1, 2, false, 0)
			s.Access(2, x, 4, true, 1)
			s.End(2)
			s.FinishEnd(1)
			s.Access(1, x, 4, false, 2)
			s.End(1)
		}, nil},
		{"parent reads before the finish ends", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.FinishBegin(1, 0)
			s.Spawn(1, 2, false, 0)
			s.Access(2, x, 4, true, 1)
			s.End(2)
			s.Access(1, x, 4, false, 2)
			s.FinishEnd(1)
			s.End(1)
		}, span(x, 4)},
		{"parent wrote before the spawn", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.Access(1, x, 4, true, 1)
			s.Spawn(1, 2, false, 0)
			s.Access(2, x, 4, true, 2)
			s.End(2)
			s.End(1)
		}, nil},
		{"implicit root: no Spawn(0, 1)", func(s event.Sink) {
			s.Spawn(1, 2, false, 0)
			s.Access(2, x, 1, true, 1)
			s.End(2)
			s.Access(1, x, 1, true, 2)
			s.End(1)
		}, span(x, 1)},
		{"grandchild without a finish inherits the IEF", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.FinishBegin(1, 0)
			s.Spawn(1, 2, false, 0)
			s.Spawn(2, 3, false, 0)
			s.Access(3, x, 2, true, 1)
			s.End(3)
			s.End(2)
			s.FinishEnd(1)
			s.Access(1, x, 2, false, 2) // joined through the root's finish
			s.End(1)
		}, nil},
		{"task spawned after its parent's finish ended joins the parent's IEF", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.FinishBegin(1, 0)
			s.Spawn(1, 2, false, 0)
			s.FinishBegin(2, 0)
			s.FinishEnd(2)
			s.Spawn(2, 3, false, 0) // IEF: the root's finish, not task 2's closed one
			s.Access(3, x, 1, true, 1)
			s.End(3)
			s.Access(2, x, 1, false, 2) // races: task 3 is not joined to task 2
			s.End(2)
			s.FinishEnd(1)
			s.Access(1, x, 1, true, 3) // ordered after both
			s.End(1)
		}, span(x, 1)},
		{"inner finish joins only its own tasks", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.Spawn(1, 2, false, 0) // IEF: the implicit finish of Run
			s.Access(2, x, 1, true, 1)
			s.End(2)
			s.FinishBegin(1, 0)
			s.Spawn(1, 3, false, 0)
			s.Access(3, y, 1, true, 2)
			s.End(3)
			s.FinishEnd(1)
			s.Access(1, x, 1, true, 3) // task 2 not joined yet: race
			s.Access(1, y, 1, true, 4) // task 3 joined: no race
			s.End(1)
		}, span(x, 1)},
		{"non-tree get orders a sibling future", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.Spawn(1, 2, true, 0)
			s.Access(2, x, 8, true, 1)
			s.End(2)
			s.Spawn(1, 3, false, 0)
			s.Get(3, 2, 0)
			s.Access(3, x, 8, true, 2)
			s.End(3)
			s.End(1)
		}, nil},
		{"access before a non-tree get races", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.Spawn(1, 2, true, 0)
			s.Access(2, x, 8, true, 1)
			s.End(2)
			s.Spawn(1, 3, false, 0)
			s.Access(3, x+4, 1, false, 2)
			s.Get(3, 2, 0)
			s.End(3)
			s.End(1)
		}, span(x+4, 1)},
		{"gets are transitive", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.Spawn(1, 2, true, 0)
			s.Access(2, x, 1, true, 1)
			s.End(2)
			s.Spawn(1, 3, true, 0)
			s.Get(3, 2, 0)
			s.End(3)
			s.Get(1, 3, 0)
			s.Access(1, x, 1, true, 2)
			s.End(1)
		}, nil},
		{"a get does not join the future's async children", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.Spawn(1, 2, true, 0)
			s.Spawn(2, 3, false, 0) // IEF: the implicit finish of Run
			s.Access(3, x, 1, true, 1)
			s.End(3)
			s.Access(2, y, 1, true, 2)
			s.End(2)
			s.Get(1, 2, 0)
			s.Access(1, x, 1, false, 3) // races with task 3
			s.Access(1, y, 1, false, 4) // ordered by the get
			s.End(1)
		}, span(x, 1)},
		{"a future is joined by its IEF", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.FinishBegin(1, 0)
			s.Spawn(1, 2, true, 0)
			s.Access(2, x, 1, true, 1)
			s.End(2)
			s.FinishEnd(1)
			s.Access(1, x, 1, true, 2)
			s.End(1)
		}, nil},
		{"partial overlap races on the common bytes only", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.Spawn(1, 2, false, 0)
			s.Access(2, x, 4, true, 1)
			s.End(2)
			s.Access(1, x+2, 8, false, 2)
			s.End(1)
		}, span(x+2, 2)},
		{"isolated writes do not race", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.Spawn(1, 2, false, 0)
			s.IsolatedBegin(2, 0)
			s.Access(2, x, 4, true, 1)
			s.IsolatedEnd(2)
			s.End(2)
			s.IsolatedBegin(1, 0)
			s.Access(1, x, 4, true, 2)
			s.IsolatedEnd(1)
			s.End(1)
		}, nil},
		{"isolated and unprotected accesses race", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.Spawn(1, 2, false, 0)
			s.IsolatedBegin(2, 0)
			s.Access(2, x, 4, true, 1)
			s.IsolatedEnd(2)
			s.Access(2, y, 1, true, 2)
			s.End(2)
			s.IsolatedBegin(1, 0)
			s.Access(1, y, 1, false, 3)
			s.IsolatedEnd(1)
			s.Access(1, x, 1, false, 4)
			s.End(1)
		}, []uintptr{x, y}},
		{"nested isolated stays isolated", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.Spawn(1, 2, false, 0)
			s.IsolatedBegin(2, 0)
			s.IsolatedBegin(2, 0)
			s.Access(2, x, 1, true, 1)
			s.IsolatedEnd(2)
			s.Access(2, y, 1, true, 2) // still inside the outer body
			s.IsolatedEnd(2)
			s.End(2)
			s.IsolatedBegin(1, 0)
			s.Access(1, x, 1, true, 3)
			s.Access(1, y, 1, true, 4)
			s.IsolatedEnd(1)
			s.End(1)
		}, nil},
		{"isolated does not order the steps around it", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.Spawn(1, 2, false, 0)
			s.IsolatedBegin(2, 0)
			s.IsolatedEnd(2)
			s.Access(2, x, 1, true, 1)
			s.End(2)
			s.IsolatedBegin(1, 0)
			s.IsolatedEnd(1)
			s.Access(1, x, 1, true, 2)
			s.End(1)
		}, span(x, 1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := build(t, tt.run)
			got := RacingAddrs(g.Races())
			if len(got) == 0 {
				got = nil
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("racing bytes %#x, want %#x", got, tt.want)
			}
		})
	}
}

func TestRaceWitness(t *testing.T) {
	g := build(t, func(s event.Sink) {
		s.Spawn(0, 1, false, 0)
		s.Spawn(1, 2, false, 0)
		s.IsolatedBegin(2, 0)
		s.Access(2, x, 1, false, 10)
		s.IsolatedEnd(2)
		s.Access(2, y, 2, true, 11)
		s.End(2)
		s.Access(1, x, 1, true, 12)
		s.Access(1, y, 1, false, 13)
		s.Access(1, y+1, 1, true, 14)
		s.End(1)
	})
	iso, t2, t1after := StepID(2), StepID(3), StepID(4)
	want := []Race{
		{Race: event.Race{Addr: x,
			Prev: event.Access{Task: 2, Site: 10, Write: false, Isolated: true},
			Cur:  event.Access{Task: 1, Site: 12, Write: true}}, PrevStep: iso, CurStep: t1after},
		{Race: event.Race{Addr: y,
			Prev: event.Access{Task: 2, Site: 11, Write: true},
			Cur:  event.Access{Task: 1, Site: 13, Write: false}}, PrevStep: t2, CurStep: t1after},
		{Race: event.Race{Addr: y + 1, // write-write is preferred to write-read
			Prev: event.Access{Task: 2, Site: 11, Write: true},
			Cur:  event.Access{Task: 1, Site: 14, Write: true}}, PrevStep: t2, CurStep: t1after},
	}
	if got := g.Races(); !reflect.DeepEqual(got, want) {
		t.Errorf("races:\n%+v\nwant:\n%+v", got, want)
	}
	for s := range g.Steps() {
		racy := StepID(s) == iso || StepID(s) == t2 || StepID(s) == t1after
		if g.Racy(StepID(s)) != racy {
			t.Errorf("Racy(%d) = %t, want %t", s, !racy, racy)
		}
	}
}

func TestRacesFollowNewEvents(t *testing.T) {
	g := New()
	g.Spawn(0, 1, false, 0)
	g.Spawn(1, 2, false, 0)
	g.Access(2, x, 1, true, 1)
	g.End(2)
	if n := len(g.Races()); n != 0 {
		t.Fatalf("%d races before the conflicting access", n)
	}
	g.Access(1, x, 1, false, 2)
	if got := RacingAddrs(g.Races()); !reflect.DeepEqual(got, []uintptr{x}) {
		t.Fatalf("racing bytes %#x after the conflicting access, want [%#x]", got, x)
	}
}
