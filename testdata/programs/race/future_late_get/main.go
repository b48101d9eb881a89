// Command future_late_get: the parent spawns an Async that reads x and only then gets the future that writes x; the Get comes too late to order the Async, so they race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// seen is written by the reading task only.
var seen int

func main() {
	task.Run(func(t *task.T) {
		x := 0
		f := task.NewFuture(t, func(t *task.T) int {
			x = 3 // race:a
			return 1
		})
		t.Async(func(t *task.T) {
			seen = x // race:a
		})
		fmt.Println(f.Get())
	})
}
