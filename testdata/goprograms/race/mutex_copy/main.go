// Command mutex_copy: the parent takes a snapshot of a counter by copying the struct, mutex included, while a goroutine locks the counter to add to it; the copy reads the mutex's state, which Lock and Unlock write, and the count, which the goroutine writes, with no synchronisation between them.
package main

import (
	"fmt"
	"sync"
)

type counter struct {
	mu sync.Mutex
	n  int
}

func (c *counter) add(k int) {
	c.mu.Lock()   // race:lock
	c.n += k      // race:n
	c.mu.Unlock() // race:state
}

// snapshot returns a copy of c, mutex and all (go vet's copylocks check
// reports it).
func snapshot(c *counter) counter {
	return *c // race:state,n,lock
}

func main() {
	c := &counter{}
	done := make(chan bool)
	go func() {
		c.add(2)
		done <- true
	}()
	s := snapshot(c)
	<-done
	fmt.Println(s.n >= 0, c.n)
}
