// Command thesis_fig5_2: Figure 5.2 of Nakade's thesis (BYU 2016): t1 posts p2 and p3 into the nested region r2 and both write r2's variable; nothing orders them before await r2, so the two writes race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// l2 is the variable of region r2.
var l2 int

func p1(t *task.T, n int) {
	// region r2
	t.Finish(func(t *task.T) {
		t.Async(func(t *task.T) { p2(n) })
		t.Async(func(t *task.T) { p3(n) })
	}) // await r2
}

func p2(n int) {
	l2 = n // race:a
}

func p3(n int) {
	l2 = n // race:a
}

func main() {
	task.Run(func(t *task.T) {
		n := 1
		// region r1
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) { p1(t, n) })
		}) // await r1
		fmt.Println(n)
	})
}
