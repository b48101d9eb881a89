// Command struct_fields: two sibling Asyncs write the same field of a captured struct variable; unordered writes of one location, so they race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

type stats struct {
	hits, misses uint32
}

func main() {
	task.Run(func(t *task.T) {
		var s stats
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				s.hits = 2 // race:a
			})
			t.Async(func(t *task.T) {
				s.hits = 3 // race:a
			})
		})
		fmt.Println(s.hits > 0)
	})
}
