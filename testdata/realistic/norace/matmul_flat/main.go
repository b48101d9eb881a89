// Command matmul_flat: matrix product on flat row-major slices; iteration i of the ForAll writes c[i*n+j] for every j, a row no other iteration writes; race-free.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

const n = 12

// identityPlus returns a matrix with k on the diagonal and 1 elsewhere.
func identityPlus(k float64) []float64 {
	m := make([]float64, n*n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			m[i*n+j] = 1
		}
		m[i*n+i] = k
	}
	return m
}

func main() {
	a := identityPlus(2)
	b := identityPlus(3)
	c := make([]float64, n*n)
	task.Run(func(t *task.T) {
		t.ForAll(0, n, func(t *task.T, i int) {
			for j := 0; j < n; j++ {
				s := 0.0
				for k := 0; k < n; k++ {
					s += a[i*n+k] * b[k*n+j]
				}
				c[i*n+j] = s
			}
		})
	})
	trace := 0.0
	for i := 0; i < n; i++ {
		trace += c[i*n+i]
	}
	fmt.Println("trace", trace)
	fmt.Println("corner", c[0], c[n*n-1])
	sum := 0.0
	for _, v := range c {
		sum += v
	}
	fmt.Println("sum", sum)
	fmt.Println("size", n)
	fmt.Println("done")
}
