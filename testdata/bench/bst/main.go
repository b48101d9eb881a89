// Command bst is an allocation-heavy tree kernel (package internal/bst):
// -trees unbalanced binary search trees of -size nodes each, every one
// built by inserting pseudo-random keys a node at a time, walked in order
// and dropped. A ForAll over chunks of -grain trees, each tree's
// statistics written to its own slot.
//
//	bst [-trees 64] [-size 1000] [-grain 4]
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/tpinstr/tpinstr/rt/task"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/bst"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
)

func main() {
	fs := flag.NewFlagSet("bst", flag.ExitOnError)
	trees := fs.Int("trees", 64, "number of trees")
	size := fs.Int("size", 1000, "nodes per tree")
	grain := fs.Int("grain", 4, "trees per task")
	seed := fs.Uint64("seed", 2017, "seed of the keys")
	fs.Parse(os.Args[1:])
	if *trees < 1 || *size < 1 || *grain < 1 {
		fmt.Fprintln(os.Stderr, "bst: -trees, -size and -grain must be at least 1")
		os.Exit(2)
	}

	stats := make([]bst.Stats, *trees)
	chunks := (*trees + *grain - 1) / *grain
	task.Run(func(t *task.T) {
		t.ForAll(0, chunks, func(_ *task.T, c int) {
			for i := c * *grain; i < min((c+1)**grain, *trees); i++ {
				stats[i] = bst.Tree(*seed, i, *size)
			}
		})
	})
	check.Done("bst", bst.Check(*seed, *size, stats), "%s", bst.Summary(stats))
}
