// Command smithwaterman is the Smith-Waterman benchmark of Surendran and
// Sarkar's futures paper (section 5, table 2): the best local alignment
// score of two random DNA sequences, the score matrix cut into tiles×tiles
// tiles with one future each.
//
//	smithwaterman [-n 1000] [-m 1000] [-tiles 10]
//
// The future of a tile gets the futures of the tiles above, to the left and
// up-left (non-tree joins: the root task created them all, in row-major
// order), computes its tile, and returns its edges. The root task gets
// every tile at the end to check them.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/tpinstr/tpinstr/rt/task"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/align"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
)

func main() {
	fs := flag.NewFlagSet("smithwaterman", flag.ExitOnError)
	n := fs.Int("n", 1000, "length of the first sequence (the paper's is 10000)")
	m := fs.Int("m", 1000, "length of the second sequence (the paper's is 10000)")
	tiles := fs.Int("tiles", 10, "tiles along each side (the paper's is 40)")
	seed := fs.Uint64("seed", 1, "seed of the sequences")
	fs.Parse(os.Args[1:])

	p, err := align.NewProblem(*n, *m, *tiles, *seed)
	if err != nil {
		fmt.Fprintf(os.Stderr, "smithwaterman: %v\n", err)
		os.Exit(2)
	}
	best, err := p.Check(run(p))
	check.Done("smithwaterman", err, "n=%d m=%d tiles=%d score=%d", *n, *m, *tiles, best)
}

// run computes every tile and returns them, indexed [row][column].
func run(p *align.Problem) [][]*align.Tile {
	out := make([][]*align.Tile, p.TileRows)
	task.Run(func(t *task.T) {
		fs := make([][]*task.Future[*align.Tile], p.TileRows)
		at := func(ti, tj int) *task.Future[*align.Tile] {
			if ti < 0 || tj < 0 {
				return nil
			}
			return fs[ti][tj]
		}
		for ti := range fs {
			fs[ti] = make([]*task.Future[*align.Tile], p.TileCols)
			for tj := range fs[ti] {
				up, left, diag := at(ti-1, tj), at(ti, tj-1), at(ti-1, tj-1)
				fs[ti][tj] = task.NewFuture(t, func(*task.T) *align.Tile {
					return p.Compute(ti, tj, get(up), get(left), get(diag))
				})
			}
		}
		for ti, row := range fs {
			out[ti] = make([]*align.Tile, len(row))
			for tj, f := range row {
				out[ti][tj] = f.Get()
			}
		}
	})
	return out
}

// get waits for a neighbour's tile; nil stands for outside the matrix.
func get(f *task.Future[*align.Tile]) *align.Tile {
	if f == nil {
		return nil
	}
	return f.Get()
}
