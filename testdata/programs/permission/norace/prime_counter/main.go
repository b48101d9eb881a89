// Command prime_counter: the PrimeNumCounter program of the gradual-permission paper (Figure 9): every async that finds a prime increments a shared counter under a write permission inside an Isolated body, so no two of the permissions are held at once.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// count is the end of the range of numbers tested.
const count = 6

func isPrime(n int) bool {
	for d := 2; d*d <= n; d++ {
		if n%d == 0 {
			return false
		}
	}
	return n >= 2
}

func main() {
	primes := []int{0}
	task.Run(func(t *task.T) {
		t.Finish(func(t *task.T) {
			for i := 2; i < count; i++ {
				t.Async(func(t *task.T) {
					if isPrime(i) {
						t.Isolated(func() {
							task.AcquireRangeW(t, primes, 0, 1)
							primes[0]++
							task.ReleaseRangeW(t, primes, 0, 1)
						})
					}
				})
			}
		})
	})
	fmt.Println(primes[0])
}
