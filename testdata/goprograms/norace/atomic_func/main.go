// Command atomic_func: workers count hits with atomic.AddInt64 and one resets the counter with atomic.StoreInt64; atomic operations never race with one another.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

var hits int64

func worker(n int) {
	for i := 0; i < n; i++ {
		atomic.AddInt64(&hits, 1)
	}
}

func reset() {
	atomic.StoreInt64(&hits, 0)
}

func main() {
	var wg sync.WaitGroup
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			worker(5)
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		reset()
	}()
	wg.Wait()

	if atomic.LoadInt64(&hits) >= 0 {
		fmt.Println("hits counted")
	}
}
