// Command mutex: two goroutines increment a counter, each holding the mutex: the Unlock of one section happens before the Lock of the next, in either order.
package main

import (
	"fmt"
	"sync"
)

type counter struct {
	mu sync.Mutex
	n  int
}

func (c *counter) inc() {
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
}

func (c *counter) add(k int) {
	c.mu.Lock()
	c.n += k
	c.mu.Unlock()
}

func main() {
	var c counter
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		c.inc()
	}()
	go func() {
		defer wg.Done()
		c.add(1)
	}()
	wg.Wait()

	c.mu.Lock()
	n := c.n
	c.mu.Unlock()
	fmt.Println("counted", n)
}
