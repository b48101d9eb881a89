// Command mergesort_futures: a merge sort that sorts the two halves of a slice in parallel, the left half in a future, each into its own half of the scratch buffer; the halves never overlap, so it is race-free.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

const cutoff = 8

// insertion sorts a small slice in place.
func insertion(a []int) {
	for i := 1; i < len(a); i++ {
		v := a[i]
		j := i - 1
		for j >= 0 && a[j] > v {
			a[j+1] = a[j]
			j--
		}
		a[j+1] = v
	}
}

// merge merges the sorted halves a[:mid] and a[mid:] through buf.
func merge(a, buf []int, mid int) {
	i, j, k := 0, mid, 0
	for i < mid && j < len(a) {
		if a[i] <= a[j] {
			buf[k] = a[i]
			i++
		} else {
			buf[k] = a[j]
			j++
		}
		k++
	}
	for i < mid {
		buf[k] = a[i]
		i++
		k++
	}
	for j < len(a) {
		buf[k] = a[j]
		j++
		k++
	}
	copy(a, buf[:len(a)])
}

// msort sorts a using buf (of the same length) as scratch space.
func msort(t *task.T, a, buf []int) {
	if len(a) <= cutoff {
		insertion(a)
		return
	}
	mid := len(a) / 2
	left := task.NewFuture(t, func(t *task.T) bool {
		msort(t, a[:mid], buf[:mid])
		return true
	})
	msort(t, a[mid:], buf[mid:])
	left.Get()
	merge(a, buf, mid)
}

func main() {
	data := make([]int, 200)
	for i := range data {
		data[i] = (i * 7919) % 211
	}
	task.Run(func(t *task.T) {
		buf := make([]int, len(data))
		msort(t, data, buf)
	})
	for i := 1; i < len(data); i++ {
		if data[i-1] > data[i] {
			fmt.Println("not sorted at", i)
			return
		}
	}
	fmt.Println("sorted", data[0], data[len(data)-1])
}
