// Command timeout_result: a caller waits for a worker's answer with a timeout of one second, and on timeout answers from a default of its own without touching the worker's answer, which it reads only after receiving the worker's send. Every schedule, the one that delays the worker past the timeout included, is race-free.
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
		a.value = compute(10)
		done <- struct{}{}
	}()
	var got answer
	select {
	case <-done:
		got = a
		got.from = "worker"
	case <-time.After(time.Second):
		got = answer{value: -1, from: "default"}
	}
	fmt.Println("answered:", got.from != "")
}
