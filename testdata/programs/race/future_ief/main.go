// Command future_ief: a future that is never got writes x, and the parent reads x inside the same Run; only the Run's implicit Finish joins the future, later, so they race.
package main

import "github.com/tpinstr/tpinstr/rt/task"

// observed keeps what the root task read, so the read is not dead code.
var observed int

func main() {
	task.Run(func(t *task.T) {
		x := 0
		task.NewFuture(t, func(t *task.T) int {
			x = 8 // race:a
			return x
		})
		observed = x // race:a
	})
}
