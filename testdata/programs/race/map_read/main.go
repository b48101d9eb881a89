// Command map_read: an Async reads a map while the parent writes another key of it (the map is one location); the mutex only keeps the normal build safe, so the read and the write race.
package main

import (
	"sync"

	"github.com/tpinstr/tpinstr/rt/task"
)

// got is written by the reading task only.
var got int

func main() {
	task.Run(func(t *task.T) {
		mu := new(sync.Mutex)
		m := map[string]int{"a": 1}
		t.Async(func(t *task.T) {
			mu.Lock()
			v := m["a"] // race:a
			mu.Unlock()
			got = v
		})
		mu.Lock()
		m["b"] = 2 // race:a
		mu.Unlock()
	})
}
