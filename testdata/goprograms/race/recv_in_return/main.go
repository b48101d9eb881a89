// Command recv_in_return: a goroutine sends and then writes a field; a return statement receives and reads the field after the receive (<-done + s.n), but nothing orders the write, which comes after the send, before the read.
package main

import "fmt"

// stats is what the worker fills in.
type stats struct{ n int }

// collect waits for the worker and returns the signal plus its count.
func collect(done chan int, s *stats) int {
	return <-done + s.n // race:n
}

func main() {
	s := &stats{}
	done := make(chan int)
	go func() {
		done <- 1
		s.n = 41 // race:n
	}()
	fmt.Println(collect(done, s) > 0)
}
