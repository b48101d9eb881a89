// Command timer_stop: a request arms a retry with time.AfterFunc(50ms) and, when the answer comes first (it takes microseconds), stops the retry and records the answer; the retry, if it runs, records that it is retrying in the same field. Stop returns false once the retry has started, and the caller records its answer without looking: only a schedule that delays the caller past the deadline, before its Stop, reaches the race.
package main

import (
	"fmt"
	"time"
)

func main() {
	var status string
	answer := make(chan string, 1)
	retry := time.AfterFunc(50*time.Millisecond, func() {
		status = "retrying" // race:status
	})
	go func() { answer <- "ok" }()
	a := <-answer
	retry.Stop()
	status = a // race:status
	fmt.Println(status != "")
}
