// Command mutex_copy: the parent takes a snapshot of a counter by copying the struct, mutex included, only after the goroutine that locks the counter to add to it said it is done; the channel orders the copy's reads of the mutex's state and of the count after the goroutine's Lock, Unlock and write.
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
	c.mu.Lock()
	c.n += k
	c.mu.Unlock()
}

// snapshot returns a copy of c, mutex and all (go vet's copylocks check
// reports it).
func snapshot(c *counter) counter {
	return *c
}

func main() {
	c := &counter{}
	done := make(chan bool)
	go func() {
		c.add(2)
		done <- true
	}()
	<-done
	s := snapshot(c)
	fmt.Println(s.n >= 0, c.n)
}
