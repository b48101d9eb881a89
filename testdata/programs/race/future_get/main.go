// Command future_get: the parent reads what a future writes before calling Get; only Get (or a Finish) orders the future's body before the parent, so the read races.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// observed keeps what the root task read, so the read is not dead code.
var observed int

func main() {
	task.Run(func(t *task.T) {
		x := 0
		f := task.NewFuture(t, func(t *task.T) int {
			x = 42 // race:a
			return 1
		})
		observed = x // race:a
		fmt.Println(f.Get())
	})
}
