// Command strassen is the Strassen benchmark of Surendran and Sarkar's
// futures paper (section 5, table 2), which the authors translated from the
// KASTORS suite's OpenMP dependent tasks: C = A·B for random n×n matrices
// by Strassen's recursion, down to a cutoff below which the schoolbook
// product is used.
//
//	strassen [-n 128] [-cutoff 32]
//
// At every level of the recursion the root of that level creates a future
// for each sum or difference of quadrants, a future for each of the seven
// products (which gets its operands' futures and recurses), and a future
// for each quadrant of C (which gets the products it combines). The
// products' and quadrants' gets are non-tree joins: a sibling, not the
// creator, waits for the future, as the KASTORS "depend" clauses become.
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"

	"github.com/tpinstr/tpinstr/rt/task"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/matrix"
)

func main() {
	fs := flag.NewFlagSet("strassen", flag.ExitOnError)
	n := fs.Int("n", 128, "matrix size, a power of two (the paper's is 1024)")
	cutoff := fs.Int("cutoff", 32, "size at or below which the schoolbook product is used (the paper's is 32)")
	seed := fs.Uint64("seed", 1, "seed of the matrices")
	fs.Parse(os.Args[1:])
	if *n < 1 || *n&(*n-1) != 0 || *cutoff < 1 {
		fmt.Fprintln(os.Stderr, "strassen: -n must be a power of two and -cutoff positive")
		os.Exit(2)
	}

	rng := rand.New(rand.NewPCG(*seed, 2))
	a, b, c := matrix.Random(*n, rng), matrix.Random(*n, rng), matrix.New(*n)
	task.Run(func(t *task.T) { multiply(t, c, a, b, *cutoff) })
	check.Done("strassen", matrix.Freivalds(a, b, c, 2, rng),
		"n=%d cutoff=%d checksum=%.12e", *n, *cutoff, matrix.Checksum(c))
}

// operand is a factor of a product: a quadrant, ready now, or a sum of
// quadrants that a future computes.
type operand struct {
	ready matrix.M
	f     *task.Future[matrix.M]
}

func (o operand) get() matrix.M {
	if o.f != nil {
		return o.f.Get()
	}
	return o.ready
}

// newOperand starts the computation of o.
func newOperand(t *task.T, o matrix.Operand, a, b matrix.M) operand {
	if o.Sign == 0 {
		return operand{ready: o.Eval(a, b)}
	}
	return operand{f: task.NewFuture(t, func(*task.T) matrix.M { return o.Eval(a, b) })}
}

// multiply sets c to a·b.
func multiply(t *task.T, c, a, b matrix.M, cutoff int) {
	if c.N <= cutoff {
		matrix.Mul(c, a, b)
		return
	}
	var prods [7]*task.Future[matrix.M]
	for k, p := range matrix.Products() {
		l, r := newOperand(t, p.Left, a, b), newOperand(t, p.Right, a, b)
		prods[k] = task.NewFuture(t, func(t *task.T) matrix.M {
			x, y := l.get(), r.get()
			m := matrix.New(x.N)
			multiply(t, m, x, y, cutoff)
			return m
		})
	}
	var quads [4]*task.Future[struct{}]
	for i, cb := range matrix.Combinations() {
		quads[i] = task.NewFuture(t, func(*task.T) struct{} {
			var m [7]matrix.M
			for k, sign := range cb.Terms {
				if sign != 0 {
					m[k] = prods[k].Get()
				}
			}
			cb.Combine(c, &m)
			return struct{}{}
		})
	}
	for _, q := range quads {
		q.Get()
	}
}
