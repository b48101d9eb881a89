// Command async_continuation: the parent writes limit after spawning an Async that reads it; the spawn edge orders only what came before it, so the read and the write race.
package main

import "github.com/tpinstr/tpinstr/rt/task"

// seen is written by the child task only.
var seen int

func main() {
	task.Run(func(t *task.T) {
		limit := 10
		t.Async(func(t *task.T) {
			seen = limit // race:a
		})
		limit = 20 // race:a
	})
}
