package goexec

import (
	"flag"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

var sectionRounds = flag.Int("goexec.sections", 1, "multiply the rounds of TestSectionsExclude (run it with -race)")

// guarded is state that only the executor's sections touch, as the
// detector is: plain fields, so that the race detector reports sections
// with no edge between them, and a check that sees two sections overlap
// without it.
type guarded struct {
	inside  bool
	n       int          // sections run
	overlap atomic.Int64 // sections that found another inside
	stale   int          // hooks' sections run by a goroutine that did not hold the baton
}

// hook is section for a hook: the goroutine must hold the baton.
func (s *guarded) hook(e *Exec, slow bool) {
	if g := e.cur; g == nil || g.gp != getg() || g.state != gRunning || e.idle {
		s.stale++
	}
	s.section(slow)
}

// section is the work of one section; slow widens it, letting other
// goroutines run in the middle.
func (s *guarded) section(slow bool) {
	if s.inside {
		s.overlap.Add(1)
	}
	s.inside = true
	v := s.n
	if slow {
		runtime.Gosched()
	}
	s.n = v + 1
	s.inside = false
}

// TestSectionsExclude checks that no two goroutines run executor code at
// once (outside.go's sections), while the holder of the baton enters and
// leaves by the fast path as fast as it can, a goroutine takes locked
// sections over and over (as the watchdog does), goroutines that the run
// did not start enter and are adopted, and the watchdog detaches them and
// goroutine 1, which come back and queue for the baton. Every section
// touches guarded's plain fields: run it with -race, and with
// -goexec.sections=N to run N times more rounds.
func TestSectionsExclude(t *testing.T) {
	rounds := 6 * *sectionRounds
	const (
		outsiders = 2
		burst     = 2000 // goroutine 1's hooks between yields
	)
	h := newTestHost()
	h.next = 1
	h.det.Spawn(0, 1, false, 0)

	type outcome struct {
		guarded, want int
		overlap       int64
		stale         int
		detaches      int
		adopted       int
	}
	done := make(chan outcome, 1)
	go func() {
		var s guarded
		e := New(h, 1, 0)
		h.e = e
		want := 0

		// A goroutine that takes locked sections, as the watchdog and
		// goroutines entering from outside do.
		stop := make(chan struct{})
		taker := make(chan int, 1)
		go func() {
			n := 0
			for {
				select {
				case <-stop:
					taker <- n
					return
				default:
				}
				e.lock()
				s.section(n%16 == 0)
				n++
				e.unlock()
				runtime.Gosched()
			}
		}()

		// Goroutines the run did not start: each enters, and then waits
		// outside with the baton until the watchdog takes it.
		var outDone atomic.Int32
		outs := make(chan int, outsiders)
		for id := range outsiders {
			go func() {
				n := 0
				defer func() {
					outDone.Add(1)
					outs <- n
				}()
				for r := range rounds {
					l, ok := e.Enter(uint32(100 + id))
					if !ok {
						return
					}
					s.hook(e, r%2 == 0)
					n++
					e.Exit(l)
					time.Sleep(2 * time.Millisecond)
				}
			}()
		}

		for r := range rounds {
			for i := range burst {
				l, ok := e.Enter(10)
				if !ok || !l {
					panic("goroutine 1 did not enter a section of its own")
				}
				if l2, ok2 := e.Enter(11); l2 || !ok2 {
					panic("a nested Enter entered a section")
				}
				s.hook(e, i%256 == 0)
				want++
				e.Exit(l)
			}
			// The goroutines from outside go first.
			e.Yield(12)
			switch r % 3 {
			case 1:
				// Blocked outside with the baton: the watchdog takes it,
				// and the next hook waits for it.
				time.Sleep(3 * time.Millisecond)
			case 2:
				// The same from the program's code a hook runs.
				var o sync.Once
				e.Do(&o, func() { o.Do(func() { time.Sleep(3 * time.Millisecond) }) }, 13)
			}
		}
		for outDone.Load() < outsiders {
			time.Sleep(time.Millisecond)
			e.Yield(14)
		}
		close(stop)
		want += <-taker
		for range outsiders {
			want += <-outs
		}
		e.End()
		adopted := 0
		for _, g := range e.Goroutines() {
			if g.adopted {
				adopted++
			}
		}
		o := outcome{guarded: s.n, want: want, overlap: s.overlap.Load(), stale: s.stale, detaches: e.detaches, adopted: adopted}
		e.Release()
		done <- o
	}()
	var o outcome
	select {
	case o = <-done:
	case dead := <-h.deadlock:
		t.Fatalf("deadlock reported, %d goroutines parked", len(dead))
	}
	if o.overlap != 0 {
		t.Errorf("%d sections began while another ran", o.overlap)
	}
	if o.stale != 0 {
		t.Errorf("%d hooks ran without the baton", o.stale)
	}
	if o.guarded != o.want {
		t.Errorf("the sections counted %d, want %d: some ran at once", o.guarded, o.want)
	}
	// Every goroutine from outside that took the baton kept it, waiting
	// outside, until the watchdog detached it.
	if o.adopted < outsiders || o.detaches < outsiders {
		t.Errorf("%d goroutines adopted, %d detached; want at least %d of each", o.adopted, o.detaches, outsiders)
	}
}

// TestReusedDescriptor checks that a goroutine from outside that begins
// after another returned holding the baton, on the descriptor the runtime
// took back from the one that returned, is adopted as a goroutine of its
// own: it must not take the baton (by the fast path or the slow one) as
// the goroutine that returned.
func TestReusedDescriptor(t *testing.T) {
	// With one P, a goroutine that starts gets the descriptor that the last
	// one to return left.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	h := newTestHost()
	h.next = 1
	h.det.Spawn(0, 1, false, 0)
	type outcome struct {
		reused      bool
		first, next int // the ids of the goroutine that returned and of the one on its descriptor
	}
	done := make(chan outcome, 1)
	go func() {
		e := New(h, 1, 0)
		h.e = e
		var o outcome
		var entered, tried atomic.Bool
		gps := make(chan uintptr, 1)
		go func() {
			l, ok := e.Enter(100)
			if ok {
				o.first = e.cur.ID
				e.Exit(l)
			}
			entered.Store(true)
			gps <- getg()
		}()
		go func() {
			defer tried.Store(true)
			gp := <-gps
			for range 100 {
				ids := make(chan int, 1)
				go func() {
					if getg() != gp {
						ids <- 0
						return
					}
					l, ok := e.Enter(101)
					if ok {
						ids <- e.cur.ID
						e.Exit(l)
					} else {
						ids <- -1
					}
				}()
				if id := <-ids; id != 0 {
					o.reused, o.next = true, id
					return
				}
			}
		}()
		for !entered.Load() || !tried.Load() {
			e.Yield(1)
			runtime.Gosched()
		}
		e.End()
		e.Release()
		done <- o
	}()
	var o outcome
	select {
	case o = <-done:
	case dead := <-h.deadlock:
		t.Fatalf("deadlock reported, %d goroutines parked", len(dead))
	}
	if !o.reused {
		t.Skip("the runtime gave no new goroutine the descriptor of the one that returned")
	}
	if o.first == 0 || o.next <= 0 || o.next == o.first {
		t.Errorf("the goroutine on a reused descriptor ran as goroutine %d, the one that returned was %d; want a new goroutine", o.next, o.first)
	}
}
