// Command atomic_func: workers count hits with atomic.AddInt64, but one worker also resets the counter with a plain assignment; a plain access is not atomic, so it races with the atomic adds.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

var hits int64

func worker(n int) {
	for i := 0; i < n; i++ {
		atomic.AddInt64(&hits, 1) // race:hits
	}
}

// reset should use atomic.StoreInt64.
func reset() {
	hits = 0 // race:hits
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
