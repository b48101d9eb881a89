// Command defer_lock: workers hold a mutex while they update a total, and release it around a slow step with `mu.Unlock(); defer mu.Lock()`; the step only computes, and the worker adds its result after the deferred Lock took the mutex again.
package main

import (
	"fmt"
	"sync"
)

type pool struct {
	mu    sync.Mutex
	total int
}

// slow releases the lock while it works, and takes it again on return.
func (p *pool) slow(k int) int {
	p.mu.Unlock()
	defer p.mu.Lock()
	return k * k
}

func main() {
	p := &pool{}
	var wg sync.WaitGroup
	for k := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.mu.Lock()
			p.total++
			w := p.slow(k + 1)
			p.total += w
			p.mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Println(p.total)
}
