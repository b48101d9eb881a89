// Package primes is the arithmetic of the PrimeNumCounter programs of
// Nakade's thesis (chapter 7, table 7.1, "Prime Num Counter", "... ForAll"
// and "... ForAsync"): count the primes below n by trial division, every
// task adding its primes to one shared counter in mutual exclusion.
package primes

import "fmt"

// IsPrime reports whether x is prime, by trial division.
func IsPrime(x int) bool {
	if x < 2 {
		return false
	}
	if x%2 == 0 {
		return x == 2
	}
	for d := 3; d*d <= x; d += 2 {
		if x%d == 0 {
			return false
		}
	}
	return true
}

// Below counts the primes below n with the sieve of Eratosthenes: a
// different method from IsPrime, for checking.
func Below(n int) int {
	if n < 3 {
		return 0
	}
	composite := make([]bool, n)
	count := 0
	for x := 2; x < n; x++ {
		if composite[x] {
			continue
		}
		count++
		for m := x * x; m < n; m += x {
			composite[m] = true
		}
	}
	return count
}

// Chunk returns the range [lo, hi) of chunk c of size size below n.
func Chunk(c, size, n int) (lo, hi int) { return c * size, min((c+1)*size, n) }

// Chunks is the number of chunks of size size below n.
func Chunks(size, n int) int { return (n + size - 1) / size }

// Check compares a count of the primes below n with the sieve's.
func Check(count, n int) error {
	if want := Below(n); count != want {
		return fmt.Errorf("counted %d primes below %d, want %d", count, n, want)
	}
	return nil
}
