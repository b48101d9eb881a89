package goexec

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unsafe"
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
	}, Schedule{})
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

// recvTime receives from a timer's channel.
func recvTime(e *Exec, ch chan time.Time, site uint32) time.Time {
	v, _ := recv(e, ch, site)
	return v
}

// poll reports whether ch holds a value, receiving it (a select with a
// default).
func poll(e *Exec, ch chan time.Time, site uint32) bool {
	return e.Select([]Case{&RecvOp[time.Time]{Ch: ch}}, true, site) == 0
}

// TestTimers: the timers of a run (NewTimer, tickers, AfterFunc) fire on
// the run's clock, Stop and Reset have Go 1.23's semantics, and the
// start of a timer is synchronized before what it lets go on.
func TestTimers(t *testing.T) {
	type check struct {
		name  string
		body  func(t *testing.T, e *Exec, h *testHost)
		races [][2]uint32
		dead  bool
	}
	key := func() unsafe.Pointer { return unsafe.Pointer(new(int)) }
	checks := []check{
		{name: "stop-before-fire", body: func(t *testing.T, e *Exec, h *testHost) {
			k, ch := key(), make(chan time.Time, 1)
			e.NewTimer(k, ch, time.Hour, 0, 1)
			if active, ok := e.StopTimer(k, 2); !ok || !active {
				t.Errorf("Stop of an armed timer = %v, %v, want true, true", active, ok)
			}
			e.Sleep(2*time.Hour, 3)
			if poll(e, ch, 4) {
				t.Errorf("a stopped timer sent")
			}
			if active, _ := e.StopTimer(k, 5); active {
				t.Errorf("a second Stop reports the timer active")
			}
		}},
		{name: "stop-drops-unreceived", body: func(t *testing.T, e *Exec, h *testHost) {
			k, ch := key(), make(chan time.Time, 1)
			e.NewTimer(k, ch, time.Second, 0, 1)
			e.Sleep(2*time.Second, 2)
			if active, _ := e.StopTimer(k, 3); !active {
				t.Errorf("Stop of a timer whose value nobody received = false, want true (Go 1.23)")
			}
			if poll(e, ch, 4) {
				t.Errorf("a receive after Stop got a stale value")
			}
		}},
		{name: "stop-after-receive", body: func(t *testing.T, e *Exec, h *testHost) {
			k, ch := key(), make(chan time.Time, 1)
			e.NewTimer(k, ch, time.Second, 0, 1)
			recvTime(e, ch, 2)
			if active, _ := e.StopTimer(k, 3); active {
				t.Errorf("Stop of a timer that fired and was received = true")
			}
		}},
		{name: "reset", body: func(t *testing.T, e *Exec, h *testHost) {
			k, ch := key(), make(chan time.Time, 1)
			start := e.Now()
			e.NewTimer(k, ch, time.Hour, 0, 1)
			if active, _ := e.ResetTimer(k, time.Second, 2); !active {
				t.Errorf("Reset of an armed timer = false")
			}
			at := recvTime(e, ch, 3)
			if d := at.Sub(start); d < time.Second || d >= time.Hour {
				t.Errorf("the reset timer fired %v after its start, want 1s", d)
			}
			if active, _ := e.ResetTimer(k, time.Second, 4); active {
				t.Errorf("Reset of a timer that fired and was received = true")
			}
			recvTime(e, ch, 5)
		}},
		{name: "ticker", body: func(t *testing.T, e *Exec, h *testHost) {
			k, ch := key(), make(chan time.Time, 1)
			e.NewTimer(k, ch, time.Hour, time.Hour, 1)
			prev := e.Now()
			for i := 0; i < 3; i++ {
				at := recvTime(e, ch, 2)
				if d := at.Sub(prev); d < time.Hour/2 || d > time.Hour*3/2 {
					t.Errorf("tick %d came %v after the previous one, want 1h", i, d)
				}
				prev = at
			}
			e.StopTimer(k, 3)
			e.Sleep(time.Hour, 4)
			if poll(e, ch, 5) {
				t.Errorf("a stopped ticker ticked")
			}
		}},
		{name: "ticker-drops-ticks", body: func(t *testing.T, e *Exec, h *testHost) {
			k, ch := key(), make(chan time.Time, 1)
			start := e.Now()
			e.NewTimer(k, ch, time.Hour, time.Hour, 1)
			e.Sleep(3*time.Hour+time.Hour/2, 2)
			first := recvTime(e, ch, 3) // the tick of 1h; those of 2h and 3h were dropped
			next := recvTime(e, ch, 4)
			if d := first.Sub(start); d >= 2*time.Hour {
				t.Errorf("the buffered tick is from %v, want the first (1h)", d)
			}
			if d := next.Sub(start); d < 4*time.Hour || d >= 5*time.Hour {
				t.Errorf("the tick after a full buffer came at %v, want 4h", d)
			}
			e.StopTimer(k, 5)
		}},
		{name: "ticker-nobody-receives", body: func(t *testing.T, e *Exec, h *testHost) {
			e.Grace = time.Millisecond // nothing outside the run will come
			k, ch := key(), make(chan time.Time, 1)
			e.NewTimer(k, ch, time.Second, time.Second, 1)
			never := make(chan int)
			recv(e, never, 2) // a deadlock: the ticker's ticks change nothing
		}, dead: true},
		{name: "afterfunc-races", body: func(t *testing.T, e *Exec, h *testHost) {
			var x int
			e.AfterFunc(key(), time.Second, func() { h.access(unsafe.Pointer(&x), 8, true, 10) }, 1)
			e.Sleep(2*time.Second, 2)
			h.access(unsafe.Pointer(&x), 8, false, 11)
		}, races: [][2]uint32{{10, 11}}},
		{name: "afterfunc-after-start", body: func(t *testing.T, e *Exec, h *testHost) {
			var x int
			done := make(chan int)
			h.access(unsafe.Pointer(&x), 8, true, 10)
			e.AfterFunc(key(), time.Second, func() {
				h.access(unsafe.Pointer(&x), 8, true, 11)
				send(e, done, 1, 3)
			}, 1)
			recv(e, done, 2)
			h.access(unsafe.Pointer(&x), 8, false, 12)
		}},
		{name: "afterfunc-stopped", body: func(t *testing.T, e *Exec, h *testHost) {
			k := key()
			ran := false
			e.AfterFunc(k, time.Second, func() { ran = true }, 1)
			if active, _ := e.StopTimer(k, 2); !active {
				t.Errorf("Stop of an AfterFunc timer before it fired = false")
			}
			e.Sleep(time.Hour, 3)
			if ran {
				t.Errorf("a stopped AfterFunc timer ran its function")
			}
		}},
		{name: "timer-start-before-receive", body: func(t *testing.T, e *Exec, h *testHost) {
			// Goroutine 2 writes x and then starts a timer whose
			// channel goroutine 1 receives from: the start is
			// synchronized before the receive.
			var x int
			ch := make(chan time.Time, 1)
			e.Go(func() {
				h.access(unsafe.Pointer(&x), 8, true, 10)
				e.NewTimer(key(), ch, time.Second, 0, 1)
			}, 2)
			recvTime(e, ch, 3)
			h.access(unsafe.Pointer(&x), 8, false, 11)
		}},
		{name: "expired-timer-found-by-select", body: func(t *testing.T, e *Exec, h *testHost) {
			// As Go 1.23's: the channel of a timer whose deadline
			// passed has its value, before the clock moves on.
			k, ch := key(), make(chan time.Time, 1)
			e.NewTimer(k, ch, 0, 0, 1)
			if !poll(e, ch, 2) {
				t.Errorf("a select found no value in an expired timer's channel")
			}
			if active, _ := e.ResetTimer(k, time.Hour, 3); active {
				t.Errorf("Reset of a timer whose value was received = true")
			}
			if poll(e, ch, 4) {
				t.Errorf("a timer reset to an hour sent at once")
			}
		}},
		{name: "deadline-order", body: func(t *testing.T, e *Exec, h *testHost) {
			var order []int
			done := make(chan int, 4)
			e.AfterFunc(key(), 3*time.Second, func() { order = append(order, 3); send(e, done, 0, 4) }, 1)
			ch := make(chan time.Time, 1)
			e.NewTimer(key(), ch, time.Second, 0, 1)
			e.Go(func() { e.Sleep(2*time.Second, 5); order = append(order, 2); send(e, done, 0, 4) }, 6)
			e.Go(func() { recvTime(e, ch, 7); order = append(order, 1); send(e, done, 0, 4) }, 8)
			e.Go(func() { e.Sleep(2*time.Second, 9); order = append(order, 22); send(e, done, 0, 4) }, 10)
			for i := 0; i < 4; i++ {
				recv(e, done, 11)
			}
			if !slices.Equal(order, []int{1, 2, 22, 3}) {
				t.Errorf("the sleeps and timers went on in the order %v, want [1 2 22 3] (deadlines, then starts)", order)
			}
		}},
	}
	for _, c := range checks {
		t.Run(c.name, func(t *testing.T) {
			r := runSchedule(func(e *Exec, h *testHost) { c.body(t, e, h) }, Schedule{})
			if (r.dead != nil) != c.dead {
				t.Errorf("deadlock %v, want %v", r.dead != nil, c.dead)
			}
			want := map[[2]uint32]bool{}
			for _, p := range c.races {
				want[p] = true
			}
			if !maps.Equal(r.races, want) {
				t.Errorf("races %v, want %v", r.races, want)
			}
		})
	}
}

