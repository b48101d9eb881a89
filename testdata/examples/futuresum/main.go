// Command futuresum sums a slice in parallel without a race: each half is a
// future, and the parent adds their values after Get.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func sum(t *task.T, xs []int) int {
	if len(xs) <= 2 {
		s := 0
		for _, x := range xs {
			s += x
		}
		return s
	}
	mid := len(xs) / 2
	left := task.NewFuture(t, func(t *task.T) int { return sum(t, xs[:mid]) })
	right := sum(t, xs[mid:])
	return left.Get() + right
}

func main() {
	xs := []int{1, 2, 3, 4, 5, 6, 7, 8}
	var total int
	task.Run(func(t *task.T) { total = sum(t, xs) })
	fmt.Println("sum:", total)
}
