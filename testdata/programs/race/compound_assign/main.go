// Command compound_assign: an Async does total += 5 while its parent's continuation does total *= 2; each reads and writes total, unordered, so they race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		total := 0
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				total += 5 // race:a
			})
			total *= 2 // race:a
		})
		fmt.Println(total == 5 || total == 10)
	})
}
