// Command global_var: an Async writes a package-level variable that its parent's continuation reads; nothing orders the two accesses, so they race.
package main

import "github.com/tpinstr/tpinstr/rt/task"

var counter int

// observed keeps what the root task read, so the read is not dead code.
var observed int

func main() {
	task.Run(func(t *task.T) {
		t.Async(func(t *task.T) {
			counter = 1 // race:a
		})
		observed = counter // race:a
	})
}
