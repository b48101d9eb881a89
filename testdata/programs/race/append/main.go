// Command append: an Async appends to a captured slice (writing the slice variable) while the parent reads through it; unordered, so they race.
package main

import "github.com/tpinstr/tpinstr/rt/task"

// observed keeps what the root task read, so the read is not dead code.
var observed int

func main() {
	task.Run(func(t *task.T) {
		s := make([]int, 1, 4)
		t.Async(func(t *task.T) {
			s = append(s, 4) // race:a
		})
		observed = s[0] // race:a
	})
}
