// Command wg_reused: a WaitGroup joins a first round of workers and is then reused for a second; the parent calls Add before each go statement in both rounds, so each Wait waits for the Dones of its round.
package main

import (
	"fmt"
	"sync"
)

// spin computes for a while, as the racy twin does.
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

	// Round one.
	for i := range first {
		wg.Add(1)
		go func() {
			defer wg.Done()
			first[i] = i + 1
		}()
	}
	wg.Wait()

	// Round two reuses the WaitGroup.
	second := 0
	wg.Add(1)
	go func() {
		defer wg.Done()
		second = first[0] + first[1]
	}()
	_ = spin(30_000_000)
	wg.Wait()
	if second >= 0 {
		fmt.Println("rounds done", first, second)
	}
}