// TestDeadlineOrderExplored: a select's timeout of 2s against a goroutine
// that sleeps 1s and then sends on the select's other channel. The
// goroutine may be delayed after its sleep for longer than the timeout
// (time orders nothing), so exploration runs a schedule in which the
// select takes the timeout (clock.go) besides those in which it takes
// the send; in every one the timeout fires after the sleep ended, the
// deadlines keeping their order, and the orders of the two Locks are
// explored.
func TestDeadlineOrderExplored(t *testing.T) {
	var events []string
	body := func(e *Exec, h *testHost) {
		events = events[:0]
		ch := make(chan int)
		var m sync.Mutex
		e.Go(func() {
			e.Lock(&m, m.TryLock, 1)
			e.Unlock(&m, m.Unlock, 2)
			e.Sleep(time.Second, 3)
			events = append(events, "woke")
			send(e, ch, 1, 4)
		}, 5)
		e.Lock(&m, m.TryLock, 6)
		e.Unlock(&m, m.Unlock, 7)
		timeout := e.After(2*time.Second, 8)
		if e.Select([]Case{&RecvOp[int]{Ch: ch}, &RecvOp[time.Time]{Ch: timeout}}, false, 9) == 1 {
			events = append(events, "timeout")
			recv(e, ch, 10)
		}
	}
	seen := map[string]bool{}
	work := []Schedule{{}}
	runs, timeouts := 0, 0
	for len(work) > 0 {
		s := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[s.Replay()] {
			continue
		}
		seen[s.Replay()] = true
		r := runSchedule(body, s)
		runs++
		if i := slices.Index(events, "timeout"); i >= 0 {
			timeouts++
			if !slices.Contains(events[:i], "woke") {
				t.Errorf("schedule %s: the timeout of 2s came before the sleep of 1s ended: %v", s, events)
			}
		}
		work = append(work, r.alts...)
	}
	if runs < 3 || timeouts == 0 || timeouts == runs {
		t.Errorf("%d schedules, %d with the timeout: want the orders of the mutex explored, and the timeout taken in some schedules and not in others", runs, timeouts)
	}
}

