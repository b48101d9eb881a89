// Command go_unlock: the parent holds a mutex while it fills a table, and hands the unlock to a goroutine (go mu.Unlock()); a worker locks the mutex to read the table, but the parent writes one more entry after starting the unlock, which the unlock does not order before the worker's read.
package main

import (
	"fmt"
	"sync"
)

func main() {
	var mu sync.Mutex
	table := make([]int, 3)
	var wg sync.WaitGroup
	mu.Lock()
	wg.Add(1)
	go func() {
		defer wg.Done()
		mu.Lock()
		sum := table[0] + table[1] + table[2] // race:last
		mu.Unlock()
		fmt.Println(sum >= 3)
	}()
	table[0], table[1] = 1, 2
	go mu.Unlock()
	table[2] = 3 // race:last
	wg.Wait()
}
