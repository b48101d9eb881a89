// Command vectoradd is the VectorAdd program of Nakade's thesis (chapter 7,
// table 7.1): c = a + b for vectors of n elements, split into -tasks parts
// by a ForAll, each iteration writing its own part of c.
//
//	vectoradd [-n 1048576] [-tasks 2] [-reps 1]
//
// -reps repeats the addition (into the same c) to lengthen the run.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/tpinstr/tpinstr/rt/task"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/vecadd"
)

func main() {
	fs := flag.NewFlagSet("vectoradd", flag.ExitOnError)
	n := fs.Int("n", 1<<20, "vector length")
	parts := fs.Int("tasks", 2, "number of tasks")
	reps := fs.Int("reps", 1, "times the addition is done")
	fs.Parse(os.Args[1:])
	if *n < 1 || *parts < 1 || *reps < 1 {
		fmt.Fprintln(os.Stderr, "vectoradd: -n, -tasks and -reps must be at least 1")
		os.Exit(2)
	}

	a, b := vecadd.Inputs(*n)
	c := make([]float64, *n)
	task.Run(func(t *task.T) {
		for range *reps {
			t.ForAll(0, *parts, func(_ *task.T, p int) {
				lo, hi := vecadd.Chunk(p, *parts, *n)
				vecadd.Add(c[lo:hi], a[lo:hi], b[lo:hi])
			})
		}
	})
	check.Done("vectoradd", vecadd.Check(c), "n=%d", *n)
}
