// Command stencil_inplace: a Jacobi step done in place; iteration i writes cur[i] while iterations i-1 and i+1 read it, so they race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

const n = 32

func main() {
	cur := make([]float64, n+2)
	cur[0], cur[n+1] = 100, 100
	task.Run(func(t *task.T) {
		for s := 0; s < 10; s++ {
			t.ForAll(1, n+1, func(t *task.T, i int) {
				cur[i] = (cur[i-1] + cur[i] + cur[i+1]) / 3 // race:a
			})
		}
	})
	mx := cur[1]
	for i := 1; i <= n; i++ {
		if cur[i] > mx {
			mx = cur[i]
		}
	}
	fmt.Printf("max %.3f\n", mx)
	fmt.Printf("middle %.3f\n", cur[n/2])
	fmt.Println("cells", n)
	fmt.Println("done")
	fmt.Println("ok")
	fmt.Println("in place")
	fmt.Println("stencil")
	fmt.Println("jacobi")
	fmt.Println("end")
	fmt.Println("bye")
	fmt.Println("exit")
	fmt.Println("fin")
	fmt.Println("stop")
	fmt.Println("over")
	fmt.Println("last")
	fmt.Println("really")
	fmt.Println("the end")
}
