// Command annotated_init: run with TPINSTR=permissions=strict. The twin of unannotated_init with the root's accesses of the shared slices inside permission regions too: every shared access is annotated, so strict mode reports nothing.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	in := make([]int, 4)
	out := make([]int, 4)
	sum := 0
	task.Run(func(t *task.T) {
		task.AcquireRangeW(t, in, 0, len(in))
		for i := range in {
			in[i] = i + 1
		}
		task.ReleaseRangeW(t, in, 0, len(in))
		t.ForAll(0, len(in), func(t *task.T, i int) {
			task.AcquireRangeR(t, in, i, i+1)
			task.AcquireRangeW(t, out, i, i+1)
			out[i] = 2 * in[i]
			task.ReleaseRangeW(t, out, i, i+1)
			task.ReleaseRangeR(t, in, i, i+1)
		})
		task.AcquireRangeR(t, out, 0, len(out))
		for _, v := range out {
			sum += v
		}
		task.ReleaseRangeR(t, out, 0, len(out))
	})
	fmt.Println(sum)
}
