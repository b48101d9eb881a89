//go:build tpserial && !tpinstr

package task

// T is the handle of one running task. The runtime passes it to the task's
// body; the task spawns, joins and isolates through it. It belongs to that
// task: see the package documentation for the handle rule.
//
// This is the serial elision (build tag tpserial): every task runs to
// completion on the spawner's goroutine when it is spawned, which is one of
// the schedules the parallel build may pick, at the cost of a function call.
// It is the baseline of the benchmarks and keeps every misuse panic and the
// panic semantics of the parallel build.
type T struct {
	ief   *panicSet // the panics of the innermost Finish open in this task
	iso   int32     // how many Isolated bodies this task is inside
	ended bool      // the task's body has returned
}

// checkSpawn panics unless t's task may spawn tasks or open a Finish now.
func (t *T) checkSpawn(op string) {
	switch {
	case t == nil:
		panic(misuseNilHandle(op))
	case t.ended:
		panic(misuseEnded(op))
	case t.iso != 0:
		panic(misuseInIsolated(op))
	}
}

// Run runs body as the root task, inside an implicit Finish, and returns
// once it and every task it spawned have ended. If any of them panicked, Run
// panics with a *PanicError after they all ended.
func Run(body func(t *T)) {
	if body == nil {
		panic(misuseNilBody("Run"))
	}
	ps := &panicSet{}
	t := &T{ief: ps}
	returned := false
	defer func() {
		if !returned {
			if r := recover(); r != nil {
				ps.add(newPanicError(r, false))
			}
		}
		t.ended = true
		if err := ps.err(); err != nil {
			panic(err)
		}
	}()
	body(t)
	returned = true
}

// Finish runs body, then panics with a *PanicError if body or a task
// spawned inside it panicked. Those tasks have all ended already: each ran
// when it was spawned.
func (t *T) Finish(body func(t *T)) {
	t.checkSpawn("Finish")
	if body == nil {
		panic(misuseNilBody("Finish"))
	}
	ps := &panicSet{}
	outer := t.ief
	t.ief = ps
	returned := false
	defer func() {
		if !returned {
			if r := recover(); r != nil {
				ps.add(newPanicError(r, false))
			}
		}
		t.ief = outer
		if err := ps.err(); err != nil {
			panic(err)
		}
	}()
	body(t)
	returned = true
}

// Async runs body as a new task, to completion, before it returns. A panic
// of body is recorded for t's innermost Finish, not raised in t.
func (t *T) Async(body func(t *T)) {
	t.checkSpawn("Async")
	if body == nil {
		panic(misuseNilBody("Async"))
	}
	runTask(t.ief, body)
}

// runTask runs body as a task of the Finish whose panics are ps.
func runTask(ps *panicSet, body func(t *T)) {
	c := &T{ief: ps}
	returned := false
	defer func() {
		if !returned {
			r := recover()
			ps.add(newPanicError(r, r == nil))
		}
		c.ended = true
	}()
	body(c)
	returned = true
}

// Isolated runs body. A serial program has no other task to exclude, so it
// only tracks the nesting, for the misuse panics of spawns inside it.
func (t *T) Isolated(body func()) {
	if t == nil {
		panic(misuseNilHandle("Isolated"))
	}
	if t.ended {
		panic(misuseEnded("Isolated"))
	}
	if body == nil {
		panic(misuseNilBody("Isolated"))
	}
	t.iso++
	defer func() { t.iso-- }()
	body()
}
