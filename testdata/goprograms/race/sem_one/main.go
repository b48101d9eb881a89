// Command sem_one: a semaphore of capacity one serialises a writer and a reader; the writer sets the configuration before it acquires the semaphore, which is safe only when the writer gets it first, as it almost always does because the reader computes for a while first: when the reader gets it first, its read races with the write.
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
		seen = config // race:cfg
		<-sem
	}()
	go func() { // the writer, usually first
		defer wg.Done()
		config = 2 // race:cfg
		sem <- struct{}{}
		<-sem
	}()
	wg.Wait()

	if seen > 0 {
		fmt.Println("reader saw a configuration")
	}
}
