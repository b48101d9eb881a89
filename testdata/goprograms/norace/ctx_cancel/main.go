// Command ctx_cancel: a worker waits for the Done channel of a context.WithTimeout of an hour derived from a context.WithCancel, and reads a result that another goroutine writes a second later before it cancels the parent; the cancellation is synchronized before the receive from Done, which orders the write before the read.
package main

import (
	"context"
	"fmt"
	"time"
)

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	tctx, tcancel := context.WithTimeout(ctx, time.Hour)
	defer tcancel()
	result := 0
	done := make(chan int)
	go func() {
		<-tctx.Done()
		done <- result
	}()
	go func() {
		time.Sleep(time.Second)
		result = 42
		cancel()
	}()
	fmt.Println(<-done, tctx.Err())
}
