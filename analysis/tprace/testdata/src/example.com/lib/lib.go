// Package lib is called by package calls: its summaries reach the caller as
// facts.
package lib

import "github.com/tpinstr/tpinstr/rt/task"

// Count is written by Inc.
var Count int

// Inc increments Count.
func Inc() { Count++ }

// Spawn runs f in a new task that outlives the call.
func Spawn(t *task.T, f func()) {
	t.Async(func(t *task.T) { f() })
}

// Both runs f and g in parallel and waits for both.
func Both(t *task.T, f, g func()) {
	t.Finish(func(t *task.T) {
		t.Async(func(t *task.T) { f() })
		g()
	})
}

// Twice runs f twice, one run after the other.
func Twice(f func()) {
	f()
	f()
}

// Fill writes every element of s.
func Fill(s []int) {
	for i := range s {
		s[i] = i
	}
}

// Work spawns a task that is joined before it returns.
func Work(t *task.T) {
	t.Finish(func(t *task.T) {
		t.Async(func(t *task.T) { Inc() })
	})
}

// Set writes through its pointer argument.
func Set(p *int) {
	*p = 7
}

// Post runs f in the future whose handle it returns.
func Post(t *task.T, f func() int) *task.Future[int] {
	return task.NewFuture(t, func(t *task.T) int { return f() })
}
