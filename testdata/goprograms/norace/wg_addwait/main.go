// Command wg_addwait: workers started with go and joined with WaitGroup Add/Done/Wait each store their square in its own slot; the parent counts and sums them after Wait, which every Done happens before.
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
			results[i] = square(x)
		}()
	}
	wg.Wait()

	sum := 0
	for _, r := range results {
		sum += r
		started++
	}
	fmt.Println("sum", sum)
	if started > 0 {
		fmt.Println("workers ran")
	}
}
