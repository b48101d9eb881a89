// Command method_expr: two tasks spawned through method expressions of *task.T ((*task.T).Async(t, f), (*task.T).ForAsync(t, lo, hi, f)) write one variable with no join between them, so the writes race.
package main

import "github.com/tpinstr/tpinstr/rt/task"

var shared int

func main() {
	task.Run(func(t *task.T) {
		(*task.T).Async(t, func(t *task.T) {
			shared = 1 // race:a
		})
		(*task.T).ForAsync(t, 0, 1, func(t *task.T, i int) {
			shared = 2 // race:a
		})
	})
}
