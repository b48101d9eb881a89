package randprog

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// DefaultBase is the address of arena byte 0 when Options.Base is zero.
const DefaultBase uintptr = 0x10000

// Options tune Run.
type Options struct {
	// Base is the address of arena byte 0; zero means DefaultBase.
	Base uintptr
}

// Run executes p as a checked execution does: serially, depth first (a
// spawned task runs to completion before its parent continues), sending
// every event to sink. Task ids are 1 for the root and 2, 3, … in spawn
// order; the root is announced with Spawn(0, 1, false, 0), as the checked
// task library does for task.Run, and the stream ends with End(1). An
// invalid program is rejected before any event is sent.
func Run(p Program, sink event.Sink, opt Options) error {
	if err := p.Validate(); err != nil {
		return fmt.Errorf("randprog: run: %w", err)
	}
	base := opt.Base
	if base == 0 {
		base = DefaultBase
	}
	in := &interp{sink: sink, base: base, next: 1, handles: map[int]event.Task{}}
	root := in.spawn()
	sink.Spawn(0, root, false, 0)
	in.body(root, p.Body)
	sink.End(root)
	return nil
}

type interp struct {
	sink    event.Sink
	base    uintptr
	next    event.Task         // id of the next task
	handles map[int]event.Task // future handle → task
}

func (in *interp) spawn() event.Task {
	t := in.next
	in.next++
	return t
}

func (in *interp) body(t event.Task, body []Stmt) {
	for i := range body {
		in.stmt(t, &body[i])
	}
}

func (in *interp) stmt(t event.Task, s *Stmt) {
	switch s.Op {
	case Read, Write:
		in.sink.Access(t, in.base+uintptr(s.Off), uintptr(s.Size), s.Op == Write, s.Site)
	case Async, Future:
		c := in.spawn()
		if s.Op == Future {
			in.handles[s.Handle] = c
		}
		in.sink.Spawn(t, c, s.Op == Future, s.Site)
		in.body(c, s.Body)
		in.sink.End(c)
	case Finish:
		in.sink.FinishBegin(t, s.Site)
		in.body(t, s.Body)
		in.sink.FinishEnd(t)
	case Get:
		in.sink.Get(t, in.handles[s.Handle], s.Site)
	case Isolated:
		in.sink.IsolatedBegin(t, s.Site)
		in.body(t, s.Body)
		in.sink.IsolatedEnd(t)
	}
}
