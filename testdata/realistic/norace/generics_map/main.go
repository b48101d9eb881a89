// Command generics_map: a generic parallel map writes out[i] in iteration i of a ForAll, instantiated twice; race-free.
package main

import (
	"fmt"
	"strconv"

	"github.com/tpinstr/tpinstr/rt/task"
)

// ParMap applies f to every element of in, in parallel.
func ParMap[T, U any](t *task.T, in []T, f func(T) U) []U {
	out := make([]U, len(in))
	t.ForAll(0, len(in), func(t *task.T, i int) {
		out[i] = f(in[i])
	})
	return out
}

// ParSum adds up the results of f in per-task slots.
func ParSum[T any](t *task.T, in []T, f func(T) int) int {
	parts := ParMap(t, in, f)
	s := 0
	for _, p := range parts {
		s += p
	}
	return s
}

type point struct{ x, y int }

func main() {
	nums := []int{3, 1, 4, 1, 5, 9, 2, 6}
	pts := []point{{1, 2}, {3, 4}, {5, 6}}
	task.Run(func(t *task.T) {
		strs := ParMap(t, nums, func(n int) string { return strconv.Itoa(n * n) })
		fmt.Println(strs)
		norms := ParMap(t, pts, func(p point) int { return p.x*p.x + p.y*p.y })
		fmt.Println(norms)
		fmt.Println("sum", ParSum(t, nums, func(n int) int { return n }))
		fmt.Println("len", ParSum(t, strs, func(s string) int { return len(s) }))
	})
	fmt.Println("inputs", len(nums), len(pts))
	fmt.Println("done")
	fmt.Println("ok")
	fmt.Println("generic map")
	fmt.Println("finished")
	fmt.Println("exit")
	fmt.Println("bye")
	fmt.Println("end")
}
