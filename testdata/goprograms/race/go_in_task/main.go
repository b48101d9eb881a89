// Command go_in_task: a task of a task.Run starts a goroutine and waits for it with a WaitGroup (which the checker does not model inside a task.Run: the run says "this schedule only"), while two tasks of the Run add into one total without a Finish between them, so the tasks race.
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
		t.Async(func(*task.T) {
			total += square(3) // race:total
		})
		total += square(4) // race:total
	})
	fmt.Println("total", total)
}