// TestAlternativeOrders: the alternative of a run in which goroutine 2
// locked a mutex before goroutine 1 lets goroutine 1's Lock, its first
// attempt, come first, whether the run slept or not. (Each section writes,
// so that it is not read-only: readonly.go.)
func TestAlternativeOrders(t *testing.T) {
	tests := []struct {
		name  string
		sleep bool
		want  string
	}{
		{"without time", false, "g@1"},
		{"with a sleep", true, "g@1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runSchedule(func(e *Exec, h *testHost) {
				var m sync.Mutex
				var x int64
				done := make(chan int)
				e.Go(func() {
					e.Lock(&m, m.TryLock, 1)
					h.access(unsafe.Pointer(&x), 8, true, 1)
					e.Unlock(&m, m.Unlock, 2)
					send(e, done, 0, 3)
				}, 4)
				if tt.sleep {
					e.Sleep(time.Second, 5)
				}
				e.Lock(&m, m.TryLock, 6)
				h.access(unsafe.Pointer(&x), 8, true, 6)
				e.Unlock(&m, m.Unlock, 7)
				recv(e, done, 8)
			}, Schedule{})
			var got []string
			for _, s := range r.alts {
				got = append(got, s.Replay())
			}
			if !slices.Contains(got, tt.want) {
				t.Errorf("alternatives %v, want %s among them", got, tt.want)
			}
		})
	}
}

