// Command ranges: each iteration of a ForAll takes a write permission on its own chunk of the output and a read permission on the whole input table; write ranges are disjoint and read ranges may overlap, so no permissions conflict.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// chunk is the number of elements an iteration writes.
const chunk = 4

func main() {
	table := []int32{1, 2, 3}
	out := make([]int32, 4*chunk)
	task.Run(func(t *task.T) {
		t.ForAll(0, len(out)/chunk, func(t *task.T, c int) {
			task.AcquireRangeR(t, table, 0, len(table))
			task.AcquireRangeW(t, out, c*chunk, (c+1)*chunk)
			for i := c * chunk; i < (c+1)*chunk; i++ {
				out[i] = table[i%len(table)] * int32(c)
			}
			task.ReleaseRangeW(t, out, c*chunk, (c+1)*chunk)
			task.ReleaseRangeR(t, table, 0, len(table))
		})
	})
	fmt.Println(out)
}
