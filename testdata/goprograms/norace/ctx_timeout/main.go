// Command ctx_timeout: a worker takes steps of 350ms until the deadline of a context.WithTimeout of 2s, then records the context's error and sends its count; the parent reads the error after receiving the count, which orders the worker's write before the read. The worker must see context.DeadlineExceeded.
package main

import (
	"context"
	"errors"
	"fmt"
	"time"
)

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	steps := make(chan int)
	var reason error
	go func() {
		n := 0
		for {
			select {
			case <-ctx.Done():
				reason = ctx.Err()
				steps <- n
				return
			case <-time.After(350 * time.Millisecond):
				n++
			}
		}
	}()
	n := <-steps
	fmt.Printf("worker stopped after %d steps: %v (deadline exceeded: %v, cause: %v)\n",
		n, reason, errors.Is(reason, context.DeadlineExceeded), context.Cause(ctx))
}
