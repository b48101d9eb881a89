// Command mutex_reset: a goroutine resets a mutex by assigning it a new value, and the parent locks it only after the goroutine said it is done.
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
		g.mu = sync.Mutex{}
		done <- true
	}()
	<-done
	g.mu.Lock()
	g.n++
	g.mu.Unlock()
	fmt.Println("reset")
}
