// Command get_in_return: a future writes a field, and a return statement reads the field before its Get (n.v + f.Get(): Go reads n.v first); the read and the future's write are unordered, so they race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

type box struct{ v int }

func combine(t *task.T, n *box) int {
	f := task.NewFuture(t, func(*task.T) int {
		n.v = 5 // race:a
		return 1
	})
	return n.v + f.Get() // race:a
}

func main() {
	var r int
	task.Run(func(t *task.T) { r = combine(t, &box{}) })
	fmt.Println(r >= 1)
}
