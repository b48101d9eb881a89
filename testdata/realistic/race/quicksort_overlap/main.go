// Command quicksort_overlap: a quicksort whose Async sorts a[:p+1] while the parent sorts a[p:]; both include the pivot, so the two recursive sorts race on it.
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
			a[i], a[j] = a[j], a[i] // race:a,c
			i++
		}
	}
	a[i], a[len(a)-1] = a[len(a)-1], a[i] // race:b,c
	return i
}

// qsort sorts a in place.
func qsort(t *task.T, a []int) {
	if len(a) < 2 {
		return
	}
	p := partition(a)
	if p == 0 || p == len(a)-1 {
		qsort(t, a[:p])
		qsort(t, a[p+1:])
		return
	}
	t.Finish(func(t *task.T) {
		t.Async(func(t *task.T) {
			qsort(t, a[:p+1])
		})
		qsort(t, a[p:])
	})
}

func main() {
	a := make([]int, 64)
	for i := range a {
		a[i] = (i * 37) % 67
	}
	task.Run(func(t *task.T) {
		qsort(t, a)
	})
	fmt.Println("first", a[0], "last", a[len(a)-1])
	fmt.Println("length", len(a))
	fmt.Println("done")
}
