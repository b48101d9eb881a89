// Command isolated_histogram: each ForAll iteration counts its chunk into a table of its own, then adds the table into the shared histogram in one Isolated section that loops over it; the sections commute, so one order decides them all, and there is no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

const nbins = 8

type histogram struct {
	bins  [nbins]int
	total int
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
			t.Isolated(func() {
				for b, k := range local {
					if k > 0 {
						h.bins[b] += k
						h.total += k
					}
				}
			})
		})
	})
	fmt.Println(h.total, h.bins)
}
