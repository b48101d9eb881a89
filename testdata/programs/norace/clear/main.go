// Command clear: an Async clears a slice and a map, and the parent reads them after a Finish joined it, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		s := []int{1, 2, 3}
		m := map[string]int{"a": 1, "b": 2}
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				clear(s)
				clear(m)
			})
		})
		fmt.Println(s, len(m))
	})
}
