// Command pipeline: a producer sends numbers on a channel, updates its statistics and closes the channel; a consumer sums them with range, and the parent reads the statistics after the consumer's result, which the close is ordered before.
package main

import "fmt"

type stats struct {
	sent int
}

func produce(n int, out chan<- int, st *stats) {
	for i := 1; i <= n; i++ {
		out <- i
	}
	st.sent = n
	close(out)
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
	if st.sent >= 0 {
		fmt.Println("statistics read:", st.sent)
	}
}
