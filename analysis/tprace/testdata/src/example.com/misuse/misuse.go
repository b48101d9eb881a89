package misuse

import "github.com/tpinstr/tpinstr/rt/task"

func spawnHelper(t *task.T) {
	t.Async(func(t *task.T) {})
}

func inIsolated(t *task.T, f *task.Future[int]) {
	t.Isolated(func() {
		t.Async(func(t *task.T) {})                             // want `Async inside Isolated: Async, NewFuture and Finish`
		t.Finish(func(t *task.T) { t.Async(func(*task.T) {}) }) // want `Finish inside Isolated`
		_ = task.NewFuture(t, func(t *task.T) int { return 1 }) // want `NewFuture inside Isolated`
		_ = f.Get()                                             // want `Get inside Isolated: waiting for a future while holding the isolation can deadlock`
		spawnHelper(t)                                          // want `call of spawnHelper inside Isolated: it may spawn tasks \(panics\)`
		t.Isolated(func() {})                                   // nested Isolated is allowed
	})
}

func foreign(t *task.T) {
	t.Finish(func(inner *task.T) {
		inner.Async(func(child *task.T) {
			t.Async(func(*task.T) {}) // want `task handle t used inside the body of the Async at misuse.go:\d+:\d+, which runs as another task: use child, the handle the body receives`
		})
	})
}

func foreignNoName(t *task.T) {
	t.Async(func(*task.T) {
		t.Isolated(func() {}) // want `task handle t used inside the body of the Async at misuse.go:\d+:\d+, which runs as another task$`
	})
}

func inGoroutine(t *task.T) {
	go func() {
		t.Isolated(func() {}) // want `task handle t used inside the body of the goroutine`
	}()
}

var saved *task.T

func store(t *task.T) {
	saved = t // want `task handle t stored in package-level variable saved, where it may outlive its task`
}

type holder struct{ t *task.T }

func storeField(t *task.T, h *holder) {
	h.t = t // want `task handle t stored in h.t`
}

func outlive() {
	var kept *task.T
	task.Run(func(t *task.T) {
		kept = t // want `task handle t stored in kept, declared outside the body of the Run`
	})
	_ = kept
}

func selfGet(t *task.T) {
	var f *task.Future[int]
	f = task.NewFuture(t, func(t *task.T) int { // want `possible determinacy race on f`
		return f.Get() + 1 // want `Get of future f inside its own body`
	})
	_ = f
}

func emptyFinish(t *task.T) int {
	x := 0
	t.Finish(func(t *task.T) { // want `Finish body spawns no task`
		x = 1
	})
	t.Finish(func(t *task.T) { // spawns: no report
		t.Async(func(t *task.T) {})
	})
	t.Finish(func(t *task.T) { // its body spawns through a helper: no report
		spawnHelper(t)
	})
	return x
}

func own(t *task.T) {
	t.Async(func(t *task.T) {
		t.Async(func(t *task.T) {}) // its own handle: no report
	})
}
