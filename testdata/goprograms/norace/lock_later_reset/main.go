// Command lock_later_reset: a goroutine resets a mutex by assigning it a new value, and the parent locks it through a method value (lock := g.mu.Lock) and unlocks it in a deferred call only after the goroutine said it is done.
package main

import (
	"fmt"
	"sync"
)

type guarded struct {
	mu sync.Mutex
	n  int
}

// bump increments n under the lock.
func (g *guarded) bump() {
	lock := g.mu.Lock
	lock()
	defer g.mu.Unlock()
	g.n++
}

func main() {
	var g guarded
	done := make(chan bool, 1)
	go func() {
		g.mu = sync.Mutex{}
		done <- true
	}()
	<-done
	g.bump()
	fmt.Println("reset")
}
