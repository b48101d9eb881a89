// Command assign_sync: the variable is written before the receive (or the lock), so the other goroutine's access of it is not ordered with the write.
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
		c <- x // race:x
	}()
	x = 1 // race:x
	_ = receive(c)

	var mu sync.Mutex
	y := 0
	done := make(chan bool)
	go func() {
		mu.Lock()
		y = 42 // race:y
		mu.Unlock()
		done <- true
	}()
	y = 43 // race:y
	_ = lockAndGet(&mu)
	mu.Unlock()
	<-done
	mu.Lock()
	fmt.Println(x == 1, y > 0)
	mu.Unlock()
}
