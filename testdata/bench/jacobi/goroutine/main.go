// Command goroutine is the Jacobi benchmark written with plain goroutines,
// for comparison under `go build -race`: one goroutine per block runs every
// sweep of that block, and a channel per block and sweep, closed when the
// block is done, lets its neighbours go on to the next sweep.
//
//	goroutine [-n 256] [-b 32] [-sweeps 8]
package main

import (
	"flag"
	"fmt"
	"os"
	"sync"

	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/jacobi"
)

func main() {
	fs := flag.NewFlagSet("jacobi", flag.ExitOnError)
	n := fs.Int("n", 256, "grid size")
	b := fs.Int("b", 32, "block size, dividing n")
	sweeps := fs.Int("sweeps", 8, "number of sweeps")
	fs.Parse(os.Args[1:])

	g, err := jacobi.NewGrid(*n, *b)
	if err != nil {
		fmt.Fprintf(os.Stderr, "jacobi: %v\n", err)
		os.Exit(2)
	}
	nb := g.Blocks()
	done := make([][]chan struct{}, *sweeps) // done[k][block] closes after sweep k
	for k := range done {
		done[k] = make([]chan struct{}, nb*nb)
		for i := range done[k] {
			done[k][i] = make(chan struct{})
		}
	}
	var wg sync.WaitGroup
	for bi := range nb {
		for bj := range nb {
			deps := g.Neighbours(bi, bj)
			wg.Go(func() {
				for k := range *sweeps {
					if k > 0 {
						for _, d := range deps {
							<-done[k-1][d[0]*nb+d[1]]
						}
					}
					g.Sweep(k, bi, bj)
					close(done[k][bi*nb+bj])
				}
			})
		}
	}
	wg.Wait()
	check.Done("jacobi", g.Check(*sweeps), "%s", g.Summary(*sweeps))
}
