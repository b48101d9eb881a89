// Command recover_shared: tasks recover their panics and store the error in one shared variable; two failing tasks write it in parallel, so they race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

type job struct {
	name string
	n    int
}

// work panics on a job it cannot do.
func work(j job) int {
	if j.n < 0 {
		panic("negative input in " + j.name)
	}
	r := 1
	for i := 2; i <= j.n; i++ {
		r *= i
	}
	return r
}

func main() {
	jobs := []job{{"a", 3}, {"b", -1}, {"c", 5}, {"d", -2}}
	results := make([]int, len(jobs))
	var lastErr error
	task.Run(func(t *task.T) {
		t.ForAll(0, len(jobs), func(t *task.T, i int) {
			defer func() {
				if r := recover(); r != nil {
					lastErr = fmt.Errorf("job %d: %v", i, r) // race:a
				}
			}()
			results[i] = work(jobs[i])
		})
	})
	if lastErr != nil {
		fmt.Println("some job failed")
	}
	for i := range jobs {
		fmt.Println(jobs[i].name, results[i])
	}
	fmt.Println("jobs", len(jobs))
	fmt.Println("done")
	fmt.Println("ok")
	fmt.Println("recover")
	fmt.Println("shared")
	fmt.Println("error")
	fmt.Println("end")
}
