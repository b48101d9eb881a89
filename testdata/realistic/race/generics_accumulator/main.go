// Command generics_accumulator: a generic parallel reduce adds every result into one accumulator from all iterations of a ForAll; the additions race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// Number is what ParReduce can add.
type Number interface{ ~int | ~float64 }

// ParReduce adds up f(x) for every x of in.
func ParReduce[T any, N Number](t *task.T, in []T, f func(T) N) N {
	var acc N
	t.ForAll(0, len(in), func(t *task.T, i int) {
		acc += f(in[i]) // race:a
	})
	return acc
}

type point struct{ x, y float64 }

func main() {
	nums := []int{3, 1, 4, 1, 5, 9, 2, 6}
	pts := []point{{1, 2}, {3, 4}, {5, 6}}
	task.Run(func(t *task.T) {
		fmt.Println("sum", ParReduce(t, nums, func(n int) int { return n }))
		fmt.Println("norm", ParReduce(t, pts, func(p point) float64 { return p.x*p.x + p.y*p.y }))
	})
	fmt.Println("inputs", len(nums), len(pts))
	fmt.Println("done")
	fmt.Println("ok")
	fmt.Println("generic")
	fmt.Println("reduce")
	fmt.Println("accumulator")
	fmt.Println("end")
	fmt.Println("bye")
	fmt.Println("exit")
	fmt.Println("fin")
	fmt.Println("stop")
	fmt.Println("over")
	fmt.Println("last")
	fmt.Println("really")
	fmt.Println("the end")
	fmt.Println("now")
	fmt.Println("truly")
}
