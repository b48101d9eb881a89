// Command tree_reduce_futures: a divide-and-conquer sum where each level spawns a future for the left half and recurses on the right half; each call writes only its own output slot; race-free.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// sum adds up a[lo:hi], recording every leaf's sum in leaves[lo/leaf].
func sum(t *task.T, a []int, leaves []int, lo, hi, leaf int) int {
	if hi-lo <= leaf {
		s := 0
		for _, v := range a[lo:hi] {
			s += v
		}
		leaves[lo/leaf] = s
		return s
	}
	mid := lo + (hi-lo)/2
	mid -= mid % leaf
	if mid == lo {
		mid = lo + leaf
	}
	left := task.NewFuture(t, func(t *task.T) int {
		return sum(t, a, leaves, lo, mid, leaf)
	})
	right := sum(t, a, leaves, mid, hi, leaf)
	return left.Get() + right
}

func main() {
	const leaf = 8
	a := make([]int, 128)
	for i := range a {
		a[i] = i
	}
	leaves := make([]int, len(a)/leaf)
	var total int
	task.Run(func(t *task.T) {
		total = sum(t, a, leaves, 0, len(a), leaf)
	})
	fmt.Println("total", total)
	fmt.Println("leaves", leaves)
	check := 0
	for _, s := range leaves {
		check += s
	}
	fmt.Println("check", check == total)
	fmt.Println("done")
}
