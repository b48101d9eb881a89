// Command mutex: two goroutines increment a counter; one holds the mutex, the other forgets to, so the two increments race.
package main

import (
	"fmt"
	"sync"
)

type counter struct {
	mu sync.Mutex
	n  int
}

func (c *counter) incLocked() {
	c.mu.Lock()
	c.n++ // race:n
	c.mu.Unlock()
}

func (c *counter) incUnlocked() {
	c.n++ // race:n
}

func main() {
	var c counter
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		c.incLocked()
	}()
	go func() {
		defer wg.Done()
		c.incUnlocked()
	}()
	wg.Wait()

	c.mu.Lock()
	n := c.n
	c.mu.Unlock()
	if n > 0 {
		fmt.Println("counted")
	}
}
