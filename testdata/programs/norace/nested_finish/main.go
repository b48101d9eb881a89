// Command nested_finish: an Async spawned in the outer Finish writes x, and the parent reads x after the outer Finish, which joins every task spawned inside it, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		x, y := 0, 0
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				x = 1
			})
			t.Finish(func(t *task.T) {
				t.Async(func(t *task.T) {
					y = 2
				})
			})
			y *= 10
		})
		fmt.Println(x, y)
	})
}
