// Command defer_unlock: a cache's lookup holds its mutex with `mu.Lock(); defer mu.Unlock()` and bumps the entry's hit count before the deferred Unlock runs, so every access to the entry is inside a section of the mutex.
package main

import (
	"fmt"
	"sync"
)

type entry struct {
	value string
	hits  int
}

type cache struct {
	mu sync.Mutex
	m  map[string]*entry
}

func (c *cache) lookup(k string) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[k]
	if !ok {
		e = &entry{value: k + "!"}
		c.m[k] = e
	}
	e.hits++
	return e.value
}

func main() {
	c := &cache{m: map[string]*entry{}}
	var wg sync.WaitGroup
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = c.lookup("key")
		}()
	}
	wg.Wait()
	fmt.Println(c.lookup("key"), c.m["key"].hits)
}
