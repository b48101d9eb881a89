// Command mutex_masked: a writer sets a value and publishes it inside one section of the mutex; a reader, which computes for a while first, reads the value under the mutex: in either order of the two sections, the Unlock of the first orders it before the second.
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
		b.mu.Lock()
		b.value = 42
		b.published = true
		b.mu.Unlock()
	}()
	go func() { // the reader, usually second
		defer wg.Done()
		_ = spin(30_000_000)
		b.mu.Lock()
		seen = b.value
		b.mu.Unlock()
	}()
	wg.Wait()

	if seen >= 0 && b.published {
		fmt.Println("published")
	}
}
