// Command field_pointer: an Async writes a struct field through a pointer while the parent reads the same field; unordered, so they race.
package main

import "github.com/tpinstr/tpinstr/rt/task"

type point struct{ x, y int }

// observed keeps what the root task read, so the read is not dead code.
var observed int

func main() {
	task.Run(func(t *task.T) {
		p := &point{}
		t.Async(func(t *task.T) {
			p.x = 3 // race:a
		})
		observed = p.x // race:a
	})
}
