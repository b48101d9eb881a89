// Command slicing: an Async and its parent each slice one half of a shared slice and write through their half; the halves do not overlap, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		s := []int{1, 2, 3, 4}
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				low := s[:2]
				low[0], low[1] = 10, 20
			})
			high := s[2:]
			high[0], high[1] = 30, 40
		})
		fmt.Println(s)
	})
}
