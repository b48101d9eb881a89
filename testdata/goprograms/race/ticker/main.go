// Command ticker: a worker counts five ticks of a time.Ticker into a total and then closes a channel; the parent sleeps past the fifth tick, stops the ticker and reads the total before receiving from the channel. The sleep makes the worker done in time, but time orders nothing: the read races with the worker's writes.
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
			total++ // race:total
			if total == 5 {
				return
			}
		}
	}()
	time.Sleep(6 * time.Second) // long enough, always
	ticker.Stop()
	n := total // race:total
	<-done
	fmt.Println("ticks counted", n >= 0)
}
