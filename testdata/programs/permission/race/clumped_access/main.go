// Command clumped_access: the ClumpedAccess program of the gradual-permission paper (Figure 10) without its Isolated bodies: one async increments an element a thousand times under a write permission while another reads it under a read permission; the regions may overlap, so their acquires race (one report, not one per access).
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
				task.AcquireRangeW(t, shared, 0, 1) // race:a
				for range 1000 {
					shared[0]++
				}
				task.ReleaseRangeW(t, shared, 0, 1)
			})
			t.Async(func(t *task.T) {
				task.AcquireRangeR(t, shared, 0, 1) // race:a
				sum := 0
				for range 1000 {
					sum += shared[0]
				}
				task.ReleaseRangeR(t, shared, 0, 1)
				_ = sum
			})
		})
	})
	fmt.Println(shared[0])
}