// spin keeps the calling goroutine running, without waiting for anything,
// until at least d of wall time passed: a goroutine that a busy machine
// descheduled, or that computes.
func spin(d time.Duration) {
	for start := time.Now(); time.Since(start) < d; {
	}
}

// TestDeadlinesIgnoreWallTime: the deadlines of sleeps and timers are on
// the run's clock, which stands still while a goroutine can go on, so the
// wall time a goroutine spends between two starts (computing, or
// descheduled by a busy machine) changes neither their order nor whether a
// timer already expired.
func TestDeadlinesIgnoreWallTime(t *testing.T) {
	cases := []struct {
		name string
		body func(t *testing.T, e *Exec)
	}{
		{name: "order", body: func(t *testing.T, e *Exec) {
			long := e.After(10*time.Millisecond, 1)
			spin(20 * time.Millisecond)
			short := e.After(5*time.Millisecond, 2)
			got := e.Select([]Case{&RecvOp[time.Time]{Ch: long}, &RecvOp[time.Time]{Ch: short}}, false, 3)
			if got != 1 {
				t.Errorf("the timer of 10ms fired before the one of 5ms started after it")
			}
		}},
		{name: "sleep-order", body: func(t *testing.T, e *Exec) {
			var order []int
			done := make(chan int, 2)
			e.Go(func() {
				e.Sleep(10*time.Millisecond, 10)
				order = append(order, 10)
				send(e, done, 0, 11)
			}, 12)
			e.Sleep(time.Nanosecond, 13) // the other goroutine starts its sleep
			spin(20 * time.Millisecond)
			e.Sleep(5*time.Millisecond, 14)
			order = append(order, 5)
			recv(e, done, 15)
			if !slices.Equal(order, []int{5, 10}) {
				t.Errorf("the sleeps ended in the order %v, want [5 10]", order)
			}
		}},
		{name: "not-expired", body: func(t *testing.T, e *Exec) {
			ch := make(chan time.Time, 1)
			e.NewTimer(unsafe.Pointer(new(int)), ch, time.Millisecond, 0, 1)
			spin(5 * time.Millisecond)
			if poll(e, ch, 2) {
				t.Errorf("a timer of 1ms fired while the run's clock stood still")
			}
			recvTime(e, ch, 3)
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := runSchedule(func(e *Exec, h *testHost) { c.body(t, e) }, Schedule{})
			if r.dead != nil {
				t.Fatalf("deadlock reported: %v", r.dead)
			}
		})
	}
}

