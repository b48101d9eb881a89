// Command future_sibling_get: future B calls Get on its sibling A (a non-tree join) before reading what A wrote, and the parent gets only B before writing x: A precedes B precedes the parent transitively, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		x := 0
		a := task.NewFuture(t, func(t *task.T) int {
			x = 5
			return 1
		})
		b := task.NewFuture(t, func(t *task.T) int {
			a.Get()
			return x * 2
		})
		vb := b.Get()
		x = vb + 1
		fmt.Println(vb, x)
	})
}
