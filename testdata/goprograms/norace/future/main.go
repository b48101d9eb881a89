// Command future: a goroutine records how long it took, then sends one result on a channel (a future); the send happens before the receive completes, so the parent's read after the receive is ordered after the write.
package main

import "fmt"

// n is the argument of the future's computation.
const n = 20

// fib is the work of the future.
func fib(n int) int {
	if n < 2 {
		return n
	}
	return fib(n-1) + fib(n-2)
}

func main() {
	steps := 0
	result := make(chan int)

	go func() {
		v := fib(n)
		steps = n
		result <- v
	}()

	v := <-result
	fmt.Println("fib(n) =", v)
	if steps >= 0 {
		fmt.Println("steps recorded:", steps)
	}
}
