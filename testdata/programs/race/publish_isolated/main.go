// Command publish_isolated: the race twin of norace/publish_isolated: the reader tests the flag outside Isolated, so the read of the flag is unordered with its write, and so is the read of data that follows.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

var sink int

func main() {
	data, ready := 0, false
	task.Run(func(t *task.T) {
		t.Async(func(t *task.T) {
			data = 42                           // race:b
			t.Isolated(func() { ready = true }) // race:a
		})
		t.Async(func(t *task.T) {
			if ready { // race:a
				sink = data // race:b
			}
		})
	})
	fmt.Println(sink == 0 || sink == 42)
}
