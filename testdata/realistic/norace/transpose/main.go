// Command transpose: out-of-place transpose of a flat n×n matrix; iteration i of the ForAll writes out[j*n+i] for every j, column i of out, which no other iteration writes; race-free.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

const n = 9

func main() {
	in := make([]int, n*n)
	for i := range in {
		in[i] = i
	}
	out := make([]int, n*n)
	task.Run(func(t *task.T) {
		t.ForAll(0, n, func(t *task.T, i int) {
			for j := 0; j < n; j++ {
				out[j*n+i] = in[i*n+j]
			}
		})
	})
	ok := true
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if out[j*n+i] != in[i*n+j] {
				ok = false
			}
		}
	}
	fmt.Println("transposed", ok)
	fmt.Println("out[1]", out[1], "out[n]", out[n])
	fmt.Println("size", n)
	fmt.Println("done")
	fmt.Println("ok")
	fmt.Println("flat")
	fmt.Println("row-major")
	fmt.Println("columns")
	fmt.Println("end")
	fmt.Println("bye")
	fmt.Println("exit")
	fmt.Println("fin")
	fmt.Println("stop")
	fmt.Println("over")
}
