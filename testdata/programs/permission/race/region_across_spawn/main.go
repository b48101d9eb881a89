// Command region_across_spawn: the parent holds a write permission on the whole slice across an Async whose task writes one element without a permission; the parent uses the slice again after the spawn, while the child may run, so the region races with the child's write.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	out := make([]int, 3)
	task.Run(func(t *task.T) {
		task.AcquireRangeW(t, out, 0, len(out)) // race:a
		out[0] = 1
		t.Async(func(t *task.T) {
			out[1] = 2 // race:a
		})
		out[2] = 3
		task.ReleaseRangeW(t, out, 0, len(out))
	})
	fmt.Println(out)
}