// TestClockTurnExplored: a goroutine looks at a timer's channel with a
// select statement with a default case (a poll, as a context's Err does)
// while another goroutine can still go on. The clock stands still while
// a goroutine can go on, so the depth-first run finds the channel empty;
// exploration runs the schedule with a turn of the clock before the poll
// (clock.go), in which the timer fired first, and writes it with "c".
func TestClockTurnExplored(t *testing.T) {
	var fired bool
	body := func(e *Exec, h *testHost) {
		fired = false
		ch := make(chan int, 1)
		timeout := e.After(time.Second, 1)
		e.Go(func() {
			send(e, ch, 1, 2)
		}, 3)
		if e.Select([]Case{&RecvOp[time.Time]{Ch: timeout}}, true, 4) == 0 {
			fired = true
		}
		recv(e, ch, 5)
	}
	seen := map[string]bool{}
	work := []Schedule{{}}
	var withClock []string
	runs := 0
	for len(work) > 0 && runs < 100 {
		s := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[s.Replay()] {
			continue
		}
		seen[s.Replay()] = true
		r := runSchedule(body, s)
		runs++
		if fired {
			withClock = append(withClock, s.Replay())
		}
		work = append(work, r.alts...)
	}
	if runs < 2 || len(withClock) == 0 || len(withClock) == runs {
		t.Fatalf("%d schedules, the poll found the timer fired in %v: want it in some and not all", runs, withClock)
	}
	for _, s := range withClock {
		if !strings.Contains(s, "c") {
			t.Errorf("schedule %s found the timer fired without a turn of the clock", s)
		}
	}
}

// TestClockWaitEnds: a goroutine that waits where a timer could wake it
// stops counting as one the clock can wake once the timer cannot fire any
// more (it was stopped, or it fired and its value or function went
// elsewhere): from there it waits for the other goroutines, and no
// schedule lets it go first, which no run could follow. Every schedule
// that the exploration lists must be followed, and the orders of the
// sections explored.
func TestClockWaitEnds(t *testing.T) {
	key := func() unsafe.Pointer { return unsafe.Pointer(new(int)) }
	section := func(e *Exec, h *testHost, m *sync.Mutex, x *int64, site uint32) {
		e.Lock(m, m.TryLock, site)
		h.access(unsafe.Pointer(x), 8, true, site)
		e.Unlock(m, m.Unlock, site+1)
	}
	// took records the cases that goroutine 2's select took, over the
	// schedules of one test.
	took := map[int]bool{}
	tests := []struct {
		name string
		body func(e *Exec, h *testHost)
		// cases: goroutine 2's select must take each of these in some
		// schedule.
		cases []int
	}{
		{"stopped", func(e *Exec, h *testHost) {
			k, tc := key(), make(chan time.Time, 1)
			e.NewTimer(k, tc, time.Second, 0, 1)
			ch := make(chan int)
			var m sync.Mutex
			var x int64
			e.Go(func() {
				took[e.Select([]Case{&SendOp[int]{Ch: ch, V: 1}, &RecvOp[time.Time]{Ch: tc}}, false, 2)] = true
				section(e, h, &m, &x, 3)
			}, 5)
			e.StopTimer(k, 6)
			section(e, h, &m, &x, 7)
			e.Select([]Case{&RecvOp[int]{Ch: ch}}, true, 10)
		}, []int{0, 1}},
		{"fired elsewhere", func(e *Exec, h *testHost) {
			tc := e.After(time.Second, 1)
			ch := make(chan int)
			var m sync.Mutex
			var x int64
			e.Go(func() {
				took[e.Select([]Case{&SendOp[int]{Ch: ch, V: 1}, &RecvOp[time.Time]{Ch: tc}}, false, 2)] = true
				section(e, h, &m, &x, 3)
			}, 5)
			e.Go(func() {
				if e.Select([]Case{&SendOp[int]{Ch: ch, V: 2}, &RecvOp[time.Time]{Ch: tc}}, false, 11) == 0 {
					return
				}
				section(e, h, &m, &x, 12)
			}, 14)
			e.Sleep(2*time.Second, 6)
			section(e, h, &m, &x, 7)
			recv(e, ch, 10)
		}, []int{0, 1}},
		// A deadline, as a context's: the function of a timer closes the
		// channel a goroutine waits on. In the schedule that lets the
		// waiting goroutine go first, the function's close is part of
		// the clock's step that wakes it.
		{"deadline", func(e *Exec, h *testHost) {
			k, done := key(), make(chan struct{})
			e.AfterFunc(k, time.Second, func() {
				e.Close(chanPointer(done), func() { close(done) }, 15)
			}, 1)
			e.TimerCloses(k, chanPointer(done))
			ch := make(chan int)
			var m sync.Mutex
			var x int64
			e.Go(func() {
				c := e.Select([]Case{&SendOp[int]{Ch: ch, V: 1}, &RecvOp[struct{}]{Ch: done}}, false, 2)
				took[c] = true
				if c == 1 {
					section(e, h, &m, &x, 3)
				}
			}, 5)
			section(e, h, &m, &x, 7)
			e.Select([]Case{&RecvOp[int]{Ch: ch}, &RecvOp[struct{}]{Ch: done}}, false, 10)
		}, []int{0, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clear(took)
			runs := exploreRuns(tt.body, 200, func(s Schedule, r result) {
				if r.diverged {
					t.Errorf("schedule %s could not be followed (%v)", s, r.choice)
				}
			})
			if runs < 2 {
				t.Errorf("%d schedules: want the orders of the sections explored", runs)
			}
			for _, c := range tt.cases {
				if !took[c] {
					t.Errorf("goroutine 2's select took case %d in no schedule (took %v)", c, took)
				}
			}
			t.Logf("%d schedules", runs)
		})
	}
}

