// Command ticker: a worker counts five ticks of a time.Ticker into a total and then closes a channel; the parent sleeps past the fifth tick, stops the ticker and reads the total after receiving from the channel, which orders the worker's writes before the read.
package main

import (
	"fmt"
	"time"
)

func main() {
	ticker := time.NewTicker(time.Second)
	done := make(chan struct{})
	total := 0
	go func() {
		defer close(done)
		for range ticker.C {
			total++
			if total == 5 {
				return
			}
		}
	}()
	time.Sleep(6 * time.Second) // orders nothing
	ticker.Stop()
	<-done
	fmt.Println("ticks", total)
}
