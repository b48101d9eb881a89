// Command compound_assign: an Async does total += 5 and the parent does total *= 2 after a Finish joined it, so no race.
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
				total += 5
			})
		})
		total *= 2
		fmt.Println(total)
	})
}
