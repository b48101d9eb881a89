// Command go_unlock: the parent holds a mutex while it fills a table, and hands the unlock to a goroutine (go mu.Unlock()) once the table is full; a worker locks the mutex to read the table, after the unlock, which the go statement orders after the parent's writes.
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
		sum := table[0] + table[1] + table[2]
		mu.Unlock()
		fmt.Println(sum >= 3)
	}()
	table[0], table[1] = 1, 2
	table[2] = 3
	go mu.Unlock()
	wg.Wait()
}
