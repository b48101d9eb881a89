// Command tasks runs task-parallel code on the stand-in task library; its
// output must be the same rewritten.
package main

import (
	"fmt"

	task "github.com/tpinstr/tpinstr/instrument/testdata/src/faketask"
)

type grid struct {
	cells [][]int
	total int
}

func fib(t *task.T, n int) int {
	if n < 2 {
		return n
	}
	f := task.NewFuture(t, func(t *task.T) int { return fib(t, n-1) })
	return fib(t, n-2) + f.Get()
}

func main() {
	g := &grid{cells: make([][]int, 4)}
	var fibs []int
	counts := map[int]int{}
	task.Run(func(t *task.T) {
		t.ForAll(0, len(g.cells), func(t *task.T, i int) {
			g.cells[i] = make([]int, 4)
			for j := range g.cells[i] {
				g.cells[i][j] = i * j
			}
		})
		t.Finish(func(t *task.T) {
			for i := 0; i < 10; i++ {
				t.Async(func(t *task.T) {
					v := fib(t, i)
					t.Isolated(func() {
						fibs = append(fibs, v)
						counts[v%3]++
					})
				})
			}
		})
		sum := task.NewFuture(t, func(t *task.T) int {
			s := 0
			for _, row := range g.cells {
				for _, c := range row {
					s += c
				}
			}
			return s
		})
		g.total = sum.Get()
		g.total += sum.Get()
	})
	fmt.Println(fibs, counts, g.total)
}
