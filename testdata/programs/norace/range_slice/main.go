// Command range_slice: an Async ranges over a slice and the parent writes an element only after a Finish joined the reader, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// total is written by the summing task only.
var total int

func main() {
	task.Run(func(t *task.T) {
		xs := []int{1, 2, 3, 4}
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				for _, v := range xs {
					total += v
				}
			})
		})
		xs[2] = 9
		fmt.Println(total, xs)
	})
}
