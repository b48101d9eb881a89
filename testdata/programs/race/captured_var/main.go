// Command captured_var: two sibling Asyncs write a local variable their closures capture; siblings are unordered, so the writes race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		best := 0
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				best = 3 // race:a
			})
			t.Async(func(t *task.T) {
				best = 5 // race:a
			})
		})
		fmt.Println(best > 0)
	})
}
