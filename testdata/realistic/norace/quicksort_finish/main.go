// Command quicksort_finish: quicksort that sorts the part left of the pivot in an Async and the part right of it in the parent, inside a Finish; the parts a[:p] and a[p+1:] are disjoint; race-free.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// partition moves the last element to its sorted place and returns it.
func partition(a []int) int {
	pivot := a[len(a)-1]
	i := 0
	for j := 0; j < len(a)-1; j++ {
		if a[j] < pivot {
			a[i], a[j] = a[j], a[i]
			i++
		}
	}
	a[i], a[len(a)-1] = a[len(a)-1], a[i]
	return i
}

// qsort sorts a in place.
func qsort(t *task.T, a []int) {
	if len(a) < 2 {
		return
	}
	p := partition(a)
	t.Finish(func(t *task.T) {
		t.Async(func(t *task.T) {
			qsort(t, a[:p])
		})
		qsort(t, a[p+1:])
	})
}

func main() {
	a := make([]int, 100)
	for i := range a {
		a[i] = (i * 37) % 101
	}
	task.Run(func(t *task.T) {
		qsort(t, a)
	})
	for i := 1; i < len(a); i++ {
		if a[i-1] > a[i] {
			fmt.Println("unsorted at", i)
			return
		}
	}
	fmt.Println("sorted", a[0], a[len(a)-1])
	fmt.Println("length", len(a))
	fmt.Println("median", a[len(a)/2])
	fmt.Println("done")
	fmt.Println("ok")
}
