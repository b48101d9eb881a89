// Command ctx_afterfunc: a session registers a cleanup with context.AfterFunc that marks it closed when its context is canceled; the handler cancels and then reads the mark without waiting for the cleanup, which runs in a goroutine of its own: the read races with the cleanup's write. The cleanup's goroutine is one of the checked run's, started by the cancel.
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
	stop := context.AfterFunc(ctx, func() {
		s.closed = true // race:closed
	})
	defer stop()
	cancel()
	fmt.Println("session", s.id, "closed:", s.closed) // race:closed
}
