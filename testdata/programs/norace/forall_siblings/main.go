// Command forall_siblings: every ForAll iteration writes its own element, and the parent sums them after the ForAll's implicit Finish, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		xs := []int{1, 2, 3, 4}
		sq := make([]int, len(xs))
		t.ForAll(0, len(xs), func(t *task.T, i int) {
			sq[i] = xs[i] * xs[i]
		})
		total := 0
		for _, v := range sq {
			total += v
		}
		fmt.Println(total)
	})
}
