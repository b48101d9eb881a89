// Command ctx_poll: a handler starts a worker, then looks at its context (ctx.Err) before waiting for the worker's answer, and when the deadline of one second has passed writes a default into the answer, while the worker writes its own: the two writes are unordered, and only a schedule that delays the handler past the deadline reaches them.
package main

import (
	"context"
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

func handle(ctx context.Context) answer {
	var a answer
	done := make(chan struct{})
	go func() {
		a.value = compute(10) // race:value
		a.from = "worker"
		close(done)
	}()
	if ctx.Err() != nil {
		a.value = -1 // race:value
		return answer{value: -1, from: "deadline"}
	}
	<-done
	return a
}

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	a := handle(ctx)
	fmt.Println("answered:", a.from != "")
}
