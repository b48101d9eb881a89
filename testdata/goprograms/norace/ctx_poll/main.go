// Command ctx_poll: a handler starts a worker, then looks at its context (ctx.Err) before waiting for the worker's answer, and when the deadline of one second has passed answers with a default of its own, leaving the worker's answer alone; it reads that answer only after the worker closed its done channel. Every schedule, those that delay the handler past the deadline included, is race-free.
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
		a.value = compute(10)
		a.from = "worker"
		close(done)
	}()
	if ctx.Err() != nil {
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
