// Command goroutine computes fib(n) with plain goroutines, for comparison
// under `go build -race`: fib(n-1) runs in a new goroutine that sends its
// value on a channel, down to the same cutoff as the task version.
//
//	goroutine [-n 24] [-cutoff 12]
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/fibo"
)

func main() {
	fs := flag.NewFlagSet("fib", flag.ExitOnError)
	n := fs.Int("n", 24, "compute fib(n)")
	cutoff := fs.Int("cutoff", 12, "below this n, recurse without goroutines")
	fs.Parse(os.Args[1:])
	if *n < 0 {
		fmt.Fprintln(os.Stderr, "fib: -n must not be negative")
		os.Exit(2)
	}

	r := fib(*n, *cutoff)
	check.Done("fib", fibo.Check(r, *n), "fib(%d)=%d", *n, r)
}

func fib(n, cutoff int) int {
	if n < cutoff || n < 2 {
		return fibo.Recursive(n)
	}
	c := make(chan int, 1)
	go func() { c <- fib(n-1, cutoff) }()
	y := fib(n-2, cutoff)
	return <-c + y
}
