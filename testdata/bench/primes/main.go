// Command primes is the PrimeNumCounter program of Nakade's thesis
// (chapter 7, table 7.1): count the primes below n by trial division, in
// chunks of -chunk numbers, one task per chunk, every prime found adding one
// to a shared counter inside Isolated.
//
//	primes [-n 100000] [-chunk 4000] [-variant async|forall|forasync]
//
// The variants are the thesis's three programs: "async" spawns the chunks
// with Async in a Finish (Prime Num Counter), "forall" uses ForAll (Prime
// Num Counter ForAll), and "forasync" uses ForAsync inside a Finish (Prime
// Num Counter ForAsync). The defaults make 25 tasks, as the thesis's runs.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/tpinstr/tpinstr/rt/task"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/primes"
)

func main() {
	fs := flag.NewFlagSet("primes", flag.ExitOnError)
	n := fs.Int("n", 100000, "count the primes below n")
	chunk := fs.Int("chunk", 4000, "numbers per task")
	variant := fs.String("variant", "async", "parallelization: async, forall or forasync")
	fs.Parse(os.Args[1:])
	if *n < 0 {
		fmt.Fprintln(os.Stderr, "primes: -n must not be negative")
		os.Exit(2)
	}
	if *chunk < 1 {
		fmt.Fprintln(os.Stderr, "primes: -chunk must be at least 1")
		os.Exit(2)
	}

	count := 0
	// scan counts the primes of chunk c into the shared counter.
	scan := func(t *task.T, c int) {
		lo, hi := primes.Chunk(c, *chunk, *n)
		for x := lo; x < hi; x++ {
			if primes.IsPrime(x) {
				t.Isolated(func() { count++ })
			}
		}
	}
	chunks := primes.Chunks(*chunk, *n)
	switch *variant {
	case "async":
		task.Run(func(t *task.T) {
			t.Finish(func(t *task.T) {
				for c := range chunks {
					t.Async(func(t *task.T) { scan(t, c) })
				}
			})
		})
	case "forall":
		task.Run(func(t *task.T) { t.ForAll(0, chunks, scan) })
	case "forasync":
		task.Run(func(t *task.T) {
			t.Finish(func(t *task.T) { t.ForAsync(0, chunks, scan) })
		})
	default:
		fmt.Fprintf(os.Stderr, "primes: unknown -variant %q (want async, forall or forasync)\n", *variant)
		os.Exit(2)
	}
	check.Done("primes", primes.Check(count, *n), "n=%d primes=%d", *n, count)
}
