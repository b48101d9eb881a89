// Command futures_partial_get: futures are created in a loop, each writing its own slot, but only the first half are got before every slot is read; the reads of the other slots race with their futures.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

const jobs = 8

// cost is some work to do per job.
func cost(k int) int {
	s := 0
	for i := 0; i <= k*100; i++ {
		s += i % 7
	}
	return s
}

func main() {
	out := make([]int, jobs)
	task.Run(func(t *task.T) {
		fs := make([]*task.Future[bool], jobs)
		for k := 0; k < jobs; k++ {
			fs[k] = task.NewFuture(t, func(t *task.T) bool {
				out[k] = cost(k) // race:a
				return true
			})
		}
		for k := 0; k < jobs/2; k++ {
			fs[k].Get()
		}
		total := 0
		for k := 0; k < jobs; k++ {
			total += out[k] // race:a
		}
		fmt.Println("total", total)
	})
	fmt.Println("jobs", jobs)
	fmt.Println("done")
	fmt.Println("ok")
	fmt.Println("partial")
	fmt.Println("get")
	fmt.Println("end")
	fmt.Println("bye")
	fmt.Println("exit")
	fmt.Println("fin")
	fmt.Println("stop")
	fmt.Println("over")
}
