// Command timer_tie: the race-free twin: a select waits on two timers started with the same duration, and whichever case it takes writes only the select's own variables; the goroutine's write is received before they are read.
package main

import (
	"fmt"
	"time"
)

func main() {
	var early, late, other int
	done := make(chan bool)
	go func() {
		other = 1
		done <- true
	}()
	first := time.After(10 * time.Millisecond)
	second := time.After(10 * time.Millisecond)
	select {
	case <-first:
		early = 1
	case <-second:
		late = 2
	}
	<-done
	fmt.Println("set:", early+late > 0, other)
}
