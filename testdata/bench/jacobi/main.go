// Command jacobi is the Jacobi benchmark of Surendran and Sarkar's futures
// paper (section 5, table 2): a 5-point stencil on an n×n grid, one future
// per b×b block per sweep.
//
//	jacobi [-n 256] [-b 32] [-sweeps 8]
//
// The future of block (i, j) in sweep k+1 gets the futures of sweep k of
// the block itself and of its four neighbours, then computes the block.
// Those gets are non-tree joins: the root task created every future, and a
// sibling waits for it. This dependence structure cannot be written with
// async and finish alone without a barrier per sweep (the paper's point).
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/tpinstr/tpinstr/rt/task"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/jacobi"
)

func main() {
	fs := flag.NewFlagSet("jacobi", flag.ExitOnError)
	n := fs.Int("n", 256, "grid size (the paper's is 2048)")
	b := fs.Int("b", 32, "block size, dividing n (the paper's is 64)")
	sweeps := fs.Int("sweeps", 8, "number of sweeps")
	fs.Parse(os.Args[1:])

	g, err := jacobi.NewGrid(*n, *b)
	if err != nil {
		fmt.Fprintf(os.Stderr, "jacobi: %v\n", err)
		os.Exit(2)
	}
	run(g, *sweeps)
	check.Done("jacobi", g.Check(*sweeps), "%s", g.Summary(*sweeps))
}

// run creates the futures sweep by sweep; each captures the handles of the
// blocks it depends on, so prev can be replaced while they run.
func run(g *jacobi.Grid, sweeps int) {
	nb := g.Blocks()
	task.Run(func(t *task.T) {
		var prev []*task.Future[struct{}] // sweep k-1; nil before the first
		for k := range sweeps {
			cur := make([]*task.Future[struct{}], nb*nb)
			for bi := range nb {
				for bj := range nb {
					var deps []*task.Future[struct{}]
					if prev != nil {
						for _, d := range g.Neighbours(bi, bj) {
							deps = append(deps, prev[d[0]*nb+d[1]])
						}
					}
					cur[bi*nb+bj] = task.NewFuture(t, func(*task.T) struct{} {
						for _, d := range deps {
							d.Get()
						}
						g.Sweep(k, bi, bj)
						return struct{}{}
					})
				}
			}
			prev = cur
		}
		for _, f := range prev {
			f.Get()
		}
	})
}
