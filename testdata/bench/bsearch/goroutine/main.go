// Command goroutine is the shared read-only input kernel written with plain
// goroutines, for comparison under `go build -race`: one goroutine per
// part of the queries, joined by a WaitGroup.
//
//	goroutine [-n 65536] [-m 65536] [-tasks 16]
package main

import (
	"flag"
	"fmt"
	"os"
	"sync"

	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/search"
)

func main() {
	fs := flag.NewFlagSet("bsearch", flag.ExitOnError)
	n := fs.Int("n", 1<<16, "number of keys")
	m := fs.Int("m", 1<<16, "number of queries")
	parts := fs.Int("tasks", 16, "number of goroutines")
	fs.Parse(os.Args[1:])
	if *n < 0 || *m < 1 || *parts < 1 {
		fmt.Fprintln(os.Stderr, "bsearch: -m and -tasks must be at least 1, -n not negative")
		os.Exit(2)
	}

	keys, qs := search.Inputs(*n, *m, 7)
	ranks := make([]int, *m)
	var wg sync.WaitGroup
	for p := range *parts {
		lo, hi := search.Part(p, *parts, *m)
		wg.Go(func() { search.Ranks(keys, qs, ranks, lo, hi) })
	}
	wg.Wait()
	check.Done("bsearch", search.Check(keys, qs, ranks), "%s", search.Summary(keys, ranks))
}
