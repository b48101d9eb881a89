// Command recover_tasks: each iteration of a ForAll runs a job that may panic, recovers inside its own task and records the error in its own slot; the errors are read after the ForAll; race-free.
package main

import (
	"errors"
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
	jobs := []job{{"a", 3}, {"b", -1}, {"c", 5}, {"d", 0}, {"e", -7}, {"f", 4}}
	results := make([]int, len(jobs))
	errs := make([]error, len(jobs))
	task.Run(func(t *task.T) {
		t.ForAll(0, len(jobs), func(t *task.T, i int) {
			defer func() {
				if r := recover(); r != nil {
					errs[i] = fmt.Errorf("job %d: %v", i, r)
				}
			}()
			results[i] = work(jobs[i])
		})
	})
	failed := 0
	for i := range jobs {
		if errs[i] != nil {
			failed++
			fmt.Println("error:", errs[i])
			continue
		}
		fmt.Println(jobs[i].name, "=", results[i])
	}
	if failed > 0 {
		fmt.Println(errors.New("some jobs failed"), failed)
	}
	fmt.Println("jobs", len(jobs))
	fmt.Println("done")
}
