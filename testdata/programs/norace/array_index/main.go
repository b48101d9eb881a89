// Command array_index: an Async and its parent's continuation write two different elements of a captured array; distinct locations, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		var grid [4]int
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				grid[0] = 1
			})
			grid[3] = 2
		})
		fmt.Println(grid)
	})
}
