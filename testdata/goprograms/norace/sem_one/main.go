// Command sem_one: a semaphore of capacity one serialises a writer and a reader; the writer sets the configuration while it holds the semaphore, so whichever gets it first, the read and the write are ordered.
package main

import (
	"fmt"
	"sync"
)

// spin computes for a while, so that the reader usually reaches the
// semaphore after the writer.
func spin(n int) int {
	h := 0
	for i := 0; i < n; i++ {
		h = h*31 + i
	}
	return h
}

var config = 1

func main() {
	sem := make(chan struct{}, 1)
	var wg sync.WaitGroup
	seen := 0

	wg.Add(2)
	go func() { // the reader, usually second
		defer wg.Done()
		_ = spin(30_000_000)
		sem <- struct{}{}
		seen = config
		<-sem
	}()
	go func() { // the writer, usually first
		defer wg.Done()
		sem <- struct{}{}
		config = 2
		<-sem
	}()
	wg.Wait()

	if seen > 0 {
		fmt.Println("reader saw a configuration")
	}
}
