// Package eventtest holds small hand-written event streams with the bytes
// on which each races, as fixtures shared by the tests of the detector
// (package detect) and of the computation-graph oracle (package cgraph):
// every case is checked against both.
package eventtest

import "github.com/tpinstr/tpinstr/rt/internal/event"

// Case is an event stream in serial depth-first order and the bytes on
// which two of its accesses race.
type Case struct {
	Name string
	Run  func(s event.Sink)
	Racy []uintptr // in increasing order; nil when the stream is race-free
}

// Span returns the addresses [lo, lo+n).
func Span(lo uintptr, n int) []uintptr {
	out := make([]uintptr, n)
	for i := range out {
		out[i] = lo + uintptr(i)
	}
	return out
}

// Addresses the cases use.
const x, y = 0x1000, 0x2000

// Cases are the fixtures.
var Cases = []Case{
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
	}, Span(x, 8)},
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
	}, Span(x, 4)},
	{"parent wrote before the spawn", func(s event.Sink) {
		s.Spawn(0, 1, false, 0)
		s.Access(1, x, 4, true, 1)
		s.Spawn(1, 2, false, 0)
		s.Access(2, x, 4, true, 2)
		s.End(2)
		s.End(1)
	}, nil},
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
	}, Span(x, 1)},
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
	}, Span(x, 1)},
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
	}, Span(x+4, 1)},
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
	}, Span(x, 1)},
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
	}, Span(x+2, 2)},
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
	}, Span(x, 1)},
}
