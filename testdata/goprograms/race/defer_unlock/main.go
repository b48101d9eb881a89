// Command defer_unlock: a cache's lookup holds its mutex with `mu.Lock(); defer mu.Unlock()`, but returns a pointer to the entry, and callers bump the entry's hit count after the deferred Unlock has run: the increments race.
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

func (c *cache) lookup(k string) *entry {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[k]
	if !ok {
		e = &entry{value: k + "!"}
		c.m[k] = e
	}
	return e
}

func main() {
	c := &cache{m: map[string]*entry{}}
	var wg sync.WaitGroup
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := c.lookup("key")
			e.hits++ // race:hits
		}()
	}
	wg.Wait()
	fmt.Println(c.lookup("key").value)
}
