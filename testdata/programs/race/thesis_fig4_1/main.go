// Command thesis_fig4_1: Figure 4.1 of Nakade's thesis (BYU 2016): Task1 is spawned in the outer finish and Task2 in the inner one; the inner finish does not join Task1, so x = x + 1 and x = x + 2 race.
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
			// Task1
			t.Async(func(t *task.T) {
				x = x + 1 // race:a
			})
			t.Finish(func(t *task.T) {
				// Task2
				t.Async(func(t *task.T) {
					x = x + 2 // race:a
				})
			})
		})
		// Task3
		f := task.NewFuture(t, func(t *task.T) int {
			return 5
		})
		x = f.Get()
		fmt.Println(x)
	})
}
