// Command timer_stop: a request arms a retry with time.AfterFunc(50ms) and, when the answer comes first, stops the retry and records the answer; the retry, if it runs, records that it is retrying in the same field and closes a done channel. When Stop returns false the retry has started, and the caller waits for its done channel before it writes: the close orders the retry's write before the caller's, and when Stop returns true the retry never runs: no race in any schedule.
package main

import (
	"fmt"
	"time"
)

func main() {
	var status string
	answer := make(chan string, 1)
	done := make(chan struct{})
	retry := time.AfterFunc(50*time.Millisecond, func() {
		status = "retrying"
		close(done)
	})
	go func() { answer <- "ok" }()
	a := <-answer
	if !retry.Stop() {
		<-done
	}
	status = a
	fmt.Println(status != "")
}
