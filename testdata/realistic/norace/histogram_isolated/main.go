// Command histogram_isolated: each task builds a local histogram of its chunk and adds it to the shared one inside Isolated; race-free.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

const buckets = 10

func main() {
	data := make([]int, 500)
	for i := range data {
		data[i] = (i*i + 7*i) % 100
	}
	var hist [buckets]int
	const tasks = 5
	per := len(data) / tasks
	task.Run(func(t *task.T) {
		t.ForAll(0, tasks, func(t *task.T, k int) {
			var local [buckets]int
			for _, v := range data[k*per : (k+1)*per] {
				local[v/10]++
			}
			t.Isolated(func() {
				for b := range local {
					hist[b] += local[b]
				}
			})
		})
	})
	total := 0
	for b, c := range hist {
		fmt.Printf("%2d-%2d %d\n", b*10, b*10+9, c)
		total += c
	}
	fmt.Println("total", total)
	if total != len(data) {
		fmt.Println("lost counts")
	}
	fmt.Println("tasks", tasks)
	fmt.Println("per task", per)
	fmt.Println("buckets", buckets)
	fmt.Println("done")
	fmt.Println("ok")
	fmt.Println("histogram")
	fmt.Println("isolated")
	fmt.Println("end")
}
