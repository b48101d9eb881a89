// Command clear: an Async clears a slice and a map while the parent reads an element and the map's length; each pair is unordered, so both race.
package main

import "github.com/tpinstr/tpinstr/rt/task"

// observed keeps what the root task read, so the reads are not dead code.
var observed int

func main() {
	task.Run(func(t *task.T) {
		s := []int{1, 2, 3}
		m := map[string]int{"a": 1, "b": 2}
		t.Async(func(t *task.T) {
			clear(s) // race:a
			clear(m) // race:b
		})
		observed = s[1]    // race:a
		observed += len(m) // race:b
	})
}
