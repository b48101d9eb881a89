// Command multi_assign: an Async swaps lo and hi in one multi-assignment while the parent reads lo; the swap writes lo, unordered with the read, so they race.
package main

import "github.com/tpinstr/tpinstr/rt/task"

// observed keeps what the root task read, so the read is not dead code.
var observed int

func main() {
	task.Run(func(t *task.T) {
		lo, hi := 9, 1
		t.Async(func(t *task.T) {
			lo, hi = hi, lo // race:a
		})
		observed = lo // race:a
	})
}
