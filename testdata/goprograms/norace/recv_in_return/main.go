// Command recv_in_return: goroutines write a field and then send; a statement receives and reads the field after the receive (<-done + s.n: Go receives first), in a return, a var declaration, an if condition and a switch tag, so each send orders the write before the read.
package main

import "fmt"

// stats is what a worker fills in.
type stats struct{ n int }

// start runs a worker that fills in s and signals on the channel it
// returns.
func start(s *stats) chan int {
	done := make(chan int)
	go func() {
		s.n = 41
		done <- 1
	}()
	return done
}

// collect waits for the worker and returns its count plus the signal.
func collect(done chan int, s *stats) int {
	return <-done + s.n
}

func declared(done chan int, s *stats) int {
	var r = <-done + s.n
	return r
}

func condition(done chan int, s *stats) int {
	if <-done+s.n > 41 {
		return 1
	}
	return 0
}

func tag(done chan int, s *stats) int {
	switch <-done + s.n {
	case 42:
		return 1
	}
	return 0
}

func main() {
	a, b, c, d := &stats{}, &stats{}, &stats{}, &stats{}
	fmt.Println(collect(start(a), a), declared(start(b), b), condition(start(c), c), tag(start(d), d))
}
