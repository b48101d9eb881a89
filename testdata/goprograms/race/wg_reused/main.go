// Command wg_reused: a WaitGroup joins a first round of workers and is then reused for a second, whose worker calls Add itself instead of the parent calling it before the go statement. The parent computes for a while before Wait, so the worker's Add almost always comes first and Wait waits for its Done; when Wait comes first, the counter is zero, Wait returns at once and the parent's read races with the worker's write.
package main

import (
	"fmt"
	"sync"
)

// spin computes for a while, so that the worker's Add usually comes before
// the parent's Wait.
func spin(n int) int {
	h := 0
	for i := 0; i < n; i++ {
		h = h*31 + i
	}
	return h
}

func main() {
	var wg sync.WaitGroup
	first := make([]int, 2)

	// Round one: Add before each go statement, as it should be.
	for i := range first {
		wg.Add(1)
		go func() {
			defer wg.Done()
			first[i] = i + 1
		}()
	}
	wg.Wait()

	// Round two reuses the WaitGroup; the worker adds itself.
	second := 0
	go func() {
		wg.Add(1)
		defer wg.Done()
		second = first[0] + first[1] // race:second
	}()
	_ = spin(30_000_000)
	wg.Wait()
	if second >= 0 { // race:second
		fmt.Println("rounds done", first)
	}
}
