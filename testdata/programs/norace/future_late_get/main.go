// Command future_late_get: the parent gets the future that writes x before spawning the Async that reads x; Get then spawn orders the write first, so no race.
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
			x = 3
			return 1
		})
		fmt.Println(f.Get())
		t.Async(func(t *task.T) {
			seen = x
		})
	})
	fmt.Println(seen)
}
