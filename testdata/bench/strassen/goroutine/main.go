// Command goroutine is the Strassen benchmark written with plain
// goroutines, for comparison under `go build -race`: at every level of the
// recursion, one goroutine per product computes its operands and recurses,
// and a WaitGroup joins the seven before the quadrants of C are combined.
//
//	goroutine [-n 128] [-cutoff 32]
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"sync"

	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/matrix"
)

func main() {
	fs := flag.NewFlagSet("strassen", flag.ExitOnError)
	n := fs.Int("n", 128, "matrix size, a power of two")
	cutoff := fs.Int("cutoff", 32, "size at or below which the schoolbook product is used")
	seed := fs.Uint64("seed", 1, "seed of the matrices")
	fs.Parse(os.Args[1:])
	if *n < 1 || *n&(*n-1) != 0 || *cutoff < 1 {
		fmt.Fprintln(os.Stderr, "strassen: -n must be a power of two and -cutoff positive")
		os.Exit(2)
	}

	rng := rand.New(rand.NewPCG(*seed, 2))
	a, b, c := matrix.Random(*n, rng), matrix.Random(*n, rng), matrix.New(*n)
	multiply(c, a, b, *cutoff)
	check.Done("strassen", matrix.Freivalds(a, b, c, 2, rng),
		"n=%d cutoff=%d checksum=%.12e", *n, *cutoff, matrix.Checksum(c))
}

// multiply sets c to a·b.
func multiply(c, a, b matrix.M, cutoff int) {
	if c.N <= cutoff {
		matrix.Mul(c, a, b)
		return
	}
	var m [7]matrix.M
	var wg sync.WaitGroup
	for k, p := range matrix.Products() {
		wg.Go(func() {
			x, y := p.Left.Eval(a, b), p.Right.Eval(a, b)
			m[k] = matrix.New(x.N)
			multiply(m[k], x, y, cutoff)
		})
	}
	wg.Wait()
	for _, cb := range matrix.Combinations() {
		cb.Combine(c, &m)
	}
}
