// Command captured_var: two Asyncs write a captured local variable, each in its own Finish; the first Finish joins the first writer before the second is spawned, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		best := 0
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				best = 3
			})
		})
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				best = max(best, 5)
			})
		})
		fmt.Println(best)
	})
}
