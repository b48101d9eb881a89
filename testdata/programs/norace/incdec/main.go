// Command incdec: every ForAll iteration increments its own counter, and the two decrements of left are ordered by a Finish; no two unordered accesses meet, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// counts and left are the shared counters.
var (
	counts [3]int
	left   int
)

func main() {
	task.Run(func(t *task.T) {
		t.ForAll(0, 3, func(t *task.T, i int) {
			counts[i]++
		})
		left = 2
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				left--
			})
		})
		left--
		fmt.Println(counts, left)
	})
}
