// Command isolated_histogram: each ForAll iteration counts its chunk into a table of its own and adds it into the shared histogram inside Isolated, but marks the non-empty bins outside it; two iterations that fill one bin race on its mark.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

const nbins = 8

type histogram struct {
	bins  [nbins]int
	total int
	seen  [nbins]bool
}

func bucket(x int) int { return (x * 7) % nbins }

func main() {
	var h histogram
	data := make([]int, 400)
	for i := range data {
		data[i] = i*31 + 5
	}
	task.Run(func(t *task.T) {
		t.ForAll(0, 5, func(t *task.T, c int) {
			var local [nbins]int
			for _, x := range data[c*80 : (c+1)*80] {
				local[bucket(x)]++
			}
			for b, k := range local {
				if k > 0 {
					h.seen[b] = true // race:a
				}
			}
			t.Isolated(func() {
				for b, k := range local {
					h.bins[b] += k
					h.total += k
				}
			})
		})
	})
	fmt.Println(h.total, h.bins, h.seen)
}
