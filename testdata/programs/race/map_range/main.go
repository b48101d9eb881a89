// Command map_range: an Async ranges over a map while the parent inserts into it; the mutex only keeps the normal build safe, so the range and the insert race.
package main

import (
	"sync"

	"github.com/tpinstr/tpinstr/rt/task"
)

// total is written by the ranging task only.
var total int

func main() {
	task.Run(func(t *task.T) {
		mu := new(sync.Mutex)
		m := map[string]int{"a": 1, "b": 2}
		t.Async(func(t *task.T) {
			mu.Lock()
			for _, v := range m { // race:a
				total += v
			}
			mu.Unlock()
		})
		mu.Lock()
		m["c"] = 3 // race:a
		mu.Unlock()
	})
}
