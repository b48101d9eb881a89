//go:build linux

package goexec

import (
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestOutsideSyscall runs goroutines of the run that go into system calls
// outside any hook. One sleeps in the kernel for longer than the
// watchdog's ticks and then goes on by itself, as a write delayed by a
// busy machine does: it must keep the baton, and the run its verdict. The
// other blocks in a read of a pipe that goroutine 1 writes: it must be
// detached, or the run would hang, and the choice must name it.
func TestOutsideSyscall(t *testing.T) {
	t.Run("goes on by itself", func(t *testing.T) {
		sleepsInKernel(t, 20*watchTick)
	})
	t.Run("the machine stops between ticks", func(t *testing.T) {
		// Each reading of the watchdog's clock is 3s after the last, as
		// on a machine that stops the whole process between two ticks:
		// the system call lasts seconds of the wall clock but a few
		// ticks of the watchdog, far fewer than watchSyscallTicks.
		var mu sync.Mutex
		now := time.Now()
		clock := func() time.Time {
			mu.Lock()
			defer mu.Unlock()
			now = now.Add(watchSyscall + time.Second)
			return now
		}
		watchNow.Store(&clock)
		defer watchNow.Store(nil)
		sleepsInKernel(t, 200*watchTick)
	})
	t.Run("waits for goroutine 1", func(t *testing.T) {
		var fds [2]int
		if err := syscall.Pipe(fds[:]); err != nil {
			t.Fatal(err)
		}
		defer syscall.Close(fds[0])
		defer syscall.Close(fds[1])
		start := time.Now()
		r := runSchedule(func(e *Exec, h *testHost) {
			ch := make(chan int, 1)
			e.Go(func() {
				var b [1]byte
				for {
					if _, err := syscall.Read(fds[0], b[:]); err != syscall.EINTR {
						break
					}
				}
				send(e, ch, int(b[0]), 40)
			}, 41)
			if _, err := syscall.Write(fds[1], []byte{9}); err != nil {
				panic(err)
			}
			if v, _ := recv(e, ch, 42); v != 9 {
				panic("received the wrong value")
			}
		}, Schedule{})
		if r.dead != nil {
			t.Fatalf("deadlock reported: %v", r.dead)
		}
		if r.choice == nil || !strings.Contains(r.choice.What, "goroutine 2 waited in syscall.Read") {
			t.Errorf("choice %+v, want one that names goroutine 2 in syscall.Read", r.choice)
		}
		if d := time.Since(start); d < watchSyscall {
			t.Errorf("detached after %v, before watchSyscall (%v)", d, watchSyscall)
		}
	})
}

// sleepsInKernel runs a goroutine of the run that sleeps d in the kernel,
// outside any hook, and then goes on by itself: the run must end with its
// verdict, no choice noted.
func sleepsInKernel(t *testing.T, d time.Duration) {
	t.Helper()
	r := runSchedule(func(e *Exec, h *testHost) {
		ch := make(chan int, 1)
		e.Go(func() {
			ts := syscall.NsecToTimespec(int64(d))
			for syscall.Nanosleep(&ts, &ts) == syscall.EINTR {
			}
			send(e, ch, 1, 30)
		}, 31)
		recv(e, ch, 32)
	}, Schedule{})
	if r.dead != nil {
		t.Fatalf("deadlock reported: %v", r.dead)
	}
	if r.choice != nil {
		t.Errorf("choice %+v, want none: the system call went on by itself", r.choice)
	}
}
