// Command assign_sync: an assignment whose right-hand side receives (or locks) writes its variable after that synchronisation, which orders the other goroutine's access of the variable before the write.
package main

import (
	"fmt"
	"sync"
)

// receive returns the next value of c.
func receive(c chan int) int { return <-c }

// lockAndGet locks mu, which the caller unlocks, and returns a value.
func lockAndGet(mu *sync.Mutex) int {
	mu.Lock()
	return 43
}

func main() {
	x := 0
	c := make(chan int, 1)
	go func() {
		c <- x
	}()
	x = receive(c)

	var mu sync.Mutex
	y := 0
	done := make(chan bool)
	go func() {
		mu.Lock()
		y = 42
		mu.Unlock()
		done <- true
	}()
	y = lockAndGet(&mu)
	mu.Unlock()
	<-done
	mu.Lock()
	fmt.Println(x == 0, y > 0)
	mu.Unlock()
}
