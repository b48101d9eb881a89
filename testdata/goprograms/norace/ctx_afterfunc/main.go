// Command ctx_afterfunc: the race-free twin of race/ctx_afterfunc: the cleanup closes a done channel after it marks the session, and the handler waits for it before reading the mark.
package main

import (
	"context"
	"fmt"
)

type session struct {
	closed bool
	id     int
}

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	s := &session{id: 7}
	done := make(chan struct{})
	stop := context.AfterFunc(ctx, func() {
		s.closed = true
		close(done)
	})
	defer stop()
	cancel()
	<-done
	fmt.Println("session", s.id, "closed:", s.closed)
}
