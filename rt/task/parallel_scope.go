//go:build !tpinstr && !tpserial

package task

import (
	"sync"
	"sync/atomic"
)

// scope is one dynamic Finish (or the implicit Finish of Run): the IEF of the
// tasks spawned in it. It counts the tasks that have not ended, joins them,
// and collects their panics.
//
// Waiting uses a mutex as a binary semaphore, which costs no allocation: the
// owner creates the scope with wake locked; the task that brings pending to
// zero unlocks it, and the owner waits by locking it again. Exactly one party
// sees pending reach zero, so wake is unlocked at most once, and only when
// the owner is (or will be) waiting.
type scope struct {
	pending atomic.Int64 // tasks of the scope not yet ended, plus one for the owner's body until it returns
	wake    sync.Mutex   // locked until pending reaches zero in a task
	panics  panicSet
}

// newScope returns an open scope whose owner's body is running.
func newScope() *scope {
	s := &scope{}
	s.pending.Store(1)
	s.wake.Lock()
	return s
}

// busy reports whether so many tasks of s are outstanding that a new one
// should run inline (see Async).
func (s *scope) busy() bool { return s.pending.Load() >= spawnLimit }

// done records that one task of s has ended, waking the owner if it was the
// last.
func (s *scope) done() {
	if s.pending.Add(-1) == 0 {
		s.wake.Unlock()
	}
}

// close is called by the owner t once the body of the scope has returned (or
// panicked with pe): it waits for every task of s, then panics with the
// scope's PanicError if any task (or the body) panicked. While it blocks, t
// is marked waiting, unless its task has already ended (the root task).
func (s *scope) close(t *T, pe *PanicError) {
	if pe != nil {
		s.panics.add(pe)
	}
	if s.pending.Add(-1) != 0 {
		mark := t.state.Load() == live
		if mark {
			t.state.Store(waiting)
		}
		s.wake.Lock()
		if mark {
			t.state.Store(live)
		}
	}
	if err := s.panics.err(); err != nil {
		panic(err)
	}
}

// Finish runs body in t's task, then waits until every task spawned inside it
// has ended, transitively (a task spawned by such a task outside a Finish of
// its own is joined here too). If body or any of those tasks panicked,
// Finish panics with a *PanicError once they have all ended. Finishes nest.
func (t *T) Finish(body func(t *T)) {
	t.checkSpawn("Finish")
	if body == nil {
		panic(misuseNilBody("Finish"))
	}
	s := newScope()
	outer := t.ief
	t.ief = s
	returned := false
	defer func() {
		var pe *PanicError
		if !returned {
			if r := recover(); r != nil {
				pe = newPanicError(r, false)
			}
		}
		t.ief = outer
		s.close(t, pe)
	}()
	body(t)
	returned = true
}
