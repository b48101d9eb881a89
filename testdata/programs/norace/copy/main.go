// Command copy: an Async and its parent copy into two disjoint parts of one slice; the written elements do not overlap and both only read the source, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		src := []int{1, 2, 3}
		dst := make([]int, 3)
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				copy(dst[:2], src)
			})
			copy(dst[2:], src[2:])
		})
		fmt.Println(dst)
	})
}
