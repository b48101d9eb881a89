// Command append: an Async appends to a captured slice and the parent reads it after a Finish joined the appender, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		s := make([]int, 1, 4)
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				s = append(s, 4)
			})
		})
		fmt.Println(s)
	})
}
