// Command grid_rows: a game-of-life step on a 2-D grid; iteration i of the ForAll writes next[i][j] for every j and only reads cur; race-free.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

const h, w = 10, 12

func newGrid() [][]bool {
	g := make([][]bool, h)
	for i := range g {
		g[i] = make([]bool, w)
	}
	return g
}

// neighbours counts the live neighbours of a cell on a torus.
func neighbours(g [][]bool, i, j int) int {
	c := 0
	for di := -1; di <= 1; di++ {
		for dj := -1; dj <= 1; dj++ {
			if (di != 0 || dj != 0) && g[(i+di+h)%h][(j+dj+w)%w] {
				c++
			}
		}
	}
	return c
}

func main() {
	cur, next := newGrid(), newGrid()
	cur[1][2], cur[2][3], cur[3][1], cur[3][2], cur[3][3] = true, true, true, true, true
	task.Run(func(t *task.T) {
		for gen := 0; gen < 8; gen++ {
			t.ForAll(0, h, func(t *task.T, i int) {
				for j := 0; j < w; j++ {
					k := neighbours(cur, i, j)
					next[i][j] = k == 3 || (k == 2 && cur[i][j])
				}
			})
			cur, next = next, cur
		}
	})
	alive := 0
	for i := range cur {
		for j := range cur[i] {
			if cur[i][j] {
				alive++
			}
		}
	}
	fmt.Println("alive", alive)
	fmt.Println("size", h, w)
}
