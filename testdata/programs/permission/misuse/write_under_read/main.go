// Command write_under_read: a task writes a variable that it holds a read permission on only, which is a permission error (it needs AcquireW).
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// config is read by every task.
type config struct{ scale, calls int }

func main() {
	cfg := &config{scale: 3}
	out := make([]int, 4)
	task.Run(func(t *task.T) {
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				task.AcquireR(t, cfg)
				out[0] = cfg.scale
				cfg.calls++ // misuse
				task.ReleaseR(t, cfg)
			})
		})
	})
	fmt.Println(out[0], cfg.calls)
}
