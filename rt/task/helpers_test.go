package task

import (
	"runtime"
	"testing"
	"time"
)

// catch runs f and returns the value it panicked with, or nil.
func catch(f func()) (v any) {
	defer func() { v = recover() }()
	f()
	return nil
}

// catchPanicError runs f and returns the *PanicError it panicked with. It
// fails the test when f returned or panicked with another value.
func catchPanicError(tb testing.TB, f func()) *PanicError {
	tb.Helper()
	v := catch(f)
	pe, ok := v.(*PanicError)
	if !ok {
		tb.Fatalf("got panic value %#v, want a *PanicError", v)
	}
	return pe
}

// panicValues returns the Value of pe and of every PanicError in its
// Others, depth first.
func panicValues(pe *PanicError) []any {
	vals := []any{pe.Value}
	for _, o := range pe.Others {
		vals = append(vals, panicValues(o)...)
	}
	return vals
}

// explode panics with v. Tests look for its name in PanicError.Stack.
//
//go:noinline
func explode(v any) { panic(v) }

// spin yields the processor a few times, so that a task tends to end after
// the code that follows its spawn has run: a join that did not wait would
// then be caught by the counts the tests check.
func spin() {
	for range 3 {
		runtime.Gosched()
	}
}

// settleGoroutines waits until no more goroutines run than before, and fails
// the test with every goroutine's stack if they do not settle within a
// generous bound. Ended tasks may take a moment to leave the scheduler, so
// this polls rather than comparing at once.
func settleGoroutines(tb testing.TB, before int) {
	tb.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			buf = buf[:runtime.Stack(buf, true)]
			tb.Fatalf("%d goroutines still running, %d before:\n%s", runtime.NumGoroutine(), before, buf)
		}
		time.Sleep(time.Millisecond)
	}
}

// stressScale divides the sizes of the stress tests: the race detector makes
// a goroutine about ten times as expensive, and -short asks for quick runs.
func stressScale() int {
	switch {
	case raceEnabled:
		return 20
	case testing.Short():
		return 10
	}
	return 1
}
