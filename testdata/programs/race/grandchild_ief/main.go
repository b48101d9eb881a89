// Command grandchild_ief: a future spawns an Async with no Finish of its own, so the grandchild's IEF is the root's; Get joins the future but not the grandchild, so the parent's read races with the grandchild's write.
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
		c := task.NewFuture(t, func(t *task.T) int {
			t.Async(func(t *task.T) {
				x = 1 // race:a
			})
			return 7
		})
		v := c.Get()
		observed = x // race:a
		fmt.Println(v)
	})
}
