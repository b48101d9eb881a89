// Command task_in_goroutine: each goroutine of a WaitGroup sums its half of a slice with rt/task (a task.Run inside the goroutine), but both add their partial sums into one shared total without a lock, so the two goroutines' tasks race.
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
	total := 0
	var wg sync.WaitGroup
	for h := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := sumHalf(xs[h*32 : (h+1)*32])
			total += s // race:total
		}()
	}
	wg.Wait()
	fmt.Println("total", total)
}
