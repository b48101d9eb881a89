// Command forasync_siblings: every ForAsync iteration writes last (pair a: the line against itself), and the parent reads last inside the same Finish, unordered with the iterations (pair b).
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// observed keeps what the root task read, so the read is not dead code.
var observed int

func main() {
	task.Run(func(t *task.T) {
		last := -1
		t.Finish(func(t *task.T) {
			t.ForAsync(0, 3, func(t *task.T, i int) {
				last = i // race:a,b
			})
			observed = last // race:b
		})
		fmt.Println(last >= 0)
	})
}
