// Command series is the Series benchmark of Surendran and Sarkar's futures
// paper (section 5, table 2: Series-af and Series-future), after the Java
// Grande Forum's Fourier coefficient analysis: n coefficient pairs of
// (x+1)^x on [0, 2], one task per pair.
//
//	series [-n 100] [-variant af|future]
//
// With -variant af every pair is an Async inside one Finish that writes its
// own slot of the result (the paper's Series-af); with -variant future every
// pair is a future whose value the root task gets and stores, in creation
// order (Series-future). All gets are tree joins, as in the paper.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/tpinstr/tpinstr/rt/task"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/series"
)

func main() {
	fs := flag.NewFlagSet("series", flag.ExitOnError)
	n := fs.Int("n", 100, "number of coefficient pairs (the Java Grande sizes are 10000, 100000, 1000000)")
	variant := fs.String("variant", "af", "parallelization: af (async-finish) or future")
	fs.Parse(os.Args[1:])
	if *n < 1 {
		fmt.Fprintln(os.Stderr, "series: -n must be at least 1")
		os.Exit(2)
	}

	var c []series.Pair
	switch *variant {
	case "af":
		c = asyncFinish(*n)
	case "future":
		c = futures(*n)
	default:
		fmt.Fprintf(os.Stderr, "series: unknown -variant %q (want af or future)\n", *variant)
		os.Exit(2)
	}
	check.Done("series", series.Check(c), "%s", series.Summary(c))
}

// asyncFinish spawns one task per pair; each writes only its own slot.
func asyncFinish(n int) []series.Pair {
	c := make([]series.Pair, n)
	task.Run(func(t *task.T) {
		t.Finish(func(t *task.T) {
			for i := range c {
				t.Async(func(t *task.T) { c[i] = series.Coefficient(i) })
			}
		})
	})
	return c
}

// futures creates one future per pair, then gets them all in order.
func futures(n int) []series.Pair {
	c := make([]series.Pair, n)
	task.Run(func(t *task.T) {
		fs := make([]*task.Future[series.Pair], n)
		for i := range fs {
			fs[i] = task.NewFuture(t, func(*task.T) series.Pair { return series.Coefficient(i) })
		}
		for i, f := range fs {
			c[i] = f.Get()
		}
	})
	return c
}
