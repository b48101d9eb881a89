// Command chunk_sum: sub-slices a[k*c:(k+1)*c] of one slice are handed to tasks spawned in a loop, each normalizing its chunk in place; the chunks are disjoint, so it is race-free.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// normalize scales a chunk so that its maximum is 100.
func normalize(chunk []int) {
	m := 1
	for _, v := range chunk {
		if v > m {
			m = v
		}
	}
	for i := range chunk {
		chunk[i] = chunk[i] * 100 / m
	}
}

// sum adds up a slice.
func sum(s []int) int {
	total := 0
	for _, v := range s {
		total += v
	}
	return total
}

func main() {
	const chunks = 6
	const c = 10
	a := make([]int, chunks*c)
	for i := range a {
		a[i] = (i*31)%17 + 1
	}
	sums := make([]int, chunks)
	task.Run(func(t *task.T) {
		t.Finish(func(t *task.T) {
			for k := 0; k < chunks; k++ {
				part := a[k*c : (k+1)*c]
				t.Async(func(t *task.T) {
					normalize(part)
				})
			}
		})
		t.Finish(func(t *task.T) {
			for k := 0; k < chunks; k++ {
				t.Async(func(t *task.T) {
					sums[k] = sum(a[k*c : (k+1)*c])
				})
			}
		})
	})
	fmt.Println("chunk sums", sums)
	fmt.Println("total", sum(sums))
	fmt.Println("first", a[0], "last", a[len(a)-1])
	fmt.Println("chunks", chunks, "of", c)
}
