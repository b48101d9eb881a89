// Command method_values: each worker is a separate struct whose run method value is spawned as a task; a worker's run writes only its own fields, read after the Finish; race-free.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

type worker struct {
	id    int
	input []int
	sum   int
	max   int
}

// run computes the worker's statistics.
func (w *worker) run(t *task.T) {
	for _, v := range w.input {
		w.sum += v
		if v > w.max {
			w.max = v
		}
	}
}

// newWorkers splits data into n workers.
func newWorkers(data []int, n int) []*worker {
	ws := make([]*worker, n)
	per := len(data) / n
	for i := range ws {
		ws[i] = &worker{id: i, input: data[i*per : (i+1)*per]}
	}
	return ws
}

func main() {
	data := make([]int, 40)
	for i := range data {
		data[i] = (i * 13) % 29
	}
	ws := newWorkers(data, 4)
	task.Run(func(t *task.T) {
		t.Finish(func(t *task.T) {
			for _, w := range ws {
				t.Async(w.run)
			}
		})
	})
	total, best := 0, 0
	for _, w := range ws {
		fmt.Println("worker", w.id, "sum", w.sum, "max", w.max)
		total += w.sum
		if w.max > best {
			best = w.max
		}
	}
	fmt.Println("total", total)
	fmt.Println("max", best)
	fmt.Println("workers", len(ws))
	fmt.Println("done")
}
