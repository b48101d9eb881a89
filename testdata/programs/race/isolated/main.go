// Command isolated: an Async increments count inside Isolated while its parent increments it outside Isolated; mutual exclusion needs both sides, so the two race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		count := 0
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				t.Isolated(func() {
					count++ // race:a
				})
			})
			count++ // race:a
		})
		fmt.Println(count > 0)
	})
}
