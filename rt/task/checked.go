//go:build tpinstr

// This file is the checked build of the task library, used by binaries that
// `tpinstr build` makes. Tasks run in serial depth-first order on the
// goroutine that called Run, as the determinacy race detector requires: a
// spawned task runs to completion before its parent continues, and a future
// is computed when it is created, so Get never blocks. Every operation
// reports an event to the checker (rt/internal/checker), which drives the
// detector.

package task

import (
	"github.com/tpinstr/tpinstr/rt/internal/checker"
	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// T is the handle of one running task.
type T struct {
	id       event.Task
	run      int
	done     bool
	isolated int
	finish   *panicSet // panics joined by the innermost Finish open in this task
	outer    []*panicSet
	ief      *panicSet // panics joined by the immediately enclosing finish
}

func (t *T) joinSet() *panicSet {
	if t.finish != nil {
		return t.finish
	}
	return t.ief
}

// Run runs body as the root task, inside an implicit Finish, and returns
// once body and every task it spawned have completed.
func Run(body func(t *T)) {
	if body == nil {
		checker.TakeSite()
		panic(misuseNilBody("Run"))
	}
	root := checker.RunBegin()
	id := root
	if root == 0 { // nested in a task of a running checked Run
		id = checker.Current()
	}
	ps := &panicSet{}
	t := &T{id: id, run: checker.RunNumber(), ief: ps}
	func() {
		defer checker.RunEnd(root)
		defer func() { t.done = true }()
		runBody(ps, func() { body(t) })
	}()
	if err := ps.err(); err != nil {
		panic(err)
	}
}

// runBody runs f and records its panic, or its runtime.Goexit, in ps.
func runBody(ps *panicSet, f func()) {
	returned := false
	defer func() {
		if returned {
			return
		}
		r := recover()
		ps.add(newPanicError(r, r == nil))
	}()
	f()
	returned = true
}

func (t *T) check(op string) {
	if t == nil {
		checker.TakeSite()
		panic(misuseNilHandle(op))
	}
	if t.done {
		checker.TakeSite()
		panic(misuseEnded(op))
	}
	if t.run == checker.RunNumber() && checker.Current() != t.id {
		checker.TakeSite()
		panic(misuseOtherTask(op))
	}
}

func (t *T) checkSpawn(op string, nilBody bool) {
	t.check(op)
	if nilBody {
		checker.TakeSite()
		panic(misuseNilBody(op))
	}
	if t.isolated > 0 {
		checker.TakeSite()
		panic(misuseInIsolated(op))
	}
}

// Finish runs body in the same task, then waits until every task spawned
// inside it has completed, transitively.
func (t *T) Finish(body func(t *T)) {
	t.checkSpawn("Finish", body == nil)
	checker.FinishBegin()
	ps := &panicSet{}
	t.outer = append(t.outer, t.finish)
	t.finish = ps
	func() {
		defer func() {
			t.finish = t.outer[len(t.outer)-1]
			t.outer = t.outer[:len(t.outer)-1]
			checker.FinishEnd()
		}()
		runBody(ps, func() { body(t) })
	}()
	if err := ps.err(); err != nil {
		panic(err)
	}
}

// spawn runs body as a new task of t and returns the child task. The
// child's panic, if it panics, is recorded for t's immediately enclosing
// finish and passed to done. In serial depth-first order the child runs to
// completion before spawn returns; in an exploring run it runs on a
// goroutine of its own, scheduled by rt/internal/explore, and spawn returns when t is
// scheduled again.
func (t *T) spawn(future bool, body func(c *T), done func(*PanicError)) event.Task {
	ief := t.joinSet()
	id := checker.Spawn(future)
	c := &T{id: id, run: t.run, ief: ief}
	if !checker.Exploring() {
		c.runChild(func() { body(c) }, done)
		return id
	}
	go func() {
		checker.TaskBegin(id)
		c.runChild(func() { body(c) }, done)
	}()
	checker.SpawnYield(id)
	return id
}

// spawnIter spawns body(c, i) as a new task c of t, as spawn does. In a
// serial run it allocates nothing but the child's handle: a ForAll of
// millions of small iterations spends its time in their bodies, not in
// closures made for each.
func (t *T) spawnIter(body func(t *T, i int), i int) {
	if checker.Exploring() {
		t.spawn(false, func(c *T) { body(c, i) }, noDone)
		return
	}
	c := &T{run: t.run, ief: t.joinSet()}
	c.id = checker.Spawn(false)
	c.runChild(func() { body(c, i) }, noDone)
}

// noDone is the done function of a task whose panic only its finish sees.
func noDone(*PanicError) {}

// runChild runs f as the body of the child task c: it records the
// child's panic, if f panics, for c's immediately enclosing finish, passes
// it to done, and ends the task.
// (It recovers as runBody does, without a panicSet of its own: a task
// body panics at most once.)
func (c *T) runChild(f func(), done func(*PanicError)) {
	returned := false
	defer func() {
		var err *PanicError
		if !returned {
			r := recover()
			err = newPanicError(r, r == nil)
			c.ief.add(err)
		}
		c.done = true
		done(err)
		checker.TaskEnd(c.id)
	}()
	f()
	returned = true
}

// Async spawns body as a new child task that may run in parallel with the
// rest of t.
func (t *T) Async(body func(t *T)) {
	t.checkSpawn("Async", body == nil)
	t.spawn(false, body, noDone)
}

// Isolated runs body in mutual exclusion with every other Isolated body.
func (t *T) Isolated(body func()) {
	t.check("Isolated")
	if body == nil {
		checker.TakeSite()
		panic(misuseNilBody("Isolated"))
	}
	checker.IsolatedBegin()
	t.isolated++
	defer func() {
		t.isolated--
		checker.IsolatedEnd()
	}()
	body()
}

// ForAll runs body(t, i) for every i in [lo, hi) as its own task and waits
// for all of them.
func (t *T) ForAll(lo, hi int, body func(t *T, i int)) {
	t.checkSpawn("ForAll", body == nil)
	site := checker.TakeSite()
	checker.SetPendingSite(site)
	t.Finish(func(t *T) {
		for i := lo; i < hi; i++ {
			checker.SetPendingSite(site)
			t.spawnIter(body, i)
		}
	})
}

// ForAsync runs body(t, i) for every i in [lo, hi) as its own task, joined
// by t's immediately enclosing finish.
func (t *T) ForAsync(lo, hi int, body func(t *T, i int)) {
	t.checkSpawn("ForAsync", body == nil)
	site := checker.TakeSite()
	for i := lo; i < hi; i++ {
		checker.SetPendingSite(site)
		t.spawnIter(body, i)
	}
}

// Future is the handle of a future task.
type Future[V any] struct {
	id    event.Task
	gen   uint64
	done  bool
	value V
	err   *PanicError
}

// NewFuture spawns body as a future task and returns its handle.
func NewFuture[V any](t *T, body func(t *T) V) *Future[V] {
	t.checkSpawn("NewFuture", body == nil)
	f := &Future[V]{gen: checker.Generation()}
	f.id = t.spawn(true, func(c *T) { f.value = body(c) }, func(err *PanicError) {
		f.err = err
		f.done = true
	})
	return f
}

// Get waits until the future's body has returned and gives its value.
func (f *Future[V]) Get() V {
	if f == nil {
		checker.TakeSite()
		panic(misuseNilFuture())
	}
	if checker.InIsolated() {
		checker.TakeSite()
		panic(misuseGetInIsolated())
	}
	if !f.done && !checker.Exploring() && f.gen == checker.Generation() {
		checker.GetUnfinished(f.id)
	}
	checker.Get(f.id, f.gen)
	if f.err != nil {
		panic(f.err)
	}
	return f.value
}
