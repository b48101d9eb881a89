// Command transpose_inplace: an in-place transpose where iteration i swaps grid[i][j] with grid[j][i] for every j; iterations i and j swap the same pair, so they race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

const n = 6

func main() {
	grid := make([][]int, n)
	for i := range grid {
		grid[i] = make([]int, n)
		for j := range grid[i] {
			grid[i][j] = i*n + j
		}
	}
	task.Run(func(t *task.T) {
		t.ForAll(0, n, func(t *task.T, i int) {
			for j := 0; j < n; j++ {
				if i != j {
					grid[i][j], grid[j][i] = grid[j][i], grid[i][j] // race:a
				}
			}
		})
	})
	for _, row := range grid {
		fmt.Println(row)
	}
	fmt.Println("size", n)
	fmt.Println("done")
	fmt.Println("ok")
	fmt.Println("transpose")
	fmt.Println("in place")
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
}
