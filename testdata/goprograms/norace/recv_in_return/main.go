// Command recv_in_return: a goroutine writes a field and then sends; a return statement receives and reads the field after the receive (<-done + s.n: Go receives first), so the send orders the write before the read.
package main

import "fmt"

// stats is what the worker fills in.
type stats struct{ n int }

// collect waits for the worker and returns its count plus the signal.
func collect(done chan int, s *stats) int {
	return <-done + s.n
}

func main() {
	s := &stats{}
	done := make(chan int)
	go func() {
		s.n = 41
		done <- 1
	}()
	fmt.Println(collect(done, s))
}
