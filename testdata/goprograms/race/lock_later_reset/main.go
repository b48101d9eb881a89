// Command lock_later_reset: a goroutine resets a mutex by assigning it a new value while the parent locks it through a method value (lock := g.mu.Lock) and unlocks it in a deferred call; the Lock and the Unlock, which run where the method value is called and when the function returns, are not ordered with the plain write of the mutex (each writes its state word: two pairs).
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
	lock := g.mu.Lock // race:lock
	lock()
	defer g.mu.Unlock() // race:unlock
	g.n++
}

func main() {
	var g guarded
	done := make(chan bool, 1)
	go func() {
		g.mu = sync.Mutex{} // race:lock,unlock
		done <- true
	}()
	g.bump()
	<-done
	fmt.Println("reset")
}
