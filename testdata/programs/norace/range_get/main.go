// Command range_get: the race-free twin of race/range_get: the writer gets the future of the summing task before it writes, so the loop's reads come first.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	sum := 0
	task.Run(func(t *task.T) {
		f := task.NewFuture(t, func(t *task.T) []int { return []int{1, 2, 3, 4} })
		summed := task.NewFuture(t, func(t *task.T) int {
			n := 0
			for _, v := range f.Get() {
				n += v
			}
			return n
		})
		t.Async(func(t *task.T) {
			sum = summed.Get()
			s := f.Get()
			s[3] = 10
		})
	})
	fmt.Println(sum)
}
