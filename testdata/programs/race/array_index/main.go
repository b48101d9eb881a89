// Command array_index: an Async writes an element of a captured array while the parent reads the same element; unordered, so they race.
package main

import "github.com/tpinstr/tpinstr/rt/task"

// observed keeps what the root task read, so the read is not dead code.
var observed int

func main() {
	task.Run(func(t *task.T) {
		var grid [4]int
		t.Async(func(t *task.T) {
			grid[2] = 1 // race:a
		})
		observed = grid[2] // race:a
	})
}
