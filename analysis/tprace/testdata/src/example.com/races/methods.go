package races

import "github.com/tpinstr/tpinstr/rt/task"

// Task-library calls through a method expression are the calls they name.

func methodExprRace(t *task.T) int {
	x := 0
	(*task.T).Async(t, func(t *task.T) {
		x = 1 // want `possible determinacy race on x: the write of x at methods.go:\d+:\d+ and the read of x at methods.go:\d+:\d+ may run in parallel: the Async at methods.go:\d+:\d+, which makes the write, is not joined \(no Finish or Get\) before the read`
	})
	return x
}

func methodExprJoined(t *task.T) int {
	x := 0
	(*task.T).Finish(t, func(t *task.T) {
		(*task.T).Async(t, func(t *task.T) { x = 1 })
	})
	return x
}

func methodExprForAll(t *task.T, n int) int {
	sum := 0
	(*task.T).ForAll(t, 0, n, func(t *task.T, i int) {
		sum += i // want `possible determinacy race on sum: the write of sum at methods.go:\d+:\d+ may run in parallel with itself: in different iterations of the ForAll at methods.go:\d+:\d+, which run in parallel`
	})
	return sum
}
