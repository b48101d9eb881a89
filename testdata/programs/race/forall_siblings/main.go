// Command forall_siblings: every ForAll iteration adds into one shared total; iterations are unordered siblings, so the line races with itself.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		xs := []int{1, 2, 3, 4}
		total := 0
		t.ForAll(0, len(xs), func(t *task.T, i int) {
			total += xs[i] // race:a
		})
		fmt.Println(total > 0)
	})
}
