// Command closure_fields: jobs carry a closure stored in a struct field; each closure writes only the result slot of its own job, and the results are read after the Finish; race-free.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

type job struct {
	name string
	run  func() int
}

type pool struct {
	jobs    []job
	results []int
}

// add registers a job.
func (p *pool) add(name string, f func() int) {
	p.jobs = append(p.jobs, job{name: name, run: f})
}

// runAll runs every job in its own task.
func (p *pool) runAll(t *task.T) {
	p.results = make([]int, len(p.jobs))
	res := p.results
	t.Finish(func(t *task.T) {
		for i, j := range p.jobs {
			t.Async(func(t *task.T) {
				res[i] = j.run()
			})
		}
	})
}

func main() {
	p := &pool{}
	for k := 1; k <= 5; k++ {
		p.add(fmt.Sprint("square", k), func() int { return k * k })
	}
	p.add("answer", func() int { return 42 })
	task.Run(func(t *task.T) {
		p.runAll(t)
	})
	for i, j := range p.jobs {
		fmt.Println(j.name, p.results[i])
	}
	fmt.Println("jobs", len(p.jobs))
	fmt.Println("done")
}
