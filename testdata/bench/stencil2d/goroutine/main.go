// Command goroutine is the two-dimensional stencil kernel written with
// plain goroutines, for comparison under `go build -race`: one goroutine
// per band of rows, joined by a WaitGroup, every sweep.
//
//	goroutine [-n 128] [-sweeps 8] [-tasks 8]
package main

import (
	"flag"
	"fmt"
	"os"
	"sync"

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
	for range *sweeps {
		var wg sync.WaitGroup
		for p := range *parts {
			lo, hi := grid.Rows(p, *parts, *n)
			wg.Go(func() { grid.Sweep(h, g, lo, hi) })
		}
		wg.Wait()
		g, h = h, g
	}
	check.Done("stencil2d", grid.Check(before, g, *sweeps), "%s", grid.Summary(g, *sweeps))
}
