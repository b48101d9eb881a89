// Command method_expr: tasks spawned through a method expression, a variable holding one, and a method value of *task.T write one variable with no join between them, so each write races with the one before it.
package main

import "github.com/tpinstr/tpinstr/rt/task"

var shared int

func main() {
	task.Run(func(t *task.T) {
		(*task.T).Async(t, func(t *task.T) {
			shared = 1 // race:a
		})
		spawn := (*task.T).Async
		spawn(t, func(t *task.T) {
			shared = 2 // race:a,b
		})
		async := t.Async
		async(func(t *task.T) {
			shared = 3 // race:b
		})
	})
}
