// Command mergesort_overlap: a merge sort whose left future sorts a[:mid+1] while the parent sorts a[mid:]; element mid is in both halves, so they race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// insertion sorts a small slice in place.
func insertion(a []int) {
	for i := 1; i < len(a); i++ {
		v := a[i]
		j := i - 1
		for j >= 0 && a[j] > v {
			a[j+1] = a[j] // race:a,c
			j--
		}
		a[j+1] = v // race:b,c
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
	for ; i < mid; i, k = i+1, k+1 {
		buf[k] = a[i]
	}
	for ; j < len(a); j, k = j+1, k+1 {
		buf[k] = a[j]
	}
	copy(a, buf[:len(a)])
}

// msort sorts a using buf as scratch space.
func msort(t *task.T, a, buf []int) {
	if len(a) <= 8 {
		insertion(a)
		return
	}
	mid := len(a) / 2
	left := task.NewFuture(t, func(t *task.T) bool {
		msort(t, a[:mid+1], buf[:mid+1])
		return true
	})
	msort(t, a[mid:], buf[mid:])
	left.Get()
	merge(a, buf, mid)
}

func main() {
	data := make([]int, 100)
	for i := range data {
		data[i] = (i * 7919) % 211
	}
	task.Run(func(t *task.T) {
		msort(t, data, make([]int, len(data)))
	})
	fmt.Println("first", data[0], "last", data[len(data)-1])
}
