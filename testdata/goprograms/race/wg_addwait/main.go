// Command wg_addwait: workers started with go and joined with WaitGroup Add/Done/Wait each store their square in its own slot, but they also count themselves in a shared variable with no lock, so the increments race.
package main

import (
	"fmt"
	"sync"
)

// square is the work of one worker.
func square(x int) int { return x * x }

func main() {
	inputs := []int{1, 2, 3, 4}
	results := make([]int, len(inputs))
	started := 0

	var wg sync.WaitGroup
	for i, x := range inputs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			started++ // race:count
			results[i] = square(x)
		}()
	}
	wg.Wait()

	sum := 0
	for _, r := range results {
		sum += r
	}
	fmt.Println("sum", sum)
	if started > 0 {
		fmt.Println("workers ran")
	}
}
