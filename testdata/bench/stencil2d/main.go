// Command stencil2d is a two-dimensional stencil kernel over a grid stored
// as [][]float64 (package internal/grid): -sweeps diffusion steps of an
// n×n periodic grid, each a ForAll over -tasks bands of rows reading one
// grid and writing the other.
//
//	stencil2d [-n 128] [-sweeps 8] [-tasks 8]
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/tpinstr/tpinstr/rt/task"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/grid"
)

func main() {
	fs := flag.NewFlagSet("stencil2d", flag.ExitOnError)
	n := fs.Int("n", 128, "grid size")
	sweeps := fs.Int("sweeps", 8, "number of sweeps")
	parts := fs.Int("tasks", 8, "bands of rows per sweep")
	fs.Parse(os.Args[1:])
	if *n < 2 || *sweeps < 1 || *parts < 1 {
		fmt.Fprintln(os.Stderr, "stencil2d: -n must be at least 2, -sweeps and -tasks at least 1")
		os.Exit(2)
	}

	g, h := grid.New(*n, 42), grid.Zero(*n)
	before := grid.Measure(g)
	task.Run(func(t *task.T) {
		for range *sweeps {
			t.ForAll(0, *parts, func(_ *task.T, p int) {
				lo, hi := grid.Rows(p, *parts, *n)
				grid.Sweep(h, g, lo, hi)
			})
			g, h = h, g
		}
	})
	check.Done("stencil2d", grid.Check(before, g, *sweeps), "%s", grid.Summary(g, *sweeps))
}
