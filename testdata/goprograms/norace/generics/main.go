// Command generics: a generic parallel sum over any number type splits the slice in chunks, one goroutine each; every goroutine sums into its own slot, and the parent adds the slots after Wait.
package main

import (
	"fmt"
	"sync"
)

// Number is the element type of a sum.
type Number interface {
	~int | ~int64 | ~float64
}

// parallelSum sums xs in chunks of size chunk.
func parallelSum[T Number](xs []T, chunk int) T {
	partial := make([]T, (len(xs)+chunk-1)/chunk)
	var wg sync.WaitGroup
	for lo := 0; lo < len(xs); lo += chunk {
		hi := min(lo+chunk, len(xs))
		wg.Add(1)
		go func(k int, part []T) {
			defer wg.Done()
			for _, x := range part {
				partial[k] += x
			}
		}(lo/chunk, xs[lo:hi])
	}
	wg.Wait()
	var total T
	for _, p := range partial {
		total += p
	}
	return total
}

type celsius float64

func main() {
	ints := []int{1, 2, 3, 4, 5, 6, 7, 8}
	temps := []celsius{20.5, 21.5, 19, 23}
	fmt.Println("ints", parallelSum(ints, 3))
	fmt.Println("temps", parallelSum(temps, 2))
}
