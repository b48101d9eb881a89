// Command get_in_return: futures write fields that their creator reads in the same statement as the future's Get, after it (f.Get() + n.v: Go makes the call first), in a return, a var declaration, an if condition, a switch tag and the right operand of &&; each Get orders the write before the read; no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

type box struct{ v int }

// spawn starts a future that writes n.v.
func spawn(t *task.T, n *box) *task.Future[int] {
	return task.NewFuture(t, func(*task.T) int {
		n.v = 5
		return 1
	})
}

func combine(t *task.T, n *box) int {
	f := spawn(t, n)
	return f.Get() + n.v
}

func declared(t *task.T, n *box) int {
	f := spawn(t, n)
	var r int = f.Get() + n.v
	return r
}

func condition(t *task.T, n *box) int {
	f := spawn(t, n)
	if f.Get()+n.v > 3 {
		return 1
	}
	return 0
}

func tag(t *task.T, n *box) int {
	f := spawn(t, n)
	switch f.Get() + n.v {
	case 6:
		return 1
	}
	return 0
}

func operand(t *task.T, n *box, ok bool) bool {
	f := spawn(t, n)
	return ok && f.Get()+n.v == 6
}

func main() {
	var r int
	var ok bool
	task.Run(func(t *task.T) {
		r = combine(t, &box{}) + declared(t, &box{}) + condition(t, &box{}) + tag(t, &box{})
		ok = operand(t, &box{}, true)
	})
	fmt.Println(r, ok)
}