// TestStopAfterFire: the Stop of a timer whose fire would change the run
// (a goroutine waits on its channel, or its function would run) could
// come after the fire, in a schedule that delays the stopping goroutine
// past the deadline; the exploration runs that schedule, and finds the
// race that only it shows. The twins order the two writes by a mutex.
func TestStopAfterFire(t *testing.T) {
	key := func() unsafe.Pointer { return unsafe.Pointer(new(int)) }
	write := func(e *Exec, h *testHost, m *sync.Mutex, x *int64, site uint32) {
		if m != nil {
			e.Lock(m, m.TryLock, site)
		}
		h.access(unsafe.Pointer(x), 8, true, site)
		if m != nil {
			e.Unlock(m, m.Unlock, site+1)
		}
	}
	for _, locked := range []bool{false, true} {
		var m *sync.Mutex
		want := map[[2]uint32]bool{{3, 6}: true}
		if locked {
			m, want = new(sync.Mutex), map[[2]uint32]bool{}
		}
		tests := []struct {
			name string
			body func(e *Exec, h *testHost)
		}{
			{"a receiver waits", func(e *Exec, h *testHost) {
				k, tc := key(), make(chan time.Time, 1)
				e.NewTimer(k, tc, time.Second, 0, 1)
				var x int64
				e.Go(func() {
					recv(e, tc, 2)
					write(e, h, m, &x, 3)
				}, 5)
				e.StopTimer(k, 9)
				write(e, h, m, &x, 6)
			}},
			{"a function", func(e *Exec, h *testHost) {
				k := key()
				var x int64
				e.AfterFunc(k, time.Second, func() { write(e, h, m, &x, 3) }, 1)
				e.StopTimer(k, 9)
				write(e, h, m, &x, 6)
			}},
			{"a reset", func(e *Exec, h *testHost) {
				k := key()
				var x int64
				e.AfterFunc(k, time.Second, func() { write(e, h, m, &x, 3) }, 1)
				e.ResetTimer(k, time.Hour, 9)
				write(e, h, m, &x, 6)
				e.StopTimer(k, 10)
			}},
		}
		for _, tt := range tests {
			t.Run(fmt.Sprintf("%s/locked=%v", tt.name, locked), func(t *testing.T) {
				races, n := explore(tt.body)
				if !maps.Equal(races, want) {
					t.Errorf("races %v in %d schedules, want %v", races, n, want)
				}
			})
		}
	}
}
