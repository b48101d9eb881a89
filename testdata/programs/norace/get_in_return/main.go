// Command get_in_return: a future writes a field, and a return statement reads the field after the future's Get (f.Get() + n.v: Go makes the call first), which orders the write before the read; no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

type box struct{ v int }

func combine(t *task.T, n *box) int {
	f := task.NewFuture(t, func(*task.T) int {
		n.v = 5
		return 1
	})
	return f.Get() + n.v
}

func main() {
	var r int
	task.Run(func(t *task.T) { r = combine(t, &box{}) })
	fmt.Println(r)
}
