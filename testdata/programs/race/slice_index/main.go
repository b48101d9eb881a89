// Command slice_index: an Async and its parent's continuation write the same element of a slice; unordered writes of one location, so they race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		s := make([]int, 4)
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				s[1] = 10 // race:a
			})
			s[1] = 20 // race:a
		})
		fmt.Println(len(s))
	})
}
