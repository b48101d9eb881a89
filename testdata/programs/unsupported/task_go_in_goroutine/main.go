// Command task_go_in_goroutine: a goroutine of a checked run runs a task.Run, and an Async task of it starts a goroutine and waits for it: the checker does not model goroutines inside such a task yet, and must say so with the line, not check the program wrong.
package main

import (
	"fmt"
	"sync"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	done := make(chan int)
	go func() { done <- 1 }()
	total := <-done
	task.Run(func(t *task.T) {
		t.Async(func(*task.T) {
			var wg sync.WaitGroup
			wg.Add(1) // unsupported
			go func() {
				defer wg.Done()
			}()
			wg.Wait()
		})
		total++
	})
	fmt.Println("total", total)
}
