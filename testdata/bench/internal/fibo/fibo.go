// Package fibo is the arithmetic of the Fib kernel: the naive doubly
// recursive Fibonacci function, the classic stress test of task creation
// (Habanero's and Cilk's first example), and the iteration that checks it.
package fibo

import "fmt"

// Recursive computes fib(n) with the exponential recursion that the
// kernel's tasks run below the cutoff.
func Recursive(n int) int {
	if n < 2 {
		return n
	}
	return Recursive(n-1) + Recursive(n-2)
}

// Iterative computes fib(n) in n steps.
func Iterative(n int) int {
	a, b := 0, 1
	for range n {
		a, b = b, a+b
	}
	return a
}

// Check compares a computed fib(n) with Iterative.
func Check(got, n int) error {
	if want := Iterative(n); got != want {
		return fmt.Errorf("fib(%d) = %d, want %d", n, got, want)
	}
	return nil
}
