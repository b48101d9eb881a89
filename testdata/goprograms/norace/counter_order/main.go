// Command counter_order: workers count under a mutex; one sets a flag and another reads it, each holding a second mutex that guards the flag, so the flag's write and read are ordered whichever order the counting sections take.
package main

import (
	"fmt"
	"sync"
)

func main() {
	var (
		mu    sync.Mutex
		count int
		flag  sync.Mutex
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
		flag.Lock()
		ready = true
		flag.Unlock()
		mu.Lock()
		count++
		mu.Unlock()
	})
	wg.Go(func() {
		mu.Lock()
		count++
		mu.Unlock()
		flag.Lock()
		seen := ready
		flag.Unlock()
		_ = seen
	})
	wg.Wait()
	fmt.Println("count", count)
}
