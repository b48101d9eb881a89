// Command polyeval is a per-element helper kernel (package internal/poly):
// a polynomial of degree -degree evaluated at n points by helpers that load
// and store one element of a slice passed in, and by Horner's rule over
// the coefficient slice that every task shares. A ForAll over -tasks parts,
// repeated -reps times.
//
//	polyeval [-n 65536] [-degree 16] [-tasks 8] [-reps 1]
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/tpinstr/tpinstr/rt/task"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/poly"
)

func main() {
	fs := flag.NewFlagSet("polyeval", flag.ExitOnError)
	n := fs.Int("n", 1<<16, "number of points")
	degree := fs.Int("degree", 16, "degree of the polynomial")
	parts := fs.Int("tasks", 8, "number of tasks")
	reps := fs.Int("reps", 1, "times the evaluation is done")
	fs.Parse(os.Args[1:])
	if *n < 1 || *degree < 0 || *parts < 1 || *reps < 1 {
		fmt.Fprintln(os.Stderr, "polyeval: -n, -tasks and -reps must be at least 1, -degree not negative")
		os.Exit(2)
	}

	c, xs := poly.Inputs(*n, *degree, 99)
	ys := make([]float64, *n)
	task.Run(func(t *task.T) {
		for range *reps {
			t.ForAll(0, *parts, func(_ *task.T, p int) {
				lo, hi := poly.Part(p, *parts, *n)
				poly.Eval(c, xs, ys, lo, hi)
			})
		}
	})
	check.Done("polyeval", poly.Check(c, xs, ys), "%s", poly.Summary(c, ys))
}
