// Command prefix_slots: a blocked prefix sum; each task sums its block into its own slot of partial, the offsets are scanned sequentially, then each task adds its offset to its own block; race-free.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

const (
	blocks = 8
	size   = 16
)

func main() {
	n := blocks * size
	a := make([]int, n)
	for i := range a {
		a[i] = i%5 + 1
	}
	partial := make([]int, blocks)
	task.Run(func(t *task.T) {
		// Phase 1: local scans, one block per task.
		t.ForAll(0, blocks, func(t *task.T, b int) {
			sum := 0
			for j := 0; j < size; j++ {
				sum += a[b*size+j]
				a[b*size+j] = sum
			}
			partial[b] = sum
		})
		// Phase 2: exclusive scan of the block sums.
		offset := 0
		for b := 0; b < blocks; b++ {
			s := partial[b]
			partial[b] = offset
			offset += s
		}
		// Phase 3: add each block's offset.
		t.ForAll(0, blocks, func(t *task.T, b int) {
			off := partial[b]
			for j := 0; j < size; j++ {
				a[b*size+j] += off
			}
		})
	})
	check := 0
	for i := 0; i < n; i++ {
		check += i%5 + 1
		if a[i] != check {
			fmt.Println("wrong prefix at", i)
			return
		}
	}
	fmt.Println("total", a[n-1])
	fmt.Println("blocks", blocks, "size", size)
	fmt.Println("last offset", partial[blocks-1])
}
