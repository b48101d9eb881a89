// Command mutex_reset: a goroutine resets a mutex by assigning it a new value while the parent locks it; the Lock and the plain write of the mutex are not ordered.
package main

import (
	"fmt"
	"sync"
)

type guarded struct {
	mu sync.Mutex
	n  int
}

func main() {
	var g guarded
	done := make(chan bool, 1)
	go func() {
		g.mu = sync.Mutex{} // race:mu,unlock
		done <- true
	}()
	g.mu.Lock() // race:mu
	g.n++
	g.mu.Unlock() // race:unlock
	<-done
	fmt.Println("reset")
}
