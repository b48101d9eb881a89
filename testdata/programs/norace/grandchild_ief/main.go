// Command grandchild_ief: a future spawns an Async with no Finish of its own; the grandchild joins the root's Finish, so reading x after that Finish (not merely after Get) is ordered: no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		x := 0
		v := 0
		t.Finish(func(t *task.T) {
			c := task.NewFuture(t, func(t *task.T) int {
				t.Async(func(t *task.T) {
					x = 1
				})
				return 7
			})
			v = c.Get()
		})
		fmt.Println(v, x)
	})
}
