// Command timer_reset: a watchdog time.Timer of 1s is stopped and reset at each of three heartbeats a worker sends every 400ms, and fires once they stop; the worker records the number of its last beat after sending it, so that the parent's read when the watchdog fires races with the last write: only time orders them.
package main

import (
	"fmt"
	"time"
)

func main() {
	beats := make(chan int)
	last := 0
	go func() {
		for i := 1; i <= 3; i++ {
			time.Sleep(400 * time.Millisecond)
			beats <- i
			last = i // race:last
		}
	}()
	watchdog := time.NewTimer(time.Second)
	defer watchdog.Stop()
	got := 0
	for {
		select {
		case <-beats:
			got++
			if !watchdog.Stop() {
				<-watchdog.C
			}
			watchdog.Reset(time.Second)
		case <-watchdog.C:
			seen := last // race:last
			fmt.Println(got, "beats; the watchdog fired", seen >= 0)
			return
		}
	}
}
