// Command task_in_goroutine: each goroutine of a WaitGroup sums its half of a slice with rt/task (a task.Run inside the goroutine) and stores its partial sum in its own slot; the parent adds the slots after Wait.
package main

import (
	"fmt"
	"sync"

	"github.com/tpinstr/tpinstr/rt/task"
)

// sumHalf sums xs with two tasks, one per half, and returns the sum.
func sumHalf(xs []int) int {
	var left, right int
	task.Run(func(t *task.T) {
		mid := len(xs) / 2
		t.Async(func(t *task.T) {
			for _, x := range xs[:mid] {
				left += x
			}
		})
		for _, x := range xs[mid:] {
			right += x
		}
	})
	return left + right
}

func main() {
	xs := make([]int, 64)
	for i := range xs {
		xs[i] = i
	}
	partial := make([]int, 2)
	var wg sync.WaitGroup
	for h := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			partial[h] = sumHalf(xs[h*32 : (h+1)*32])
		}()
	}
	wg.Wait()
	fmt.Println("total", partial[0]+partial[1])
}
