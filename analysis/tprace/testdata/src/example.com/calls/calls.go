package calls

import (
	"example.com/lib"

	"github.com/tpinstr/tpinstr/rt/task"
)

func spawned(t *task.T) int {
	x := 0
	lib.Spawn(t, func() {
		x = 1 // want `possible determinacy race on x: the write of x .* and the read of x .*: the callback of Spawn`
	})
	return x
}

func spawnedJoined(t *task.T) int {
	x := 0
	t.Finish(func(t *task.T) {
		lib.Spawn(t, func() { x = 1 })
	})
	return x // joined by the Finish: no report
}

func both(t *task.T) {
	y := 0
	lib.Both(t, func() { y = 1 }, func() { y = 2 }) // want `possible determinacy race on y: the write of y at calls.go:27:23 and the write of y at calls.go:27:41 may run in parallel: the callback of Both at calls.go:27:14, which makes the write, is not joined \(no Finish or Get\) before the write`
	_ = y
}

func twice() int {
	z := 0
	lib.Twice(func() { z++ }) // sequential callbacks: no report
	return z
}

func counts(t *task.T) {
	t.ForAll(0, 2, func(t *task.T, i int) {
		lib.Inc() // want `possible determinacy race on lib.Count: the write of lib.Count at calls.go:\d+:\d+ \(in Inc at lib.go:\d+:\d+\)`
	})
}

func fills(t *task.T, s []int) {
	t.Finish(func(t *task.T) {
		t.Async(func(t *task.T) { lib.Fill(s) }) // want `possible determinacy race on s`
		t.Async(func(t *task.T) { lib.Fill(s) })
	})
}

func work(t *task.T) int {
	lib.Work(t)
	return lib.Count // Work joins its task: no report
}

func posted(t *task.T) int {
	x := 0
	f := lib.Post(t, func() int { x = 1; return 0 })
	f.Get()
	return x // ordered by the Get on the future Post returns: no report
}

func postedUnjoined(t *task.T) int {
	x := 0
	f := lib.Post(t, func() int { x = 1; return 0 }) // want `possible determinacy race on x: the write of x at calls.go:\d+:\d+ and the read of x at calls.go:\d+:\d+ may run in parallel: the future of Post at calls.go:\d+:\d+, which makes the write, is not joined`
	r := x
	f.Get()
	return r
}
