// Command fig6_stack: Figure 6 of the gradual-permission paper (Mercer et al., ASE 2015): an async pushes on a stack under a write permission while its parent peeks under a read permission; the two regions may overlap in time, so their acquires race.
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
				task.AcquireW(t, stk) // race:a
				stk.push(5)
				task.ReleaseW(t, stk)
			})
			task.AcquireR(t, stk) // race:a
			seen = stk.peek()
			task.ReleaseR(t, stk)
		})
	})
	fmt.Println(seen > 0)
}
