// Command range_get: one task ranges over the slice a future returns while a sibling writes an element of it through its own Get; nothing orders the two tasks, so the loop's reads race with the write. The range expression f.Get() cannot move before the loop (its handle is rewritten), so its reads are recorded where it is.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	sum := 0
	task.Run(func(t *task.T) {
		f := task.NewFuture(t, func(t *task.T) []int { return []int{1, 2, 3, 4} })
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				for _, v := range f.Get() { // race:a
					sum += v
				}
			})
			t.Async(func(t *task.T) {
				s := f.Get()
				s[3] = 10 // race:a
			})
		})
	})
	fmt.Println(sum)
}
