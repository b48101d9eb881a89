// Command matmul_wrong_stride: matrix product that stores c[i+j] instead of c[i*n+j]; iterations i and i+1 write the same elements, so they race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

const n = 8

func main() {
	a := make([]float64, n*n)
	b := make([]float64, n*n)
	for i := range a {
		a[i] = float64(i % 3)
		b[i] = float64(i % 5)
	}
	c := make([]float64, n*n)
	task.Run(func(t *task.T) {
		t.ForAll(0, n, func(t *task.T, i int) {
			for j := 0; j < n; j++ {
				s := 0.0
				for k := 0; k < n; k++ {
					s += a[i*n+k] * b[k*n+j]
				}
				c[i+j] = s // race:a
			}
		})
	})
	sum := 0.0
	for _, v := range c {
		sum += v
	}
	fmt.Println("sum", sum)
	fmt.Println("size", n)
	fmt.Println("done")
	fmt.Println("ok")
	fmt.Println("matmul")
	fmt.Println("stride")
	fmt.Println("wrong")
	fmt.Println("end")
	fmt.Println("bye")
	fmt.Println("exit")
	fmt.Println("fin")
	fmt.Println("stop")
	fmt.Println("over")
	fmt.Println("last")
	fmt.Println("really")
}
