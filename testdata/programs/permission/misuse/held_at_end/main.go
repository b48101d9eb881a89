// Command held_at_end: each ForAll iteration acquires a write permission on its element and returns without releasing it, which is a permission error (reported once, at the acquire).
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	xs := make([]int, 4)
	task.Run(func(t *task.T) {
		t.ForAll(0, len(xs), func(t *task.T, i int) {
			task.AcquireRangeW(t, xs, i, i+1) // misuse
			xs[i] = i * i
		})
		fmt.Println(xs)
	})
}
