// Command fib computes fib(n) with futures: fib(n) creates a future for
// fib(n-1), computes fib(n-2) itself, and adds the future's value, down to
// a cutoff below which the plain recursion runs. Every get is by the
// future's creator (a tree join); the number of futures grows as fib(n -
// cutoff), so the cutoff sets how much task overhead the run measures.
//
//	fib [-n 24] [-cutoff 12]
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/tpinstr/tpinstr/rt/task"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/fibo"
)

func main() {
	fs := flag.NewFlagSet("fib", flag.ExitOnError)
	n := fs.Int("n", 24, "compute fib(n)")
	cutoff := fs.Int("cutoff", 12, "below this n, recurse without tasks")
	fs.Parse(os.Args[1:])
	if *n < 0 {
		fmt.Fprintln(os.Stderr, "fib: -n must not be negative")
		os.Exit(2)
	}

	var r int
	task.Run(func(t *task.T) { r = fib(t, *n, *cutoff) })
	check.Done("fib", fibo.Check(r, *n), "fib(%d)=%d", *n, r)
}

func fib(t *task.T, n, cutoff int) int {
	if n < cutoff || n < 2 {
		return fibo.Recursive(n)
	}
	f := task.NewFuture(t, func(t *task.T) int { return fib(t, n-1, cutoff) })
	y := fib(t, n-2, cutoff)
	return f.Get() + y
}
