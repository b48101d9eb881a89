// Command clumped_access: the ClumpedAccess program of the gradual-permission paper (Figure 10): each async holds its permission inside an Isolated body, so the two regions exclude each other and never conflict, whichever order the isolated sections run in.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	shared := make([]int, 1)
	task.Run(func(t *task.T) {
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				t.Isolated(func() {
					task.AcquireRangeW(t, shared, 0, 1)
					for range 1000 {
						shared[0]++
					}
					task.ReleaseRangeW(t, shared, 0, 1)
				})
			})
			t.Async(func(t *task.T) {
				t.Isolated(func() {
					task.AcquireRangeR(t, shared, 0, 1)
					sum := 0
					for range 1000 {
						sum += shared[0]
					}
					task.ReleaseRangeR(t, shared, 0, 1)
					_ = sum
				})
			})
		})
	})
	fmt.Println(shared[0])
}
