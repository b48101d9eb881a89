// Command address_taken: an Async writes a local through a pointer to it while the parent reads the local by name; one location, unordered accesses, so they race.
package main

import "github.com/tpinstr/tpinstr/rt/task"

// observed keeps what the root task read, so the read is not dead code.
var observed int

func main() {
	task.Run(func(t *task.T) {
		x := 0
		p := &x
		t.Async(func(t *task.T) {
			*p = 7 // race:a
		})
		observed = x // race:a
	})
}
