// Command thesis_fig6_2: Figure 6.2 of Nakade's thesis (BYU 2016): if p2's isolated section runs before p1's, p2 spawns p3, whose plain write of r1 races with p1's isolated write; if p1's runs first (the depth-first order), p3 is never spawned and there is no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// r1 is the variable of region r1; it starts equal to n.
var r1 = 1

func p1(t *task.T, n int) {
	t.Isolated(func() {
		r1 = n + 1 // race:a
	})
}

// p2 decides inside its isolated section and spawns after it, since the task
// library forbids spawning inside Isolated.
func p2(t *task.T, n int) {
	spawn := false
	t.Isolated(func() {
		if r1 == n {
			spawn = true
		} else {
			r1 = n - 1
		}
	})
	if spawn {
		t.Async(func(t *task.T) { p3(n) })
	}
}

func p3(n int) {
	r1 = n + 2 // race:a
}

func main() {
	task.Run(func(t *task.T) {
		n := 1
		// region r1
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) { p1(t, n) })
			t.Async(func(t *task.T) { p2(t, n) })
		}) // await r1
		fmt.Println(r1 >= 0)
	})
}
