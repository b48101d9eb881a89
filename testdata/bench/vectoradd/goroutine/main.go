// Command goroutine is the VectorAdd program written with plain goroutines,
// for comparison under `go build -race`: one goroutine per part, joined by
// a WaitGroup, every repetition.
//
//	goroutine [-n 1048576] [-tasks 2] [-reps 1]
package main

import (
	"flag"
	"fmt"
	"os"
	"sync"

	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/vecadd"
)

func main() {
	fs := flag.NewFlagSet("vectoradd", flag.ExitOnError)
	n := fs.Int("n", 1<<20, "vector length")
	parts := fs.Int("tasks", 2, "number of goroutines")
	reps := fs.Int("reps", 1, "times the addition is done")
	fs.Parse(os.Args[1:])
	if *n < 1 || *parts < 1 || *reps < 1 {
		fmt.Fprintln(os.Stderr, "vectoradd: -n, -tasks and -reps must be at least 1")
		os.Exit(2)
	}

	a, b := vecadd.Inputs(*n)
	c := make([]float64, *n)
	for range *reps {
		var wg sync.WaitGroup
		for p := range *parts {
			lo, hi := vecadd.Chunk(p, *parts, *n)
			wg.Go(func() { vecadd.Add(c[lo:hi], a[lo:hi], b[lo:hi]) })
		}
		wg.Wait()
	}
	check.Done("vectoradd", vecadd.Check(c), "n=%d", *n)
}
