// Command clamped_index: each iteration of a ForAll reads its left neighbour at an index clamped with the builtin max from an input no task writes, and writes its own element of another slice; no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	xs := make([]float64, 8)
	for i := range xs {
		xs[i] = float64(i)
	}
	out := make([]float64, 8)
	task.Run(func(t *task.T) {
		t.ForAll(0, len(xs), func(t *task.T, i int) {
			out[i] = xs[max(0, min(i-1, len(xs)-1))]
		})
	})
	fmt.Println(out)
}
