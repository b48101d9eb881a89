// Command future_elems: futures in a loop each count the words of one chunk by length into a slice; an async task clears the first chunk's counts in place (fs[0].Get()[n] = 0) inside a finish that ends before the root task sums the counts through fs[i].Get()[n]: the finish orders the clearing before the sum, so nothing races. Both reach the elements through Get, in place.
package main

import (
	"fmt"
	"strings"

	"github.com/tpinstr/tpinstr/rt/task"
)

const maxLen = 8

// count returns how many words of text have each length below maxLen.
func count(text string) []int {
	c := make([]int, maxLen)
	for _, w := range strings.Fields(text) {
		if len(w) < maxLen {
			c[len(w)]++
		}
	}
	return c
}

func main() {
	chunks := []string{"a bb ccc dddd", "to be or not to be", "go is fun to write"}
	total := make([]int, maxLen)
	task.Run(func(t *task.T) {
		fs := make([]*task.Future[[]int], len(chunks))
		for i, c := range chunks {
			fs[i] = task.NewFuture(t, func(*task.T) []int { return count(c) })
		}
		t.Finish(func(t *task.T) {
			t.Async(func(*task.T) {
				for n := range maxLen {
					fs[0].Get()[n] = 0
				}
			})
		})
		for i := range fs {
			for n := range maxLen {
				total[n] += fs[i].Get()[n]
			}
		}
	})
	fmt.Println(total)
}
