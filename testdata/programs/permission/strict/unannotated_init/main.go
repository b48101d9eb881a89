// Command unannotated_init: run with TPINSTR=permissions=strict. The root task fills the input and sums the output outside any permission region, while the iterations of a ForAll read the input and write the output under permissions; the root's accesses are shared and unannotated, so strict mode reports them (the program has no race).
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
		for i := range in {
			in[i] = i + 1 // shared
		}
		t.ForAll(0, len(in), func(t *task.T, i int) {
			task.AcquireRangeR(t, in, i, i+1)
			task.AcquireRangeW(t, out, i, i+1)
			out[i] = 2 * in[i]
			task.ReleaseRangeW(t, out, i, i+1)
			task.ReleaseRangeR(t, in, i, i+1)
		})
		for _, v := range out { // shared
			sum += v
		}
	})
	fmt.Println(sum)
}
