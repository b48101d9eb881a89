// Command range_slice: an Async ranges over a slice (reading every element) while the parent writes one element; unordered, so they race.
package main

import "github.com/tpinstr/tpinstr/rt/task"

// total is written by the summing task only.
var total int

func main() {
	task.Run(func(t *task.T) {
		xs := []int{1, 2, 3, 4}
		t.Async(func(t *task.T) {
			for _, v := range xs { // race:a
				total += v
			}
		})
		xs[2] = 9 // race:a
	})
}
