// Command future_get: the parent reads what a future writes only after Get, which joins the future's body first, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		x := 0
		f := task.NewFuture(t, func(t *task.T) int {
			x = 42
			return 1
		})
		v := f.Get()
		fmt.Println(v, x)
	})
}
