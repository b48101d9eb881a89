// Command future_ief: a future that is never got writes x inside a Finish, and the parent reads x after that Finish; a future is also joined by its IEF, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		x := 0
		t.Finish(func(t *task.T) {
			task.NewFuture(t, func(t *task.T) int {
				x = 8
				return x
			})
		})
		fmt.Println(x)
	})
}
