package goexec

import (
	"testing"
	"time"
	"unsafe"
)

// TestAlone checks when the running goroutine is alone in its run (see
// alone.go): only when every other goroutine returned and was joined, and
// no AfterFunc timer is armed.
func TestAlone(t *testing.T) {
	tests := []struct {
		name string
		body func(t *testing.T, e *Exec) (got, want []bool)
	}{
		{"no other goroutine", func(t *testing.T, e *Exec) ([]bool, []bool) {
			return []bool{e.Alone()}, []bool{true}
		}},
		{"returned, then joined", func(t *testing.T, e *Exec) ([]bool, []bool) {
			ch := make(chan int, 1)
			e.Go(func() { send(e, ch, 1, 2) }, 1) // returns at once
			before := e.Alone()                   // returned, not joined
			recv(e, ch, 3)
			return []bool{before, e.Alone()}, []bool{false, true}
		}},
		{"returned after waking its receiver", func(t *testing.T, e *Exec) ([]bool, []bool) {
			ch := make(chan int)
			e.Go(func() { send(e, ch, 1, 2) }, 1) // waits for the receive
			// The receive wakes goroutine 2, which goes on first (depth
			// first) and returns with no access after its send, which
			// the receive joined.
			recv(e, ch, 3)
			return []bool{e.Alone()}, []bool{true}
		}},
		{"running", func(t *testing.T, e *Exec) ([]bool, []bool) {
			ch, back := make(chan int), make(chan int)
			e.Go(func() { v, _ := recv(e, ch, 2); send(e, back, v, 3) }, 1)
			during := e.Alone() // goroutine 2 waits for ch
			send(e, ch, 1, 4)
			recv(e, back, 5) // goroutine 2 goes on first, and returns
			return []bool{during, e.Alone()}, []bool{false, true}
		}},
		{"woken while its waker goes on", func(t *testing.T, e *Exec) ([]bool, []bool) {
			ch := make(chan int)
			var got []bool
			e.Go(func() {
				recv(e, ch, 2) // goroutine 1's send wakes it
				got = append(got, e.Alone())
			}, 1)
			send(e, ch, 1, 3)
			return got, []bool{false}
		}},
		{"accessed after its release", func(t *testing.T, e *Exec) ([]bool, []bool) {
			ch := make(chan int, 1)
			e.Go(func() {
				send(e, ch, 1, 2)
				l, _ := e.Enter(3) // an access after the send, joined by nobody
				e.Exit(l)
			}, 1)
			recv(e, ch, 4)
			return []bool{e.Alone()}, []bool{false}
		}},
		{"AfterFunc armed", func(t *testing.T, e *Exec) ([]bool, []bool) {
			done := make(chan int, 1)
			e.AfterFunc(unsafe.Pointer(new(int)), time.Second, func() { send(e, done, 1, 2) }, 1)
			armed := e.Alone()
			recv(e, done, 3)
			received := e.Alone() // goroutine 2 has not returned yet
			e.Sleep(time.Millisecond, 4)
			return []bool{armed, received, e.Alone()}, []bool{false, false, true}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got, want []bool
			_, _, dead := run(t, func(e *Exec, h *testHost) { got, want = tt.body(t, e) })
			if dead != nil {
				t.Fatalf("deadlock reported: %d goroutines parked", len(dead))
			}
			if len(got) != len(want) {
				t.Fatalf("Alone answered %v, want %v", got, want)
			}
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("Alone answered %v, want %v", got, want)
					break
				}
			}
		})
	}
}
