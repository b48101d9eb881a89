package randprog

import (
	"errors"
	"fmt"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// ErrInvalid is wrapped by every error that reports a program which breaks
// the rules of the task library (a Get of a future that has not ended, a
// spawn inside Isolated, an access outside the arena).
var ErrInvalid = errors.New("invalid program")

// Op is the kind of a statement.
type Op uint8

// The statements of a program.
const (
	Read     Op = iota // read Size bytes at Off
	Write              // write Size bytes at Off
	Async              // spawn Body as an async task
	Finish             // run Body, then join every task spawned inside it
	Future             // spawn Body as a future task with handle Handle
	Get                // wait for the future with handle Handle
	Isolated           // run Body (accesses and Isolated only) in isolation
)

// String returns the keyword of op.
func (op Op) String() string {
	switch op {
	case Read:
		return "read"
	case Write:
		return "write"
	case Async:
		return "async"
	case Finish:
		return "finish"
	case Future:
		return "future"
	case Get:
		return "get"
	case Isolated:
		return "isolated"
	}
	return fmt.Sprintf("op(%d)", op)
}

// Stmt is one statement.
type Stmt struct {
	Op Op
	// Site identifies the statement in events and race reports; Generate
	// numbers statements 1, 2, 3… in textual order.
	Site event.Site
	// Body is the block of Async, Finish, Future and Isolated.
	Body []Stmt
	// Handle names the future a Future statement creates or a Get waits
	// for. Handles are unique among Future statements.
	Handle int
	// Off and Size give the bytes [Off, Off+Size) of the arena that a Read
	// or Write accesses.
	Off, Size int
}

// Program is a task program: the body of the root task, run by task.Run.
type Program struct {
	// Arena is the number of bytes accesses may touch.
	Arena int
	Body  []Stmt
}

// Count returns the number of statements in p, nested ones included.
func (p Program) Count() int { return count(p.Body) }

func count(body []Stmt) int {
	n := 0
	for _, s := range body {
		n += 1 + count(s.Body)
	}
	return n
}

// Validate reports whether p obeys the rules that make its serial execution
// well defined: every Get names a future that ended earlier in serial order
// (so not the current task nor one of its ancestors), handles are unique,
// Isolated bodies hold only accesses and Isolated, compound statements only
// have bodies, and accesses stay inside the arena.
func (p Program) Validate() error {
	v := validator{arena: p.Arena, ended: map[int]bool{}, created: map[int]bool{}}
	return v.body(p.Body, false)
}

type validator struct {
	arena   int
	ended   map[int]bool // futures whose body is complete
	created map[int]bool // futures seen so far
}

func (v *validator) body(body []Stmt, isolated bool) error {
	for i := range body {
		if err := v.stmt(&body[i], isolated); err != nil {
			return err
		}
	}
	return nil
}

func (v *validator) stmt(s *Stmt, isolated bool) error {
	switch s.Op {
	case Read, Write:
		if s.Size <= 0 || s.Off < 0 || s.Off+s.Size > v.arena {
			return fmt.Errorf("%w: #%d %s [%d,+%d) outside the %d-byte arena", ErrInvalid, s.Site, s.Op, s.Off, s.Size, v.arena)
		}
		if len(s.Body) != 0 {
			return fmt.Errorf("%w: #%d %s has a body", ErrInvalid, s.Site, s.Op)
		}
		return nil
	case Get:
		if isolated {
			return fmt.Errorf("%w: #%d get inside isolated", ErrInvalid, s.Site)
		}
		if !v.ended[s.Handle] {
			return fmt.Errorf("%w: #%d get f%d before that future ended", ErrInvalid, s.Site, s.Handle)
		}
		if len(s.Body) != 0 {
			return fmt.Errorf("%w: #%d get has a body", ErrInvalid, s.Site)
		}
		return nil
	case Isolated:
		return v.body(s.Body, true)
	case Async, Finish, Future:
		if isolated {
			return fmt.Errorf("%w: #%d %s inside isolated", ErrInvalid, s.Site, s.Op)
		}
		if s.Op == Future {
			if v.created[s.Handle] {
				return fmt.Errorf("%w: #%d future f%d created twice", ErrInvalid, s.Site, s.Handle)
			}
			v.created[s.Handle] = true
		}
		if err := v.body(s.Body, false); err != nil {
			return err
		}
		if s.Op == Future {
			v.ended[s.Handle] = true
		}
		return nil
	}
	return fmt.Errorf("%w: #%d unknown statement %s", ErrInvalid, s.Site, s.Op)
}
