// Command stencil_jacobi: a 1-D Jacobi relaxation with two buffers; each ForAll reads the old buffer and writes only element i of the new one, and the buffers are swapped between ForAlls; race-free.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

const n = 64
const steps = 20

func main() {
	cur := make([]float64, n+2)
	next := make([]float64, n+2)
	cur[0], cur[n+1] = 100, 100
	next[0], next[n+1] = 100, 100
	task.Run(func(t *task.T) {
		for s := 0; s < steps; s++ {
			t.ForAll(1, n+1, func(t *task.T, i int) {
				next[i] = (cur[i-1] + cur[i] + cur[i+1]) / 3
			})
			cur, next = next, cur
		}
	})
	mx, mn := cur[1], cur[1]
	for i := 1; i <= n; i++ {
		if cur[i] > mx {
			mx = cur[i]
		}
		if cur[i] < mn {
			mn = cur[i]
		}
	}
	fmt.Printf("min %.3f max %.3f\n", mn, mx)
	fmt.Printf("middle %.3f\n", cur[n/2])
	fmt.Println("steps", steps)
	fmt.Println("cells", n)
	sum := 0.0
	for i := 1; i <= n; i++ {
		sum += cur[i]
	}
	fmt.Printf("mean %.3f\n", sum/n)
	edges := cur[1] + cur[n]
	fmt.Printf("edges %.3f\n", edges)
	fmt.Println("done")
}
