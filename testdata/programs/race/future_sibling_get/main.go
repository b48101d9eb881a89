// Command future_sibling_get: future B reads what its sibling future A writes without calling A.Get; A and B are unordered, so the read races with the write.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		x := 0
		a := task.NewFuture(t, func(t *task.T) int {
			x = 5 // race:a
			return 1
		})
		b := task.NewFuture(t, func(t *task.T) int {
			return x * 2 // race:a
		})
		vb := b.Get()
		va := a.Get()
		fmt.Println(va, vb == 0 || vb == 10, x)
	})
}
