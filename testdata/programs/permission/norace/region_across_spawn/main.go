// Command region_across_spawn: the parent holds a write permission on its own element across an Async whose task writes another element under a permission of its own; the regions are disjoint, so the parent's writes after the spawn do not conflict with the child's.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	out := make([]int, 3)
	task.Run(func(t *task.T) {
		task.AcquireRangeW(t, out, 0, 1)
		out[0] = 1
		t.Async(func(t *task.T) {
			task.AcquireRangeW(t, out, 1, 2)
			out[1] = 2
			task.ReleaseRangeW(t, out, 1, 2)
		})
		out[0]++
		task.ReleaseRangeW(t, out, 0, 1)
	})
	fmt.Println(out)
}
