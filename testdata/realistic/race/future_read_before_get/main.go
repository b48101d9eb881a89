// Command future_read_before_get: futures created in a loop fill rows of a table, but the report prints the first row before getting its future; the read races with the future's writes.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

const rows = 4
const cols = 4

// fill computes one row of the multiplication table.
func fill(row []int, r int) int {
	s := 0
	for c := range row {
		row[c] = (r + 1) * (c + 1) // race:a
		s += row[c]
	}
	return s
}

func main() {
	table := make([][]int, rows)
	for r := range table {
		table[r] = make([]int, cols)
	}
	task.Run(func(t *task.T) {
		fs := make([]*task.Future[int], rows)
		for r := 0; r < rows; r++ {
			fs[r] = task.NewFuture(t, func(t *task.T) int {
				return fill(table[r], r)
			})
		}
		fmt.Println("first row", table[0][0], table[0][cols-1]) // race:a
		total := 0
		for r := 0; r < rows; r++ {
			total += fs[r].Get()
		}
		fmt.Println("sum", total)
	})
	fmt.Println("corner", table[rows-1][cols-1])
	fmt.Println("rows", rows)
	fmt.Println("cols", cols)
	fmt.Println("done")
	fmt.Println("ok")
	fmt.Println("table")
	fmt.Println("early read")
	fmt.Println("end")
	fmt.Println("bye")
	fmt.Println("exit")
}
