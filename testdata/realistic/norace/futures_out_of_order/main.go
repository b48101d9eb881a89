// Command futures_out_of_order: futures created in a loop each fill their own row of a table; the rows are read after the futures are got, in reverse order, in a later loop; race-free.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

const rows = 6
const cols = 5

// fill computes one row of the multiplication table.
func fill(row []int, r int) int {
	s := 0
	for c := range row {
		row[c] = (r + 1) * (c + 1)
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
		total := 0
		for r := rows - 1; r >= 0; r-- {
			total += fs[r].Get()
		}
		fmt.Println("sum of sums", total)
		for r := 0; r < rows; r++ {
			line := ""
			for c := 0; c < cols; c++ {
				line += fmt.Sprintf("%4d", table[r][c])
			}
			fmt.Println(line)
		}
	})
	diag := 0
	for i := 0; i < rows && i < cols; i++ {
		diag += table[i][i]
	}
	fmt.Println("diagonal", diag)
	fmt.Println("corner", table[rows-1][cols-1])
	fmt.Println("rows", rows, "cols", cols)
	fmt.Println("done")
}
