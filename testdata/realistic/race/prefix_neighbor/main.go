// Command prefix_neighbor: a naive parallel prefix sum where iteration i adds a[i-1] into a[i]; iteration i reads what iteration i-1 writes, so they race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

const n = 32

func main() {
	a := make([]int, n)
	for i := range a {
		a[i] = 1
	}
	task.Run(func(t *task.T) {
		t.ForAll(1, n, func(t *task.T, i int) {
			a[i] += a[i-1] // race:a
		})
	})
	fmt.Println("last", a[n-1])
	expected := n
	if a[n-1] != expected {
		fmt.Println("prefix sum is wrong:", a[n-1], "want", expected)
	}
	b := make([]int, n)
	for i := range b {
		b[i] = i
	}
	task.Run(func(t *task.T) {
		t.ForAll(0, n-1, func(t *task.T, i int) {
			b[i+1] = b[i] * 2 // race:b
		})
	})
	fmt.Println("b last", b[n-1])
	fmt.Println("n", n)
	fmt.Println("done")
	fmt.Println("ok")
	fmt.Println("prefix")
	fmt.Println("neighbour")
	fmt.Println("scan")
	fmt.Println("naive")
	fmt.Println("end")
	fmt.Println("bye")
	fmt.Println("exit")
	fmt.Println("fin")
	fmt.Println("stop")
	fmt.Println("over")
	fmt.Println("last line")
}
