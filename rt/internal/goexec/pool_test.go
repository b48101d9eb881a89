package goexec

import (
	"strings"
	"testing"
	"unsafe"
)

// TestPoolIdentity checks the keys of pool classes (identity): two keys
// are one exactly when a loop body that reads them reads the same.
func TestPoolIdentity(t *testing.T) {
	a, b := make([]int, 4), make([]int, 4)
	m := map[int]int{}
	x, y := 1, 1
	type pair struct{ p, q *int }
	tests := []struct {
		name string
		k1   any
		k2   any
		same bool
		ok   bool // both have an identity
	}{
		{"one slice", a, a, true, true},
		{"two slices of one length", a, b, false, true},
		{"a slice and its prefix", a, a[:2], false, true},
		{"one map", m, m, true, true},
		{"one pointer", &x, &x, true, true},
		{"two variables of one value", &x, &y, false, true},
		{"equal integers", 3, 3, true, true},
		{"a comparable struct", pair{&x, &y}, pair{&x, &y}, true, true},
		{"nil", nil, nil, true, true},
		{"a function", func() {}, func() {}, false, false},
		{"a struct holding a slice", struct{ s []int }{a}, struct{ s []int }{a}, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			i1, ok1 := identity(tt.k1)
			i2, ok2 := identity(tt.k2)
			if ok1 != tt.ok || ok2 != tt.ok {
				t.Fatalf("ok %v, %v, want %v", ok1, ok2, tt.ok)
			}
			if tt.ok && (i1 == i2) != tt.same {
				t.Errorf("identities equal %v, want %v", i1 == i2, tt.same)
			}
		})
	}
}

// pool starts n workers of one pool over ch, each handling a value by
// body, and calling after (if not nil) when the channel is closed, as the
// rewriter marks their loops (instrument/workerloop.go).
func pool(e *Exec, ch chan int, n int, keys []any, body func(v int), after func(), site uint32) {
	for range n {
		e.Go(func() {
			id := e.PoolEnter(chanPointer(ch), keys, site)
			for {
				r := &RecvOp[int]{Ch: ch}
				e.PoolRecv(r, id, site)
				if !r.Ok {
					break
				}
				body(r.V)
			}
			if after != nil {
				after()
			}
		}, site)
	}
}

// TestPools checks runs of pools of workers against what every
// assignment of values to workers has.
func TestPools(t *testing.T) {
	var x int
	px := unsafe.Pointer(&x)
	out := make([]int, 8)
	send := func(e *Exec, ch chan int, n int) {
		for i := range n {
			e.Send(&SendOp[int]{Ch: ch, V: i}, 2)
		}
		e.Close(chanPointer(ch), func() { close(ch) }, 2)
	}
	t.Run("own slots", func(t *testing.T) {
		r := runSchedule(func(e *Exec, h *testHost) {
			ch := make(chan int)
			pool(e, ch, 3, nil, func(v int) { h.access(unsafe.Pointer(&out[v]), 8, true, 10) }, nil, 1)
			send(e, ch, 8)
		}, Schedule{})
		wantOneRun(t, r, nil)
	})
	t.Run("a shared counter", func(t *testing.T) {
		r := runSchedule(func(e *Exec, h *testHost) {
			ch := make(chan int, 2)
			pool(e, ch, 2, nil, func(int) { h.access(px, 8, false, 10); h.access(px, 8, true, 11) }, nil, 1)
			send(e, ch, 5)
		}, Schedule{})
		if !r.races[[2]uint32{11, 11}] && !r.races[[2]uint32{10, 11}] && !r.races[[2]uint32{11, 10}] {
			t.Errorf("races %v, want the counter's", r.races)
		}
		if r.choice != nil || len(r.orders) > 0 {
			// The racing reads may still come elsewhere (start.go).
			t.Errorf("choice %v, orders %v: want one run", r.choice, r.orders)
		}
	})
	t.Run("one worker", func(t *testing.T) {
		// A single consumer's values are handled in its program order.
		r := runSchedule(func(e *Exec, h *testHost) {
			ch := make(chan int)
			pool(e, ch, 1, nil, func(int) { h.access(px, 8, false, 10); h.access(px, 8, true, 11) }, nil, 1)
			send(e, ch, 4)
		}, Schedule{})
		wantOneRun(t, r, nil)
	})
	t.Run("workers of their own", func(t *testing.T) {
		// Keys that differ (the worker's own slot): the receives are
		// ordinary, and exploration orders them.
		r := runSchedule(func(e *Exec, h *testHost) {
			ch := make(chan int)
			for w := range 2 {
				pool(e, ch, 1, []any{&out[w]}, func(int) { h.access(unsafe.Pointer(&out[w]), 8, true, 10) }, nil, 1)
			}
			send(e, ch, 4)
		}, Schedule{})
		if len(r.races) != 0 || !r.explorable {
			t.Errorf("races %v, explorable %v: want none, and another order", r.races, r.explorable)
		}
	})
	t.Run("a worker that comes late", func(t *testing.T) {
		// The first worker takes two values alone before the second
		// starts: the run says this schedule only.
		r := runSchedule(func(e *Exec, h *testHost) {
			ch := make(chan int, 4)
			pool(e, ch, 1, nil, func(int) { h.access(px, 8, true, 10) }, nil, 1)
			for i := range 3 {
				e.Send(&SendOp[int]{Ch: ch, V: i}, 2)
			}
			e.Yield(3)
			pool(e, ch, 1, nil, func(int) { h.access(px, 8, true, 10) }, nil, 1)
			e.Close(chanPointer(ch), func() { close(ch) }, 2)
		}, Schedule{})
		if r.choice == nil || !strings.Contains(r.choice.What, "worker pool") {
			t.Errorf("choice %v, want the pool that gained a worker late", r.choice)
		}
	})
}
