// Command multi_assign: an Async swaps lo and hi while its parent swaps a and b; the two multi-assignments touch disjoint variables, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		lo, hi := 9, 1
		a, b := 4, 3
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				lo, hi = hi, lo
			})
			a, b = b, a
		})
		fmt.Println(lo, hi, a, b)
	})
}
