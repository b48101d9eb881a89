// Command async_continuation: the parent writes limit before spawning the Async that reads it; the spawn edge orders the write first, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// seen is written by the child task only.
var seen int

func main() {
	task.Run(func(t *task.T) {
		limit := 10
		limit = 20
		t.Async(func(t *task.T) {
			seen = limit
		})
	})
	fmt.Println(seen)
}
