// Command histogram_unlocked: tasks add their local histograms to the shared one without Isolated; the additions of different tasks race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

const buckets = 10

func main() {
	data := make([]int, 300)
	for i := range data {
		data[i] = (i*i + 7*i) % 100
	}
	var hist [buckets]int
	const tasks = 3
	per := len(data) / tasks
	task.Run(func(t *task.T) {
		t.ForAll(0, tasks, func(t *task.T, k int) {
			var local [buckets]int
			for _, v := range data[k*per : (k+1)*per] {
				local[v/10]++
			}
			for b := range local {
				hist[b] += local[b] // race:a
			}
		})
	})
	total := 0
	for _, c := range hist {
		total += c
	}
	fmt.Println("total", total)
	fmt.Println("tasks", tasks)
	fmt.Println("per task", per)
	fmt.Println("buckets", buckets)
	fmt.Println("done")
	fmt.Println("ok")
	fmt.Println("histogram")
	fmt.Println("unlocked")
	fmt.Println("end")
	fmt.Println("bye")
	fmt.Println("exit")
	fmt.Println("fin")
	fmt.Println("stop")
	fmt.Println("over")
	fmt.Println("last")
	fmt.Println("really")
}
