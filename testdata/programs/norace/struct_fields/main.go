// Command struct_fields: two sibling Asyncs write two different 4-byte fields of one captured struct (one 8-byte word); the bytes do not overlap, so no race.
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
				s.hits = 2
			})
			t.Async(func(t *task.T) {
				s.misses = 3
			})
		})
		fmt.Println(s.hits, s.misses)
	})
}
