// Command mutex_masked: a writer sets a value outside the lock and then publishes under the mutex; a reader, which computes for a while first, reads the value under the mutex. When the writer's section comes first, as it almost always does, its Unlock orders the write before the read; when the reader's comes first, the two race. Go's -race sees only the usual order.
package main

import (
	"fmt"
	"sync"
)

// spin computes for a while, so that the reader usually locks after the
// writer.
func spin(n int) int {
	h := 0
	for i := 0; i < n; i++ {
		h = h*31 + i
	}
	return h
}

type board struct {
	mu        sync.Mutex
	value     int
	published bool
}

func main() {
	var b board
	var wg sync.WaitGroup
	seen := 0

	wg.Add(2)
	go func() { // the writer, usually first
		defer wg.Done()
		b.value = 42 // race:value
		b.mu.Lock()
		b.published = true
		b.mu.Unlock()
	}()
	go func() { // the reader, usually second
		defer wg.Done()
		_ = spin(30_000_000)
		b.mu.Lock()
		seen = b.value // race:value
		b.mu.Unlock()
	}()
	wg.Wait()

	if seen >= 0 && b.published {
		fmt.Println("published")
	}
}
