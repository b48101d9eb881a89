package goexec

import (
	"testing"
	"unsafe"
)

// TestParallelResumeHolding: two parallel subtests of one test write one
// variable in their parallel parts, and the one that package testing lets
// go on first still holds the baton (the watchdog did not see it wait in
// t.Parallel). Its parallel part must not be part of the group's
// snapshot, which the other member joins: the race is found, whichever
// member went on first and whether or not it was detached.
func TestParallelResumeHolding(t *testing.T) {
	x := new(int)
	write := func(e *Exec, h *testHost, site uint32) {
		l, _ := e.Enter(site)
		h.access(unsafe.Pointer(x), 8, true, site)
		e.Exit(l)
	}
	races, _, dead := run(t, func(e *Exec, h *testHost) {
		a := e.ParallelBegin("T/a", 1)
		barrier := make(chan struct{})
		go func() {
			// Subtest b, a goroutine of package testing's: taken in once
			// goroutine 1 waits in its barrier and is detached.
			b := e.ParallelBegin("T/b", 2)
			// Its t.Parallel returned before the watchdog saw it wait.
			e.ParallelResume(b, 3)
			write(e, h, 4)
			e.ParallelDone(b)
			close(barrier)
		}()
		<-barrier // a waits in package testing: detached
		e.ParallelResume(a, 5)
		write(e, h, 6)
		e.ParallelDone(a)
	})
	if dead != nil {
		t.Fatalf("deadlock reported: %d goroutines parked", len(dead))
	}
	if !races[[2]uint32{4, 6}] {
		t.Errorf("races %v, want the parallel parts' writes (sites 4 and 6)", races)
	}
}
