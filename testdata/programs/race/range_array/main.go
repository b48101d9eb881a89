// Command range_array: the parent ranges over a captured array (reading all of it) while an Async writes one element; unordered, so they race.
package main

import "github.com/tpinstr/tpinstr/rt/task"

// observed keeps what the root task computed, so the reads are not dead code.
var observed int

func main() {
	task.Run(func(t *task.T) {
		var a [4]int
		t.Async(func(t *task.T) {
			a[1] = 5 // race:a
		})
		sum := 0
		for _, v := range a { // race:a
			sum += v
		}
		observed = sum
	})
}
