// Command goroutine is the PrimeNumCounter program written with plain
// goroutines, for comparison under `go build -race`: one goroutine per
// chunk, every prime found adding one to a counter under a Mutex, joined by
// a WaitGroup.
//
//	goroutine [-n 100000] [-chunk 4000]
package main

import (
	"flag"
	"fmt"
	"os"
	"sync"

	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/primes"
)

func main() {
	fs := flag.NewFlagSet("primes", flag.ExitOnError)
	n := fs.Int("n", 100000, "count the primes below n")
	chunk := fs.Int("chunk", 4000, "numbers per goroutine")
	fs.Parse(os.Args[1:])
	if *n < 0 {
		fmt.Fprintln(os.Stderr, "primes: -n must not be negative")
		os.Exit(2)
	}
	if *chunk < 1 {
		fmt.Fprintln(os.Stderr, "primes: -chunk must be at least 1")
		os.Exit(2)
	}

	var (
		mu    sync.Mutex
		count int
		wg    sync.WaitGroup
	)
	for c := range primes.Chunks(*chunk, *n) {
		wg.Go(func() {
			lo, hi := primes.Chunk(c, *chunk, *n)
			for x := lo; x < hi; x++ {
				if primes.IsPrime(x) {
					mu.Lock()
					count++
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	check.Done("primes", primes.Check(count, *n), "n=%d primes=%d", *n, count)
}
