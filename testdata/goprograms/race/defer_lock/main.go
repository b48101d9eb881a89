// Command defer_lock: workers hold a mutex while they update a total, and release it around a slow step with `mu.Unlock(); defer mu.Lock()`; one worker updates the total inside that step, where it does not hold the lock, so its update races with the other worker's.
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
func (p *pool) slow(k int) {
	p.mu.Unlock()
	defer p.mu.Lock()
	w := k * k
	p.total += w // race:total
}

func main() {
	p := &pool{}
	var wg sync.WaitGroup
	for k := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.mu.Lock()
			p.total++ // race:total
			p.slow(k + 1)
			p.mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Println(p.total)
}
