// Command ranges: each iteration of a ForAll takes a write permission on its element and the next one, so neighbouring iterations hold overlapping write ranges and race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	xs := make([]int32, 9)
	task.Run(func(t *task.T) {
		t.ForAll(0, len(xs)-1, func(t *task.T, i int) {
			task.AcquireRangeW(t, xs, i, i+2) // race:a
			xs[i] = int32(i)
			task.ReleaseRangeW(t, xs, i, i+2)
		})
	})
	fmt.Println(len(xs))
}
