// Command pipeline: a producer sends numbers on a channel and closes it, a consumer sums them with range; the producer updates its statistics after the close, and the parent reads them once the consumer's range has ended, which only the close is ordered before.
package main

import "fmt"

type stats struct {
	sent int
}

func produce(n int, out chan<- int, st *stats) {
	for i := 1; i <= n; i++ {
		out <- i
	}
	close(out)
	st.sent = n // race:sent
}

func consume(in <-chan int, result chan<- int) {
	sum := 0
	for v := range in {
		sum += v
	}
	result <- sum
}

func main() {
	var st stats
	nums := make(chan int)
	result := make(chan int)

	go produce(10, nums, &st)
	go consume(nums, result)

	sum := <-result
	fmt.Println("sum", sum)
	if st.sent >= 0 { // race:sent
		fmt.Println("statistics read")
	}
}
