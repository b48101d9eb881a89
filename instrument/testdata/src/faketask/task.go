// Package faketask has the API of rt/task and runs every task serially,
// depth first. The rewriter's tests point Config.TaskPackage at it so that
// they do not depend on the real library.
package faketask

// T is the handle of a running task.
type T struct{ depth int }

// Run runs body as the root task.
func Run(body func(t *T)) { body(&T{}) }

// Finish runs body and returns when every task it spawned has completed.
func (t *T) Finish(body func(t *T)) { body(t) }

// Async runs body as a child task (at once).
func (t *T) Async(body func(t *T)) { body(&T{depth: t.depth + 1}) }

// Isolated runs body in mutual exclusion.
func (t *T) Isolated(body func()) { body() }

// ForAll runs body for each i in [lo, hi) and waits for them.
func (t *T) ForAll(lo, hi int, body func(t *T, i int)) {
	for i := lo; i < hi; i++ {
		body(&T{depth: t.depth + 1}, i)
	}
}

// ForAsync runs body for each i in [lo, hi).
func (t *T) ForAsync(lo, hi int, body func(t *T, i int)) { t.ForAll(lo, hi, body) }

// Future is the handle of a future task.
type Future[V any] struct{ v V }

// NewFuture runs body as a future task and returns its handle.
func NewFuture[V any](t *T, body func(t *T) V) *Future[V] {
	return &Future[V]{v: body(&T{depth: t.depth + 1})}
}

// Get returns the value of the future.
func (f *Future[V]) Get() V { return f.v }
