// Command ctx_timeout: a worker takes steps of 350ms until the deadline of a context.WithTimeout of 2s, then records the context's error and sends its count; the parent waits for the context's Done channel itself and reads the error: the close of Done orders neither the worker's write nor the parent's read before the other, so they race.
package main

import (
	"context"
	"fmt"
	"time"
)

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	steps := make(chan int, 1)
	var reason error
	go func() {
		n := 0
		for {
			select {
			case <-ctx.Done():
				reason = ctx.Err() // race:reason
				steps <- n
				return
			case <-time.After(350 * time.Millisecond):
				n++
			}
		}
	}()
	<-ctx.Done()
	late := reason == nil // race:reason
	n := <-steps
	fmt.Println("worker stopped", n >= 0, late || !late)
}
