// Command reciprocal is the ReciprocalArraySum program of Nakade's thesis
// (chapter 7, table 7.1): the sum of the reciprocals of an array of n
// numbers, split into -tasks parts, one Async each inside a Finish, each
// writing its partial sum to its own slot; the root task adds the slots.
//
//	reciprocal [-n 1048576] [-tasks 2] [-reps 1]
//
// The thesis's version (two tasks, as the default here) is seeded with a
// race: the root task reads the other task's partial sum without waiting
// for it. This one waits, so it is race-free; -reps repeats the sum to
// lengthen the run.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/tpinstr/tpinstr/rt/task"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/harmonic"
)

func main() {
	fs := flag.NewFlagSet("reciprocal", flag.ExitOnError)
	n := fs.Int("n", 1<<20, "array length")
	parts := fs.Int("tasks", 2, "number of tasks")
	reps := fs.Int("reps", 1, "times the sum is computed")
	fs.Parse(os.Args[1:])
	if *n < 1 || *parts < 1 || *reps < 1 {
		fmt.Fprintln(os.Stderr, "reciprocal: -n, -tasks and -reps must be at least 1")
		os.Exit(2)
	}

	x := harmonic.Array(*n)
	var sums []float64
	task.Run(func(t *task.T) {
		for range *reps {
			partial := make([]float64, *parts)
			t.Finish(func(t *task.T) {
				for c := range partial {
					lo, hi := harmonic.Chunk(c, *parts, *n)
					t.Async(func(*task.T) { partial[c] = harmonic.Sum(x[lo:hi]) })
				}
			})
			var s float64
			for _, p := range partial {
				s += p
			}
			sums = append(sums, s)
		}
	})
	check.Done("reciprocal", checkSums(sums, *n), "n=%d sum=%.15g", *n, sums[0])
}

// checkSums checks the first sum against H(n) and the others against it:
// the parts and their order are fixed, so every repetition must give the
// same bits.
func checkSums(sums []float64, n int) error {
	if err := harmonic.Check(sums[0], n); err != nil {
		return err
	}
	for i, s := range sums {
		if s != sums[0] {
			return fmt.Errorf("repetition %d summed to %.17g, the first to %.17g", i, s, sums[0])
		}
	}
	return nil
}
