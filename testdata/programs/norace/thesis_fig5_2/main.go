// Command thesis_fig5_2: Figure 5.2 of Nakade's thesis (BYU 2016) with p2 and p3 writing separate cells of region r2, which t1 combines after await r2 and main reads after await r1; every conflict is ordered by the nested finishes, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// cells holds region r2's variables; l1 is region r1's.
var (
	cells [2]int
	l1    int
)

func p1(t *task.T, n int) {
	// region r2
	t.Finish(func(t *task.T) {
		t.Async(func(t *task.T) { p2(n) })
		t.Async(func(t *task.T) { p3(n) })
	}) // await r2
	l1 = cells[0] + cells[1]
}

func p2(n int) {
	cells[0] = n
}

func p3(n int) {
	cells[1] = n + 1
}

func main() {
	task.Run(func(t *task.T) {
		n := 1
		// region r1
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) { p1(t, n) })
		}) // await r1
		fmt.Println(l1)
	})
}
