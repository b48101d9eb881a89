// Command chunks_off_by_one: chunks a[k*c:(k+1)*c+1] handed to tasks overlap by one element with the next chunk; the smoothing of neighbouring chunks races on it.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// smooth averages each element with its right neighbour.
func smooth(chunk []int) {
	for i := 0; i+1 < len(chunk); i++ {
		chunk[i] = (chunk[i] + chunk[i+1]) / 2 // race:a
	}
}

func main() {
	const chunks = 5
	const c = 8
	a := make([]int, chunks*c+1)
	for i := range a {
		a[i] = (i * 17) % 23
	}
	task.Run(func(t *task.T) {
		t.Finish(func(t *task.T) {
			for k := 0; k < chunks; k++ {
				part := a[k*c : (k+1)*c+1]
				t.Async(func(t *task.T) {
					smooth(part)
				})
			}
		})
	})
	sum := 0
	for _, v := range a {
		sum += v
	}
	fmt.Println("sum", sum)
	fmt.Println("first", a[0], "last", a[len(a)-1])
	fmt.Println("chunks", chunks, "of", c)
	fmt.Println("done")
	fmt.Println("ok")
	fmt.Println("smooth")
	fmt.Println("overlap")
	fmt.Println("off by one")
	fmt.Println("end")
	fmt.Println("bye")
	fmt.Println("exit")
	fmt.Println("fin")
	fmt.Println("stop")
	fmt.Println("over")
}
