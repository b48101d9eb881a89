// Command spin_wait: the race-free twin of race/spin_wait: the flag is an atomic.Bool, whose Store orders the write of the value before the Load that sees it, so the spinning goroutine reads the value after it was written.
package main

import (
	"fmt"
	"sync/atomic"
)

type mailbox struct {
	ready atomic.Bool
	value int
}

func main() {
	m := &mailbox{}
	fin := make(chan struct{})
	go func() {
		for !m.ready.Load() {
		}
		_ = m.value
		close(fin)
	}()
	m.value = 42
	m.ready.Store(true)
	<-fin
	fmt.Println("delivered")
}
