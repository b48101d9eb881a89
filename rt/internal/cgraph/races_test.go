package cgraph

import (
	"reflect"
	"testing"

	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/eventtest"
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
	tests := []eventtest.Case{
		{Name: "implicit root: no Spawn(0, 1)", Run: func(s event.Sink) {
			s.Spawn(1, 2, false, 0)
			s.Access(2, x, 1, true, 1)
			s.End(2)
			s.Access(1, x, 1, true, 2)
			s.End(1)
		}, Racy: eventtest.Span(x, 1)},
	}
	tests = append(tests, eventtest.Cases...)
	for _, tt := range tests {
		t.Run(tt.Name, func(t *testing.T) {
			g := build(t, tt.Run)
			got := RacingAddrs(g.Races())
			if len(got) == 0 {
				got = nil
			}
			if !reflect.DeepEqual(got, tt.Racy) {
				t.Errorf("racing bytes %#x, want %#x", got, tt.Racy)
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
