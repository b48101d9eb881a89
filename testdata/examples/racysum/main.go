// Command racysum sums a slice in parallel with a determinacy race: every
// task adds into the same variable.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	xs := []int{1, 2, 3, 4, 5, 6, 7, 8}
	sum := 0
	task.Run(func(t *task.T) {
		t.ForAll(0, len(xs), func(t *task.T, i int) {
			sum += xs[i] // tasks i and j both read and write sum
		})
	})
	fmt.Println("sum:", sum)
}
