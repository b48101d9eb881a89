// Command bsearch is a shared read-only input kernel (package
// internal/search): m rank queries answered by binary search in one sorted
// array of n keys that every task reads and none writes. A ForAll over
// -tasks parts of the queries.
//
//	bsearch [-n 65536] [-m 65536] [-tasks 16]
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/tpinstr/tpinstr/rt/task"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/search"
)

func main() {
	fs := flag.NewFlagSet("bsearch", flag.ExitOnError)
	n := fs.Int("n", 1<<16, "number of keys")
	m := fs.Int("m", 1<<16, "number of queries")
	parts := fs.Int("tasks", 16, "number of tasks")
	fs.Parse(os.Args[1:])
	if *n < 0 || *m < 1 || *parts < 1 {
		fmt.Fprintln(os.Stderr, "bsearch: -m and -tasks must be at least 1, -n not negative")
		os.Exit(2)
	}

	keys, qs := search.Inputs(*n, *m, 7)
	ranks := make([]int, *m)
	task.Run(func(t *task.T) {
		t.ForAll(0, *parts, func(_ *task.T, p int) {
			lo, hi := search.Part(p, *parts, *m)
			search.Ranks(keys, qs, ranks, lo, hi)
		})
	})
	check.Done("bsearch", search.Check(keys, qs, ranks), "%s", search.Summary(keys, ranks))
}
