// Command thesis_fig3_2: Figure 3.2 of Nakade's thesis (BYU 2016): main posts p1 and p2, which both update the region variable r1 with no order between them, so the two updates race (Figure 2.1's race on r1).
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// r1 is the variable of region r1.
var r1 int

// post spawns p as a future with its own copy of n, as the thesis's post
// passes the local variable's value to the new task.
func post(t *task.T, p func(n int) int, n int) *task.Future[int] {
	return task.NewFuture(t, func(t *task.T) int { return p(n) })
}

func p1(n int) int {
	r1 = r1 + n // race:a
	return n + 1
}

func p2(n int) int {
	r1 = r1 + n // race:a
	return n + 2
}

func main() {
	task.Run(func(t *task.T) {
		n := 1
		f1 := post(t, p1, n)
		f2 := post(t, p2, n)
		// await r1, running each return value handler λv.n := n + v.
		n = n + f1.Get()
		n = n + f2.Get()
		fmt.Println(n)
	})
}
