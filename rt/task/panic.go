package task

import (
	"bytes"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
)

// PanicError is the value with which a task's panic reaches the task that
// joins it: the parent at the end of the enclosing Finish (or Run, or
// ForAll), and every caller of Get of a future task that panicked.
//
// A task usually runs on a goroutine of its own, so its panic cannot unwind
// into its parent; recovering it, carrying it across and panicking again in
// the joiner would lose where it happened. PanicError keeps the original
// value and the text of the panicking goroutine's stack at the moment of the
// panic, so a crash still shows both.
//
// Every panic that leaves Run, Finish, ForAll or Get is a *PanicError, also
// when the panic happened in the joiner's own task (the body of a Finish):
// callers recover one type whatever the schedule was. A *PanicError that
// propagates through several joins is not wrapped again.
type PanicError struct {
	// Value is the value the task passed to panic, or ErrGoexit when the task
	// ended by calling runtime.Goexit.
	Value any
	// Stack is the panicking goroutine's stack when it panicked, in the format
	// of runtime/debug.Stack, starting at the call of panic.
	Stack []byte
	// Others are the panics of the other tasks joined by the same Finish (or
	// Run, or ForAll), in the order they were recorded. Which panic comes
	// first depends on the schedule; none is dropped.
	Others []*PanicError
}

// ErrGoexit is the Value of the PanicError of a task that ended by calling
// runtime.Goexit instead of returning, for instance through FailNow, Fatal or
// SkipNow of package testing called from a task other than the test's own.
// When the task runs on the goroutine of its joiner (the root task of Run, or
// the body of a Finish), the Goexit goes on once the joined tasks have ended.
var ErrGoexit = errors.New("task: a task called runtime.Goexit (t.FailNow, t.Fatal or t.SkipNow of package testing " +
	"called from a task other than the test's own?) and was stopped")

// Error returns the panic value, the stack where it was raised, and the same
// for every other panic of the join.
func (e *PanicError) Error() string {
	var b strings.Builder
	e.write(&b, 0)
	return b.String()
}

func (e *PanicError) write(b *strings.Builder, depth int) {
	indent := strings.Repeat("\t", depth)
	fmt.Fprintf(b, "task panicked: %v\n\n", e.Value)
	for _, line := range strings.SplitAfter(strings.TrimRight(string(e.Stack), "\n"), "\n") {
		b.WriteString(indent)
		b.WriteString(line)
	}
	if len(e.Others) == 0 {
		return
	}
	fmt.Fprintf(b, "\n\n%sand %d other task(s) joined at the same place panicked:", indent, len(e.Others))
	for _, o := range e.Others {
		b.WriteString("\n\n" + indent + "\t")
		o.write(b, depth+1)
	}
}

// Unwrap returns the errors among the panic values, this panic's first and
// then those of Others, so that errors.Is and errors.As see every panic of
// the join.
func (e *PanicError) Unwrap() []error {
	var errs []error
	if err, ok := e.Value.(error); ok {
		errs = append(errs, err)
	}
	for _, o := range e.Others {
		errs = append(errs, o)
	}
	return errs
}

// newPanicError returns the PanicError for the value v recovered from a
// task, or for ErrGoexit when goexit is set. It must be called by the
// deferred function that recovered v, before the stack unwinds, so that the
// stack it records is the panicking one. A *PanicError value is returned as
// it is: it already carries its original stack.
func newPanicError(v any, goexit bool) *PanicError {
	if goexit {
		return &PanicError{Value: ErrGoexit, Stack: trimStack(debug.Stack(), "\nruntime.Goexit(")}
	}
	if pe, ok := v.(*PanicError); ok {
		return pe
	}
	return &PanicError{Value: v, Stack: trimStack(debug.Stack(), "\npanic(")}
}

// trimStack drops the frames above the call that ended the task (the
// recovery machinery of this package) from a debug.Stack text, keeping its
// goroutine header line. The text is kept whole when from is not found.
func trimStack(stack []byte, from string) []byte {
	i := bytes.Index(stack, []byte(from))
	header := bytes.IndexByte(stack, '\n')
	if i < 0 || header < 0 || i < header {
		return stack
	}
	out := make([]byte, 0, header+len(stack)-i)
	out = append(out, stack[:header]...)
	return append(out, stack[i:]...)
}
