package goexec

import (
	"slices"
	"testing"
	"time"
)

// TestVirtualTime: sleeps and timers of a run wake in the order of their
// deadlines on the run's clock, which jumps to each deadline when no
// goroutine can go on (an hour's sleep takes no hour).
func TestVirtualTime(t *testing.T) {
	var before, after time.Time
	var order []int
	r := runSchedule(func(e *Exec, h *testHost) {
		before = e.Now()
		ch := make(chan int, 2)
		e.Go(func() {
			e.Sleep(2*time.Hour, 30)
			send(e, ch, 2, 31)
		}, 32)
		e.Go(func() {
			e.Sleep(time.Hour, 33)
			send(e, ch, 1, 34)
		}, 35)
		a, _ := recv(e, ch, 36)
		b, _ := recv(e, ch, 37)
		order = []int{a, b}
		timeout := e.After(3*time.Hour, 38)
		never := make(chan int)
		switch e.Select([]Case{&RecvOp[int]{Ch: never}, &RecvOp[time.Time]{Ch: timeout}}, false, 39) {
		case 0:
			panic("received from a channel nobody sends on")
		}
		after = e.Now()
	}, nil)
	if r.dead != nil {
		t.Fatalf("deadlock reported: %v", r.dead)
	}
	if !slices.Equal(order, []int{1, 2}) {
		t.Errorf("the sleepers went on in the order %v, want [1 2]", order)
	}
	if d := after.Sub(before); d < 3*time.Hour {
		t.Errorf("the run's clock advanced by %v, want at least 3h", d)
	}
	if r.choice != nil {
		t.Errorf("a run on virtual time notes %+v", r.choice)
	}
}
