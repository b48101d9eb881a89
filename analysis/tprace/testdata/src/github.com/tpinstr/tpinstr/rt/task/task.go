// Package task is a signature-only stand-in for
// github.com/tpinstr/tpinstr/rt/task, used by the analysis tests so that they
// do not depend on the runtime's implementation. Keep it in step with the
// contract (task-api.md): the analyzer identifies task-library calls by the
// package path and these names.
package task

// T is the handle of one running task.
type T struct{ _ int }

// Run runs body as the root task.
func Run(body func(t *T)) {}

// Finish runs body and waits for every task spawned inside it.
func (t *T) Finish(body func(t *T)) {}

// Async spawns body as a child task.
func (t *T) Async(body func(t *T)) {}

// Isolated runs body in mutual exclusion with every other Isolated body.
func (t *T) Isolated(body func()) {}

// ForAll runs body(t, i) for lo <= i < hi as parallel tasks inside a Finish.
func (t *T) ForAll(lo, hi int, body func(t *T, i int)) {}

// ForAsync is ForAll without the Finish.
func (t *T) ForAsync(lo, hi int, body func(t *T, i int)) {}

// Future is the handle of a future task.
type Future[V any] struct{ v V }

// NewFuture spawns body as a future task.
func NewFuture[V any](t *T, body func(t *T) V) *Future[V] { return &Future[V]{} }

// Get waits for the future task and returns its value.
func (f *Future[V]) Get() V { return f.v }
