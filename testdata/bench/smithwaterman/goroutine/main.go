// Command goroutine is the Smith-Waterman benchmark written with plain
// goroutines, for comparison under `go build -race`: one goroutine per
// tile, each waiting for the channels of its three neighbours, writing its
// own slot of the result and closing its channel.
//
//	goroutine [-n 1000] [-m 1000] [-tiles 10]
package main

import (
	"flag"
	"fmt"
	"os"
	"sync"

	"github.com/tpinstr/tpinstr/testdata/bench/internal/align"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
)

func main() {
	fs := flag.NewFlagSet("smithwaterman", flag.ExitOnError)
	n := fs.Int("n", 1000, "length of the first sequence")
	m := fs.Int("m", 1000, "length of the second sequence")
	tiles := fs.Int("tiles", 10, "tiles along each side")
	seed := fs.Uint64("seed", 1, "seed of the sequences")
	fs.Parse(os.Args[1:])

	p, err := align.NewProblem(*n, *m, *tiles, *seed)
	if err != nil {
		fmt.Fprintf(os.Stderr, "smithwaterman: %v\n", err)
		os.Exit(2)
	}
	out := make([][]*align.Tile, p.TileRows)
	done := make([][]chan struct{}, p.TileRows)
	for ti := range out {
		out[ti] = make([]*align.Tile, p.TileCols)
		done[ti] = make([]chan struct{}, p.TileCols)
		for tj := range done[ti] {
			done[ti][tj] = make(chan struct{})
		}
	}
	// wait returns the finished tile (ti, tj), or nil outside the matrix.
	wait := func(ti, tj int) *align.Tile {
		if ti < 0 || tj < 0 {
			return nil
		}
		<-done[ti][tj]
		return out[ti][tj]
	}
	var wg sync.WaitGroup
	for ti := range out {
		for tj := range out[ti] {
			wg.Go(func() {
				out[ti][tj] = p.Compute(ti, tj, wait(ti-1, tj), wait(ti, tj-1), wait(ti-1, tj-1))
				close(done[ti][tj])
			})
		}
	}
	wg.Wait()
	best, err := p.Check(out)
	check.Done("smithwaterman", err, "n=%d m=%d tiles=%d score=%d", *n, *m, *tiles, best)
}
