// Command swap_unordered: two tasks update different counters inside Isolated, one after writing x and one before reading it; the depth-first order runs the writer's section first, which would order the write before the read if isolated sections were chained, but the sections do not conflict and the other order leaves the two accesses unordered: a race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

var sink int

func main() {
	x, a, b := 0, 0, 0
	task.Run(func(t *task.T) {
		t.Async(func(t *task.T) {
			x = 1 // race:a
			t.Isolated(func() { a = a + 1 })
		})
		t.Async(func(t *task.T) {
			t.Isolated(func() { b = b + 1 })
			sink = x // race:a
		})
	})
	fmt.Println(a+b == 2)
}
