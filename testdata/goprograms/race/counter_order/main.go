// Command counter_order: workers count under a mutex; one sets a flag before its section and another reads the flag after its own, without the mutex: the Unlock of the first section orders the write before the read only when that section comes first, so in the other order of the sections the two race.
package main

import (
	"fmt"
	"sync"
)

func main() {
	var (
		mu    sync.Mutex
		count int
		ready bool
		wg    sync.WaitGroup
	)
	for range 3 {
		wg.Go(func() {
			for range 4 {
				mu.Lock()
				count++
				mu.Unlock()
			}
		})
	}
	wg.Go(func() {
		ready = true // race:ready
		mu.Lock()
		count++
		mu.Unlock()
	})
	wg.Go(func() {
		mu.Lock()
		count++
		mu.Unlock()
		seen := ready // race:ready
		_ = seen
	})
	wg.Wait()
	fmt.Println("count", count)
}
