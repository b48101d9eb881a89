// Command thesis_fig6_2_local: thesis Figure 6.2 with r1 a local variable captured by the tasks, so that the static analysis could prove its isolated accesses race-free; they must still be hooked, since exploration needs them to see that the two isolated sections conflict.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	n := 1
	r1 := n
	task.Run(func(t *task.T) {
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				t.Isolated(func() {
					r1 = n + 1 // race:a
				})
			})
			t.Async(func(t *task.T) {
				spawn := false
				t.Isolated(func() {
					if r1 == n {
						spawn = true
					} else {
						r1 = n - 1
					}
				})
				if spawn {
					t.Async(func(t *task.T) {
						r1 = n + 2 // race:a
					})
				}
			})
		})
	})
	fmt.Println(r1 >= 0)
}
