package randprog

import (
	"fmt"
	"strings"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// String prints p one statement a line, indented by nesting, with each
// statement's site (#n, as in race reports) and the task id Run gives each
// spawned task, so that a failure message can be read against the program:
//
//	task 1 (arena 32 bytes) {
//	  #1 write [4,+2)
//	  #2 future f0 = task 2 {
//	    #3 read [0,+8)
//	  }
//	  #4 get f0 (task 2)
//	}
func (p Program) String() string {
	var b strings.Builder
	f := formatter{b: &b, next: 2, handles: map[int]event.Task{}}
	fmt.Fprintf(&b, "task 1 (arena %d bytes) {\n", p.Arena)
	f.body(p.Body, 1)
	b.WriteString("}\n")
	return b.String()
}

type formatter struct {
	b       *strings.Builder
	next    event.Task
	handles map[int]event.Task
}

func (f *formatter) body(body []Stmt, depth int) {
	for i := range body {
		f.stmt(&body[i], depth)
	}
}

func (f *formatter) stmt(s *Stmt, depth int) {
	indent := strings.Repeat("  ", depth)
	fmt.Fprintf(f.b, "%s#%d ", indent, s.Site)
	switch s.Op {
	case Read, Write:
		fmt.Fprintf(f.b, "%s [%d,+%d)\n", s.Op, s.Off, s.Size)
		return
	case Get:
		if t, ok := f.handles[s.Handle]; ok {
			fmt.Fprintf(f.b, "get f%d (task %d)\n", s.Handle, t)
		} else {
			fmt.Fprintf(f.b, "get f%d (no such future yet)\n", s.Handle)
		}
		return
	case Async:
		fmt.Fprintf(f.b, "async task %d {\n", f.next)
		f.next++
	case Future:
		f.handles[s.Handle] = f.next
		fmt.Fprintf(f.b, "future f%d = task %d {\n", s.Handle, f.next)
		f.next++
	case Finish, Isolated:
		fmt.Fprintf(f.b, "%s {\n", s.Op)
	default:
		fmt.Fprintf(f.b, "%s\n", s.Op)
		return
	}
	f.body(s.Body, depth+1)
	fmt.Fprintf(f.b, "%s}\n", indent)
}
