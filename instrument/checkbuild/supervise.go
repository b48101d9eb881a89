package checkbuild

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"syscall"
)

// supervisor runs the child processes of one command (the go command, the
// built program) one at a time and passes on the signals the command gets.
//
// A signal is forwarded to the running child, which decides what to do with
// it, as the go command does with the programs it runs; the command then
// waits for the child, cleans up and exits. The first signal also cancels
// the command's context, which stops loading and keeps any later child from
// starting.
type supervisor struct {
	mu    sync.Mutex
	child *os.Process
	sig   os.Signal // the first signal received, nil if none
}

// supervise starts passing on the signals from sigs (nil for none) and
// returns the context to use, the supervisor, and a function that stops it.
func supervise(ctx context.Context, sigs <-chan os.Signal) (context.Context, *supervisor, func()) {
	ctx, cancel := context.WithCancel(ctx)
	s := &supervisor{}
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			case sig := <-sigs:
				s.mu.Lock()
				if s.sig == nil {
					s.sig = sig
				}
				if s.child != nil {
					_ = s.child.Signal(sig)
				}
				s.mu.Unlock()
				cancel()
			}
		}
	}()
	return ctx, s, func() { close(done); cancel() }
}

// interrupted returns the first signal received, or nil.
func (s *supervisor) interrupted() os.Signal {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sig
}

// errInterrupted is returned for a child that was not started because a
// signal came first.
var errInterrupted = errors.New("interrupted")

// run starts cmd, waits for it and returns its exit status: its exit code,
// or 128 plus the signal number if a signal ended it, as shells report it.
// An error means cmd could not be run at all.
func (s *supervisor) run(cmd *exec.Cmd) (int, error) {
	s.mu.Lock()
	if s.sig != nil {
		s.mu.Unlock()
		return 0, errInterrupted
	}
	if err := cmd.Start(); err != nil {
		s.mu.Unlock()
		return 0, fmt.Errorf("starting %s: %w", cmd.Path, err)
	}
	s.child = cmd.Process
	s.mu.Unlock()

	err := cmd.Wait()

	s.mu.Lock()
	s.child = nil
	s.mu.Unlock()
	if err == nil {
		return 0, nil
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		return 0, fmt.Errorf("running %s: %w", cmd.Path, err)
	}
	if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return signalStatus(ws.Signal()), nil
	}
	return ee.ExitCode(), nil
}

// signalStatus is the exit status that reports death by sig: 128 plus the
// signal's number.
func signalStatus(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 1
}
