// Command thesis_fig3_2: Figure 3.2 of Nakade's thesis (BYU 2016) with p2 posted into its own region r2: p1 and p2 now update different region variables, and main reads both after awaiting, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// r1 and r2 are the variables of regions r1 and r2.
var r1, r2 int

// post spawns p as a future with its own copy of n, as the thesis's post
// passes the local variable's value to the new task.
func post(t *task.T, p func(n int) int, n int) *task.Future[int] {
	return task.NewFuture(t, func(t *task.T) int { return p(n) })
}

func p1(n int) int {
	r1 = r1 + n
	return n + 1
}

func p2(n int) int {
	r2 = r2 + n
	return n + 2
}

func main() {
	task.Run(func(t *task.T) {
		n := 1
		f1 := post(t, p1, n)
		f2 := post(t, p2, n)
		// await, running each return value handler λv.n := n + v.
		n = n + f1.Get()
		n = n + f2.Get()
		fmt.Println(n, r1, r2)
	})
}
