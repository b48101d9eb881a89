// Command goroutine is the ReciprocalArraySum program written with plain
// goroutines, for comparison under `go build -race`: each part is summed by
// a goroutine that sends its partial sum on a channel, and the main
// goroutine adds what it receives in the order of the parts.
//
//	goroutine [-n 1048576] [-tasks 2] [-reps 1]
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/harmonic"
)

func main() {
	fs := flag.NewFlagSet("reciprocal", flag.ExitOnError)
	n := fs.Int("n", 1<<20, "array length")
	parts := fs.Int("tasks", 2, "number of goroutines")
	reps := fs.Int("reps", 1, "times the sum is computed")
	fs.Parse(os.Args[1:])
	if *n < 1 || *parts < 1 || *reps < 1 {
		fmt.Fprintln(os.Stderr, "reciprocal: -n, -tasks and -reps must be at least 1")
		os.Exit(2)
	}

	x := harmonic.Array(*n)
	var sums []float64
	for range *reps {
		results := make([]chan float64, *parts)
		for c := range results {
			lo, hi := harmonic.Chunk(c, *parts, *n)
			results[c] = make(chan float64, 1)
			go func() { results[c] <- harmonic.Sum(x[lo:hi]) }()
		}
		var s float64
		for _, r := range results {
			s += <-r
		}
		sums = append(sums, s)
	}
	var err error
	if err = harmonic.Check(sums[0], *n); err == nil {
		for i, s := range sums {
			if s != sums[0] {
				err = fmt.Errorf("repetition %d summed to %.17g, the first to %.17g", i, s, sums[0])
				break
			}
		}
	}
	check.Done("reciprocal", err, "n=%d sum=%.15g", *n, sums[0])
}
