// Command timeout_result: a caller waits for a worker's answer with a timeout of one second, and on timeout writes a default into the answer; the worker takes microseconds, so its answer comes first unless it is delayed past the timeout, and then its write and the caller's are unordered (the send nobody received orders nothing). Only a schedule that delays the worker reaches the race.
package main

import (
	"fmt"
	"time"
)

type answer struct {
	value int
	from  string
}

func compute(n int) int {
	s := 0
	for i := 1; i <= n; i++ {
		s += i * i
	}
	return s
}

func main() {
	var a answer
	done := make(chan struct{}, 1)
	go func() {
		a.value = compute(10) // race:value
		done <- struct{}{}
	}()
	select {
	case <-done:
		a.from = "worker"
	case <-time.After(time.Second):
		a.value = -1 // race:value
		a.from = "default"
	}
	fmt.Println("answered:", a.from != "")
}
