// Command copy: an Async copies into a slice (writing its elements) while the parent reads one of them; unordered, so they race.
package main

import "github.com/tpinstr/tpinstr/rt/task"

// observed keeps what the root task read, so the read is not dead code.
var observed int

func main() {
	task.Run(func(t *task.T) {
		src := []int{1, 2, 3}
		dst := make([]int, 3)
		t.Async(func(t *task.T) {
			copy(dst, src) // race:a
		})
		observed = dst[1] // race:a
	})
}
