// Command goroutine is the Series benchmark written with plain goroutines,
// for comparison under `go build -race`: a fixed pool of workers takes
// coefficient indices from a channel and writes their own slots, and a
// WaitGroup joins them.
//
//	goroutine [-n 100]
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"sync"

	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/series"
)

func main() {
	fs := flag.NewFlagSet("series", flag.ExitOnError)
	n := fs.Int("n", 100, "number of coefficient pairs")
	fs.Parse(os.Args[1:])
	if *n < 1 {
		fmt.Fprintln(os.Stderr, "series: -n must be at least 1")
		os.Exit(2)
	}

	c := make([]series.Pair, *n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				c[i] = series.Coefficient(i)
			}
		})
	}
	for i := range c {
		next <- i
	}
	close(next)
	wg.Wait()
	check.Done("series", series.Check(c), "%s", series.Summary(c))
}
