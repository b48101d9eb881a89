// Command timer_reset: a watchdog time.Timer of 1s is stopped and reset at each of three heartbeats a worker sends every 400ms, and fires once they stop; the parent reports the number of the last beat it received, which the channel carries (a variable the worker wrote would race with the read when the watchdog fires: only time orders them).
package main

import (
	"fmt"
	"time"
)

func main() {
	beats := make(chan int)
	go func() {
		for i := 1; i <= 3; i++ {
			time.Sleep(400 * time.Millisecond)
			beats <- i
		}
	}()
	watchdog := time.NewTimer(time.Second)
	defer watchdog.Stop()
	start := time.Now()
	last := 0
	for {
		select {
		case last = <-beats:
			if !watchdog.Stop() {
				<-watchdog.C
			}
			watchdog.Reset(time.Second)
		case <-watchdog.C:
			fmt.Printf("no heartbeat for 1s after beat %d, %v after the start\n",
				last, time.Since(start).Round(time.Second))
			return
		}
	}
}
