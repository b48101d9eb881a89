//go:build !tpinstr && !tpserial

package task

import "sync/atomic"

// T is the handle of one running task. The runtime passes it to the task's
// body; the task spawns, joins and isolates through it. It belongs to that
// task: see the package documentation for the handle rule.
type T struct {
	ief    *scope        // the innermost Finish open in this task: the IEF of the tasks it spawns
	body   func(t *T)    // the body of an Async task, from Async until its goroutine starts
	iso    int32         // how many Isolated bodies this task is inside (they nest)
	inline int32         // how many tasks below this one on its goroutine were run inline by the spawn throttle
	state  atomic.Uint32 // live, waiting or ended; atomic so that misuse from another task is caught without a data race
}

// The states of a task, held in T.state.
const (
	live    uint32 = iota // running its body
	waiting               // blocked at the end of a Finish, so any call on the handle comes from another task
	ended                 // its body has returned
)

// maxInline bounds how deep the spawn throttle nests inline tasks on one
// goroutine, so that a long chain of spawns cannot grow one stack without
// bound: past it, a task gets a goroutine even when its scope is busy.
const maxInline = 64

// checkSpawn panics unless t's task may spawn tasks or open a Finish now. It
// is on every spawn, so the common case is three loads and a branch.
func (t *T) checkSpawn(op string) {
	if t == nil || t.state.Load() != live || t.iso != 0 {
		t.misuse(op)
	}
}

// checkLive panics unless t's task is running, for Isolated (which may nest).
func (t *T) checkLive(op string) {
	if t == nil || t.state.Load() != live {
		t.misuse(op)
	}
}

// misuse panics with the message for the reason t cannot do op. It is kept
// out of the checks so that they stay small enough to inline.
//
//go:noinline
func (t *T) misuse(op string) {
	switch {
	case t == nil:
		panic(misuseNilHandle(op))
	case t.state.Load() == ended:
		panic(misuseEnded(op))
	case t.state.Load() == waiting:
		panic(misuseWaiting(op))
	default:
		panic(misuseInIsolated(op))
	}
}

// Run runs body as the root task of a new computation, inside an implicit
// Finish, on the calling goroutine. It returns once body and every task it
// spawned, transitively, have ended. If any of them panicked, Run panics with
// a *PanicError after they all ended. Independent Runs may run at the same
// time; they share nothing but the Isolated lock.
func Run(body func(t *T)) {
	if body == nil {
		panic(misuseNilBody("Run"))
	}
	s := newScope()
	t := &T{ief: s}
	returned := false
	defer func() {
		var pe *PanicError
		if !returned {
			if r := recover(); r != nil {
				pe = newPanicError(r, false)
			}
		}
		// The root task's body is over, so its handle is dead even while Run
		// still waits for the tasks it spawned.
		t.state.Store(ended)
		s.close(t, pe)
	}()
	body(t)
	returned = true
}

// Async spawns body as a new task that may run in parallel with the rest of
// t's task. Its immediately enclosing finish (IEF) is the innermost Finish
// open in t, and tasks it spawns outside a Finish of its own join that IEF
// too.
//
// The task normally gets a goroutine of its own. When its IEF already has
// many tasks outstanding (thousands), Async runs it to completion on the
// calling goroutine instead, which the model allows (an async task may run
// before the rest of its parent) and which bounds memory and the goroutine
// count of programs that spawn faster than tasks end.
func (t *T) Async(body func(t *T)) {
	t.checkSpawn("Async")
	if body == nil {
		panic(misuseNilBody("Async"))
	}
	s := t.ief
	if s.busy() && t.inline < maxInline {
		s.runInline(t, body)
		return
	}
	s.pending.Add(1)
	c := &T{ief: s, body: body}
	go c.main()
}

// main is the goroutine of an Async task. A panic or a runtime.Goexit of the
// body is recorded in the task's IEF, never re-raised here, so no stray
// goroutine can crash the process.
func (c *T) main() {
	s := c.ief
	returned := false
	defer func() {
		if !returned {
			r := recover()
			s.panics.add(newPanicError(r, r == nil))
		}
		c.state.Store(ended)
		s.done()
	}()
	body := c.body
	c.body = nil
	body(c)
	returned = true
}

// runInline runs body as a task of s on the calling goroutine, for the spawn
// throttle. The task has a handle of its own, and its panic is recorded in s
// as the panic of a task with a goroutine would be, not raised in the
// spawner.
func (s *scope) runInline(parent *T, body func(t *T)) {
	c := &T{ief: s, inline: parent.inline + 1}
	returned := false
	defer func() {
		if !returned {
			r := recover()
			s.panics.add(newPanicError(r, r == nil))
		}
		c.state.Store(ended)
	}()
	body(c)
	returned = true
}
