// Command slicing: an Async writes an element through a subslice that aliases the parent's slice while the parent reads that element; one location, unordered, so they race.
package main

import "github.com/tpinstr/tpinstr/rt/task"

// observed keeps what the root task read, so the read is not dead code.
var observed int

func main() {
	task.Run(func(t *task.T) {
		s := []int{1, 2, 3, 4}
		tail := s[2:]
		t.Async(func(t *task.T) {
			tail[0] = 30 // race:a
		})
		observed = s[2] // race:a
	})
}
