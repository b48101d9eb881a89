// Command map_range: an Async and its parent range over the same map at the same time; both only read it, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// total is written by the ranging task only.
var total int

func main() {
	task.Run(func(t *task.T) {
		m := map[string]int{"a": 1, "b": 2}
		count := 0
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				for _, v := range m {
					total += v
				}
			})
			for range m {
				count++
			}
		})
		fmt.Println(total, count)
	})
}
