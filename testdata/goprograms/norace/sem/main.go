// Command sem: a buffered channel of capacity 2 is a counting semaphore that lets two workers in at a time; each worker writes only its own slot, and the parent sums the slots after Wait.
package main

import (
	"fmt"
	"sync"
)

// work is what a worker does while it holds the semaphore.
func work(i int) int { return i * 10 }

func main() {
	sem := make(chan struct{}, 2)
	results := make([]int, 6)
	inside := 0

	var wg sync.WaitGroup
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{} // acquire
			results[i] = work(i)
			<-sem // release
		}()
	}
	wg.Wait()

	sum := 0
	for _, r := range results {
		sum += r
		inside++
	}
	fmt.Println("sum", sum)
	if inside > 0 {
		fmt.Println("workers counted:", inside)
	}
}
