// Command map_write: two sibling Asyncs each write their own map, and the parent merges them after the Finish; no map is shared while tasks run, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		left := map[string]int{}
		right := map[string]int{}
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				left["a"] = 1
			})
			t.Async(func(t *task.T) {
				right["b"] = 2
			})
		})
		for k, v := range right {
			left[k] = v
		}
		fmt.Println(left)
	})
}
