// Command goroutine is the BinaryTrees program written with plain
// goroutines, for comparison under `go build -race`: one goroutine per
// round, each starting one goroutine per chunk of -grain trees, joined by
// WaitGroups; every goroutine writes only its own slot.
//
//	goroutine [-depth 10] [-grain 32]
package main

import (
	"flag"
	"fmt"
	"os"
	"sync"

	"github.com/tpinstr/tpinstr/testdata/bench/internal/btree"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
)

func main() {
	fs := flag.NewFlagSet("binarytrees", flag.ExitOnError)
	depth := fs.Int("depth", 10, "maximum tree depth (at least 6)")
	grain := fs.Int("grain", 32, "trees per goroutine")
	fs.Parse(os.Args[1:])
	if *grain < 1 {
		fmt.Fprintln(os.Stderr, "binarytrees: -grain must be at least 1")
		os.Exit(2)
	}

	p := btree.NewPlan(*depth)
	r := btree.Result{Stretch: btree.Build(p.Max + 1).Count()}
	long := btree.Build(p.Max)
	ds := p.Depths()
	r.Rounds = make([]int, len(ds))
	var wg sync.WaitGroup
	for i, d := range ds {
		wg.Go(func() { r.Rounds[i] = round(d, p.Iterations(d), *grain) })
	}
	wg.Wait()
	r.LongLived = long.Count()
	check.Done("binarytrees", p.Check(r), "%s", p.Summary(r))
}

// round builds n trees of depth d, grain trees per goroutine, and returns
// their total node count.
func round(d, n, grain int) int {
	chunks := (n + grain - 1) / grain
	counts := make([]int, chunks)
	var wg sync.WaitGroup
	for c := range chunks {
		wg.Go(func() {
			for range min(grain, n-c*grain) {
				counts[c] += btree.Build(d).Count()
			}
		})
	}
	wg.Wait()
	total := 0
	for _, c := range counts {
		total += c
	}
	return total
}
