// Command go_in_task: the race-free twin: a task of a task.Run starts a goroutine and waits for it with a WaitGroup (not modelled inside a task.Run: the run says "this schedule only"), and a Finish orders the two tasks' additions into the total.
package main

import (
	"fmt"
	"sync"

	"github.com/tpinstr/tpinstr/rt/task"
)

// square returns v*v, computed by a goroutine of its own.
func square(v int) int {
	var r int
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		r = v * v
	}()
	wg.Wait()
	return r
}

func main() {
	total := 0
	task.Run(func(t *task.T) {
		t.Finish(func(t *task.T) {
			t.Async(func(*task.T) {
				total += square(3)
			})
		})
		total += square(4)
	})
	fmt.Println("total", total)
}
