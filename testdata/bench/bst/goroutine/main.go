// Command goroutine is the allocation-heavy tree kernel written with plain
// goroutines, for comparison under `go build -race`: one goroutine per
// chunk of -grain trees, joined by a WaitGroup.
//
//	goroutine [-trees 64] [-size 1000] [-grain 4]
package main

import (
	"flag"
	"fmt"
	"os"
	"sync"

	"github.com/tpinstr/tpinstr/testdata/bench/internal/bst"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
)

func main() {
	fs := flag.NewFlagSet("bst", flag.ExitOnError)
	trees := fs.Int("trees", 64, "number of trees")
	size := fs.Int("size", 1000, "nodes per tree")
	grain := fs.Int("grain", 4, "trees per goroutine")
	seed := fs.Uint64("seed", 2017, "seed of the keys")
	fs.Parse(os.Args[1:])
	if *trees < 1 || *size < 1 || *grain < 1 {
		fmt.Fprintln(os.Stderr, "bst: -trees, -size and -grain must be at least 1")
		os.Exit(2)
	}

	stats := make([]bst.Stats, *trees)
	var wg sync.WaitGroup
	for c := 0; c*(*grain) < *trees; c++ {
		wg.Go(func() {
			for i := c * *grain; i < min((c+1)**grain, *trees); i++ {
				stats[i] = bst.Tree(*seed, i, *size)
			}
		})
	}
	wg.Wait()
	check.Done("bst", bst.Check(*seed, *size, stats), "%s", bst.Summary(stats))
}
