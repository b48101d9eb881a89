// Command goroutine is the per-element helper kernel written with plain
// goroutines, for comparison under `go build -race`: one goroutine per
// part, joined by a WaitGroup, every repetition.
//
//	goroutine [-n 65536] [-degree 16] [-tasks 8] [-reps 1]
package main

import (
	"flag"
	"fmt"
	"os"
	"sync"

	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/poly"
)

func main() {
	fs := flag.NewFlagSet("polyeval", flag.ExitOnError)
	n := fs.Int("n", 1<<16, "number of points")
	degree := fs.Int("degree", 16, "degree of the polynomial")
	parts := fs.Int("tasks", 8, "number of goroutines")
	reps := fs.Int("reps", 1, "times the evaluation is done")
	fs.Parse(os.Args[1:])
	if *n < 1 || *degree < 0 || *parts < 1 || *reps < 1 {
		fmt.Fprintln(os.Stderr, "polyeval: -n, -tasks and -reps must be at least 1, -degree not negative")
		os.Exit(2)
	}

	c, xs := poly.Inputs(*n, *degree, 99)
	ys := make([]float64, *n)
	for range *reps {
		var wg sync.WaitGroup
		for p := range *parts {
			lo, hi := poly.Part(p, *parts, *n)
			wg.Go(func() { poly.Eval(c, xs, ys, lo, hi) })
		}
		wg.Wait()
	}
	check.Done("polyeval", poly.Check(c, xs, ys), "%s", poly.Summary(c, ys))
}
