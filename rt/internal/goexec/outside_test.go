package goexec

import (
	"strings"
	"sync"
	"testing"
	"time"
)

// TestGoid checks the fast goroutine id against the stack trace's, on
// several goroutines.
func TestGoid(t *testing.T) {
	for range 4 {
		ch := make(chan [2]uint64)
		go func() { ch <- [2]uint64{goid(), stackGoid()} }()
		if got := <-ch; got[0] != got[1] {
			t.Fatalf("goid() = %d, the stack trace says %d", got[0], got[1])
		}
	}
	if getgIsDescriptor && goidOff == 0 {
		t.Errorf("the goroutine id was not found in the descriptor")
	}
}

// TestOutside runs goroutines outside the executor's control: one that
// it did not start and that sends to goroutine 1, and one of its own that
// waits on a channel the executor does not see. Neither may hang the run,
// and its choice must name the first of them.
func TestOutside(t *testing.T) {
	tests := []struct {
		name string
		body func(e *Exec, h *testHost)
		want string
	}{
		{"not started by the run", func(e *Exec, h *testHost) {
			ch := make(chan int)
			go func() { send(e, ch, 1, 10) }()
			if v, _ := recv(e, ch, 11); v != 1 {
				panic("received the wrong value")
			}
		}, "a goroutine not started by the checked program"},
		{"waits outside", func(e *Exec, h *testHost) {
			outer := make(chan int) // a channel of code that was not rewritten
			ch := make(chan int, 1)
			e.Go(func() {
				v := <-outer
				send(e, ch, v, 20)
			}, 21)
			outer <- 7 // goroutine 2 waits for it outside the executor
			if v, _ := recv(e, ch, 22); v != 7 {
				panic("received the wrong value")
			}
		}, "goroutine 2 waited in"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runSchedule(tc.body, Schedule{})
			if r.dead != nil {
				t.Fatalf("deadlock reported: %v", r.dead)
			}
			if r.choice == nil || !strings.Contains(r.choice.What, tc.want) {
				t.Errorf("choice %+v, want one that says %q", r.choice, tc.want)
			}
		})
	}
}

// BenchmarkEnter measures what every hook of a checked run of goroutines
// pays to enter and leave the executor: the goroutine holding the baton
// enters it, as an access hook does, once per iteration.
func BenchmarkEnter(b *testing.B) {
	h := newTestHost()
	h.next = 1
	h.det.Spawn(0, 1, false, 0)
	e := New(h, 1, 0)
	h.e = e
	for b.Loop() {
		l, ok := e.Enter(7)
		if !ok {
			b.Fatal("the run ended")
		}
		e.Exit(l)
	}
	e.End()
	e.Release()
}

// BenchmarkHandoff measures a hand-off of the baton: two goroutines of a
// run take turns on an unbuffered channel, each receive parking its
// goroutine and each send waking the other.
func BenchmarkHandoff(b *testing.B) {
	h := newTestHost()
	h.next = 1
	h.det.Spawn(0, 1, false, 0)
	e := New(h, 1, 0)
	h.e = e
	ping, pong := make(chan int), make(chan int)
	n := b.N
	e.Go(func() {
		for range n {
			v, _ := recv(e, ping, 2)
			send(e, pong, v, 3)
		}
	}, 1)
	b.ResetTimer()
	for i := range n {
		send(e, ping, i, 4)
		recv(e, pong, 5)
	}
	b.StopTimer()
	e.End()
	e.Release()
}

// TestBusyOutsideGrace: goroutine 1 waits on a channel that a goroutine
// outside the run, busy computing, sends on only once the run has waited
// a grace for it. A machine too busy to run that goroutine within a grace
// must not turn the wait into a deadlock: the run waits while it is busy,
// and the receive completes. A goroutine outside the run that is blocked
// does not hold the deadlock back.
func TestBusyOutsideGrace(t *testing.T) {
	const grace = 200 * time.Millisecond
	t.Run("busy", func(t *testing.T) {
		ch := make(chan int)
		extended := make(chan struct{})
		var once sync.Once
		_, _, dead := run(t, func(e *Exec, h *testHost) {
			e.Grace, e.WaitBusy = grace, true
			e.onGraceBusy = func() { once.Do(func() { close(extended) }) }
			go func() {
				// Busy, in code that was not rewritten, until the run
				// has waited a grace for it.
				for spin := true; spin; {
					select {
					case <-extended:
						spin = false
					default:
					}
				}
				ch <- 1
			}()
			if v, _ := recv(e, ch, 1); v != 1 {
				t.Errorf("received %d, want 1", v)
			}
		})
		if dead != nil {
			t.Errorf("deadlock reported while a goroutine outside the run was busy: %d goroutines parked", len(dead))
		}
	})
	t.Run("blocked", func(t *testing.T) {
		ch, never := make(chan int), make(chan int)
		defer close(never)
		_, _, dead := run(t, func(e *Exec, h *testHost) {
			e.Grace, e.WaitBusy = time.Millisecond, true
			go func() {
				<-never // blocked: it will not act
				ch <- 1
			}()
			recv(e, ch, 1)
		})
		if dead == nil {
			t.Fatal("no deadlock reported")
		}
	})
}
