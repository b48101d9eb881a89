// Command ctx_cancel: a worker waits for the Done channel of a context.WithTimeout of an hour derived from a context.WithCancel, and reads a result that another goroutine writes a second later, after it cancels the parent: nothing orders the write before the read.
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
	done := make(chan bool)
	go func() {
		<-tctx.Done()
		done <- result >= 0 // race:result
	}()
	go func() {
		time.Sleep(time.Second)
		cancel()
		result = 42 // race:result
	}()
	fmt.Println(<-done, tctx.Err())
}
