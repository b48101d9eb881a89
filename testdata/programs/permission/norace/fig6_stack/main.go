// Command fig6_stack: Figure 6 of the gradual-permission paper with the peek moved after the Finish that joins the pushing async: the write region ends before the read region begins, so the permissions never conflict.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// stack is a small stack of ints.
type stack struct{ items []int }

func (s *stack) push(v int) { s.items = append(s.items, v) }

func (s *stack) peek() int { return s.items[len(s.items)-1] }

func main() {
	var seen int
	task.Run(func(t *task.T) {
		stk := &stack{items: []int{1}}
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				task.AcquireW(t, stk)
				stk.push(5)
				task.ReleaseW(t, stk)
			})
		})
		task.AcquireR(t, stk)
		seen = stk.peek()
		task.ReleaseR(t, stk)
	})
	fmt.Println(seen)
}
