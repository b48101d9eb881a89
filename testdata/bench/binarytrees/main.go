// Command binarytrees is the BinaryTrees program of Nakade's thesis
// (chapter 7, table 7.1, "Binary Trees"), after the Computer Language
// Benchmarks Game: build, walk and drop many perfect binary trees.
//
//	binarytrees [-depth 10] [-grain 32]
//
// The stretch tree and the long-lived tree are built by the root task. The
// rounds (one per even depth) run as one Async each inside a Finish; a
// round's trees are built by a ForAll over chunks of -grain trees, each
// chunk writing its node count to its own slot.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/tpinstr/tpinstr/rt/task"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/btree"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
)

func main() {
	fs := flag.NewFlagSet("binarytrees", flag.ExitOnError)
	depth := fs.Int("depth", 10, "maximum tree depth (at least 6; the Benchmarks Game's is 21)")
	grain := fs.Int("grain", 32, "trees per task")
	fs.Parse(os.Args[1:])
	if *grain < 1 {
		fmt.Fprintln(os.Stderr, "binarytrees: -grain must be at least 1")
		os.Exit(2)
	}

	p := btree.NewPlan(*depth)
	r := run(p, *grain)
	check.Done("binarytrees", p.Check(r), "%s", p.Summary(r))
}

func run(p btree.Plan, grain int) btree.Result {
	var r btree.Result
	task.Run(func(t *task.T) {
		r.Stretch = btree.Build(p.Max + 1).Count()
		long := btree.Build(p.Max)
		ds := p.Depths()
		r.Rounds = make([]int, len(ds))
		t.Finish(func(t *task.T) {
			for i, d := range ds {
				t.Async(func(t *task.T) { r.Rounds[i] = round(t, d, p.Iterations(d), grain) })
			}
		})
		r.LongLived = long.Count()
	})
	return r
}

// round builds n trees of depth d, grain trees per task, and returns their
// total node count.
func round(t *task.T, d, n, grain int) int {
	chunks := (n + grain - 1) / grain
	counts := make([]int, chunks)
	t.ForAll(0, chunks, func(_ *task.T, c int) {
		for range min(grain, n-c*grain) {
			counts[c] += btree.Build(d).Count()
		}
	})
	total := 0
	for _, c := range counts {
		total += c
	}
	return total
}
