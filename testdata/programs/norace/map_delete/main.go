// Command map_delete: an Async deletes a key and the parent reads the map's length after a Finish joined it, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		m := map[string]int{"a": 1, "b": 2}
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				delete(m, "a")
			})
		})
		fmt.Println(len(m))
	})
}
