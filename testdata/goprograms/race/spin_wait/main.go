// Command spin_wait: a goroutine waits for another by spinning on a plain flag, with no synchronisation, so the flag and the value it publishes race. The checked run, which runs one goroutine until it waits, would spin for ever without the hook the rewriter gives such a loop, which lets the others go first every few iterations, as Go's scheduler preempts the loop.
package main

import "fmt"

type mailbox struct {
	ready bool
	value int
}

func main() {
	m := &mailbox{}
	fin := make(chan struct{})
	go func() {
		for !m.ready { // race:ready
		}
		_ = m.value // race:value
		close(fin)
	}()
	m.value = 42   // race:value
	m.ready = true // race:ready
	<-fin
	fmt.Println("delivered")
}
