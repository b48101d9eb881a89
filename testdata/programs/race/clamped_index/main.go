// Command clamped_index: each iteration of a ForAll writes its element and reads its left neighbour at an index clamped with the builtin max, in place; iteration i's read of xs[i-1] and iteration i-1's write are unordered, so they race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	xs := make([]float64, 8)
	out := make([]float64, 8)
	task.Run(func(t *task.T) {
		t.ForAll(0, len(xs), func(t *task.T, i int) {
			xs[i] = float64(i)                           // race:a
			out[i] = xs[max(0, min(i-1, len(xs)-1))] * 0 // race:a
		})
	})
	fmt.Println(out[0])
}
