// Command timer_tie: a select waits on two timers started with the same duration, one after the other; either may fire first, and the case of the second writes a variable that a goroutine writes without synchronisation, so the schedule in which the second timer wins races (-race sees it only when the machine delays the first).
package main

import (
	"fmt"
	"time"
)

func main() {
	var early, late int
	done := make(chan bool)
	go func() {
		late = 1 // race:late
		done <- true
	}()
	first := time.After(10 * time.Millisecond)
	second := time.After(10 * time.Millisecond)
	select {
	case <-first:
		early = 1
	case <-second:
		late = 2 // race:late
	}
	<-done
	fmt.Println("set:", early >= 0, late > 0)
}
