// Command slice_index: an Async and its parent's continuation write two different elements of one slice; distinct locations, so no race.
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
				s[0] = 10
			})
			s[1] = 20
		})
		fmt.Println(s)
	})
}
