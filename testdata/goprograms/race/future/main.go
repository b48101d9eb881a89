// Command future: a goroutine sends one result on a channel (a future), then also records how long it took in a variable the parent reads after the receive; the write comes after the send, so nothing orders it before the read.
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
		result <- v
		steps = n // race:steps
	}()

	v := <-result
	fmt.Println("fib(n) =", v)
	if steps >= 0 { // race:steps
		fmt.Println("steps recorded")
	}
}
