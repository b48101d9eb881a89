// Command map_write: two sibling Asyncs write different keys of one map (the map is one location); a mutex keeps the normal build free of Go's concurrent-map fault but orders nothing in the task model, so the writes race.
package main

import (
	"fmt"
	"sync"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		mu := new(sync.Mutex)
		m := map[string]int{}
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				mu.Lock()
				m["a"] = 1 // race:a
				mu.Unlock()
			})
			t.Async(func(t *task.T) {
				mu.Lock()
				m["b"] = 2 // race:a
				mu.Unlock()
			})
		})
		fmt.Println(len(m))
	})
}
