// Command nested_finish: an Async spawned in the outer Finish writes x, and the parent reads x after an inner Finish; the inner Finish joins only its own tasks, so the race escapes it.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// observed keeps what the root task read, so the read is not dead code.
var observed int

func main() {
	task.Run(func(t *task.T) {
		x, y := 0, 0
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				x = 1 // race:a
			})
			t.Finish(func(t *task.T) {
				t.Async(func(t *task.T) {
					y = 2
				})
			})
			observed = y
			observed += x // race:a
		})
		fmt.Println(y)
	})
}
