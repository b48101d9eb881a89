// Command method_expr: tasks spawned through a method expression, a variable holding one, and a method value of *task.T write one variable, each inside a Finish (called the same ways) that joins it before the next write, and a future read through a method expression and a method value of Get; no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

var shared int

func main() {
	task.Run(func(t *task.T) {
		(*task.T).Finish(t, func(t *task.T) {
			(*task.T).Async(t, func(t *task.T) {
				shared = 1
			})
		})
		spawn := (*task.T).Async
		finish := t.Finish
		finish(func(t *task.T) {
			spawn(t, func(t *task.T) {
				shared = 2
			})
		})
		f := task.NewFuture(t, func(t *task.T) int {
			return shared + 1
		})
		get := f.Get
		shared = (*task.Future[int]).Get(f) + get()
	})
	fmt.Println(shared)
}
