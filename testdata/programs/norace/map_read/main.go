// Command map_read: the parent writes a map before spawning the Async that reads it; the spawn orders the write first, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// got is written by the reading task only.
var got int

func main() {
	task.Run(func(t *task.T) {
		m := map[string]int{"a": 1}
		m["b"] = 2
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				got = m["a"] + m["b"]
			})
		})
		fmt.Println(got)
	})
}
