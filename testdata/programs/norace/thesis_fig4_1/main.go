// Command thesis_fig4_1: Figure 4.1 of Nakade's thesis (BYU 2016) with the inner finish moved before Task1's spawn: the inner finish joins Task2 before Task1 starts, so the two updates of x are ordered and do not race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// x is the class's static field.
var x int

func main() {
	task.Run(func(t *task.T) {
		t.Finish(func(t *task.T) {
			t.Finish(func(t *task.T) {
				// Task2
				t.Async(func(t *task.T) {
					x = x + 2
				})
			})
			// Task1
			t.Async(func(t *task.T) {
				x = x + 1
			})
		})
		before := x
		// Task3
		f := task.NewFuture(t, func(t *task.T) int {
			return 5
		})
		x = f.Get()
		fmt.Println(before, x)
	})
}
