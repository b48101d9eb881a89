// Command forasync_siblings: every ForAsync iteration writes its own element, and the parent reads them after the enclosing Finish, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		out := make([]int, 3)
		t.Finish(func(t *task.T) {
			t.ForAsync(0, 3, func(t *task.T, i int) {
				out[i] = i * i
			})
		})
		fmt.Println(out)
	})
}
