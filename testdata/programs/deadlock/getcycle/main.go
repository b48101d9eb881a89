// Command getcycle: two futures look up each other's handle inside Isolated and get it when they find it; when both handles are published before either future's isolated section runs, each waits for the other, a deadlock that only some orders of the isolated sections reach (the depth-first order does not).
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

var fa, fb *task.Future[int]

// other looks up the handle of the other future inside Isolated and, when it
// is published, gets its value.
func other(t *task.T, mine string) int {
	var h *task.Future[int]
	t.Isolated(func() {
		if mine == "a" {
			h = fb
		} else {
			h = fa
		}
	})
	if h == nil {
		return 1
	}
	return h.Get() + 1
}

func main() {
	task.Run(func(t *task.T) {
		a := task.NewFuture(t, func(t *task.T) int { return other(t, "a") })
		t.Isolated(func() { fa = a })
		b := task.NewFuture(t, func(t *task.T) int { return other(t, "b") })
		t.Isolated(func() { fb = b })
		fmt.Println(a.Get()+b.Get() > 0)
	})
}
