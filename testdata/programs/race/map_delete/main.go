// Command map_delete: an Async deletes a key while the parent reads the map's length; delete writes the map, the two are unordered, so they race.
package main

import "github.com/tpinstr/tpinstr/rt/task"

// observed keeps what the root task read, so the read is not dead code.
var observed int

func main() {
	task.Run(func(t *task.T) {
		m := map[string]int{"a": 1, "b": 2}
		t.Async(func(t *task.T) {
			delete(m, "a") // race:a
		})
		observed = len(m) // race:a
	})
}
