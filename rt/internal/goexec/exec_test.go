package goexec

import (
	"maps"
	"strings"
	"sync"
	"testing"
	"time"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/detect"
	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// testHost feeds the executor's events to the detector.
type testHost struct {
	e        *Exec // the executor, whose BeforeWrite a write calls, as the checker's does
	det      *detect.Detector
	next     event.Task
	cur      event.Task
	races    []event.Race
	deadlock chan []*G
}

func newTestHost() *testHost {
	h := &testHost{deadlock: make(chan []*G, 1)}
	h.det = detect.New(func(r event.Race) {
		h.races = append(h.races, r)
		if h.e != nil {
			h.e.RaceFound(r.Prev.Task, r.Cur.Task, !r.Prev.Write || r.Prev.Isolated, !r.Prev.Write || !r.Cur.Write, [2]uint32{uint32(r.Prev.Site), uint32(r.Cur.Site)}) // as the checker's onRace tells it
		}
	})
	return h
}

func (h *testHost) NewTask(parent event.Task, site uint32, g int) event.Task {
	h.next++
	return h.next
}
func (h *testHost) Spawn(parent, child event.Task, site uint32) {
	h.det.Spawn(parent, child, true, event.Site(site))
}
func (h *testHost) End(t event.Task)                  { h.det.End(t) }
func (h *testHost) Join(t, f event.Task, site uint32) { h.det.Get(t, f, event.Site(site)) }
func (h *testHost) SetCurrent(t event.Task)           { h.cur = t }
func (h *testHost) Precedes(t, c event.Task) bool {
	if c != 0 {
		return h.det.SpawnPrecedes(t, c, h.cur)
	}
	return h.det.EndedPrecedes(t, h.cur)
}
func (h *testHost) Deadlock(parked []*G) {
	h.deadlock <- parked
	select {}
}

// access records an access of the running goroutine.
// Access implements Host: the accesses the executor makes for
// synchronisation objects are left out, as the oracle of the property
// test does not model them.
func (h *testHost) Access(p unsafe.Pointer, size uintptr, write bool, site uint32) {}

func (h *testHost) access(p unsafe.Pointer, size uintptr, write bool, site uint32) {
	if write && h.e != nil {
		h.e.BeforeWrite(site)
	}
	h.det.Access(h.cur, uintptr(p), size, write, event.Site(site))
}

// run runs body as goroutine 1 of a checked run and returns the racing
// sites, the choice the run noted, and the goroutines parked at a
// deadlock.
func run(t *testing.T, body func(e *Exec, h *testHost)) (races map[[2]uint32]bool, c *Choice, dead []*G) {
	t.Helper()
	r := runSchedule(body, Schedule{})
	return r.races, r.choice, r.dead
}

// result is what one run of a program under a schedule found.
type result struct {
	races      map[[2]uint32]bool
	choice     *Choice
	explorable bool
	alts       []Schedule
	// orders are the schedules that a run which found no race would
	// list: the reversals of its dependent operations and the other
	// cases of its select statements, without what racy runs add
	// (late turns, start.go).
	orders []Schedule
	dead   []*G
	// diverged: the run could not follow its schedule (Exec.Diverged).
	diverged bool
}

// runSchedule runs body as goroutine 1 of a checked run that yields at the
// points of s.
func runSchedule(body func(e *Exec, h *testHost), s Schedule) result {
	h := newTestHost()
	h.next = 1
	h.det.Spawn(0, 1, false, 0)
	started := make(chan *Exec, 1)
	done := make(chan struct{})
	go func() {
		e := New(h, 1, 0)
		h.e = e
		e.SetSchedule(s)
		started <- e
		body(e, h)
		e.End()
		close(done)
	}()
	e := <-started
	var dead []*G
	select {
	case <-done:
	case dead = <-h.deadlock:
	}
	races := map[[2]uint32]bool{}
	for _, r := range h.races {
		a, b := uint32(r.Prev.Site), uint32(r.Cur.Site)
		if a > b {
			a, b = b, a
		}
		races[[2]uint32{a, b}] = true
	}
	explorable := e.Explorable()
	orders := e.Alternatives(false)
	return result{races: races, dead: dead, choice: e.Choice(), explorable: explorable, orders: orders, alts: e.Alternatives(len(races) > 0), diverged: e.Diverged}
}

// explore runs body under every schedule that the runs' alternatives
// reach, and returns the union of their races and the number of runs.
func explore(body func(e *Exec, h *testHost)) (map[[2]uint32]bool, int) {
	union := map[[2]uint32]bool{}
	n := exploreRuns(body, 0, func(_ Schedule, r result) { maps.Copy(union, r.races) })
	return union, n
}

// exploreRuns runs body under every schedule that the runs' alternatives
// reach, up to limit runs (0: no limit), calling each with the schedule
// and the run's result, and returns the number of runs.
func exploreRuns(body func(e *Exec, h *testHost), limit int, each func(Schedule, result)) int {
	seen := map[string]bool{}
	work := []Schedule{{}}
	n := 0
	for len(work) > 0 && (limit == 0 || n < limit) {
		s := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[s.Replay()] {
			continue
		}
		seen[s.Replay()] = true
		n++
		r := runSchedule(body, s)
		each(s, r)
		work = append(work, r.alts...)
	}
	return n
}

func send[T any](e *Exec, ch chan T, v T, site uint32) { e.Send(&SendOp[T]{Ch: ch, V: v}, site) }
func recv[T any](e *Exec, ch chan T, site uint32) (T, bool) {
	r := &RecvOp[T]{Ch: ch}
	e.Recv(r, site)
	return r.V, r.Ok
}

func TestPrograms(t *testing.T) {
	type prog struct {
		name     string
		body     func(e *Exec, h *testHost)
		races    [][2]uint32 // racing site pairs of the depth-first run, lower first
		choice   bool        // the run notes a choice it does not explore
		order    bool        // the run is one order of acquisitions among others
		explored [][2]uint32 // racing pairs of every order of acquisitions, when not races
		dead     bool
	}
	progs := []prog{
		{name: "waitgroup", body: func(e *Exec, h *testHost) {
			var x int
			var wg sync.WaitGroup
			h.access(unsafe.Pointer(&x), 8, true, 1)
			for i := 0; i < 3; i++ {
				e.Add(&wg, 1, func() { wg.Add(1) }, 0)
				e.Go(func() {
					h.access(unsafe.Pointer(&x), 8, false, 2)
					e.Add(&wg, -1, func() { wg.Done() }, 0)
				}, 0)
			}
			e.Wait(&wg, 0)
			h.access(unsafe.Pointer(&x), 8, true, 3)
		}},
		{name: "waitgroup-missing-wait", body: func(e *Exec, h *testHost) {
			var x int
			var wg sync.WaitGroup
			e.Add(&wg, 1, func() { wg.Add(1) }, 0)
			e.Go(func() {
				h.access(unsafe.Pointer(&x), 8, false, 2)
				e.Add(&wg, -1, func() { wg.Done() }, 0)
			}, 0)
			h.access(unsafe.Pointer(&x), 8, true, 3)
			e.Wait(&wg, 0)
		}, races: [][2]uint32{{2, 3}}, order: true}, // the read at the start of goroutine 2 may come late (start.go)
		{name: "unordered-writers", body: func(e *Exec, h *testHost) {
			var x int
			done := make(chan bool)
			for i := 0; i < 2; i++ {
				e.Go(func() {
					h.access(unsafe.Pointer(&x), 8, true, 4)
					send(e, done, true, 0)
				}, 0)
			}
			recv(e, done, 0)
			recv(e, done, 0)
		}, races: [][2]uint32{{4, 4}}, order: true},
		{name: "future-channel", body: func(e *Exec, h *testHost) {
			var x int
			ch := make(chan int)
			e.Go(func() {
				h.access(unsafe.Pointer(&x), 8, true, 1)
				send(e, ch, 1, 0)
			}, 0)
			recv(e, ch, 0)
			h.access(unsafe.Pointer(&x), 8, false, 2)
		}},
		{name: "future-channel-read-before-receive", body: func(e *Exec, h *testHost) {
			var x int
			ch := make(chan int, 1)
			e.Go(func() {
				h.access(unsafe.Pointer(&x), 8, true, 1)
				send(e, ch, 1, 0)
			}, 0)
			h.access(unsafe.Pointer(&x), 8, false, 2)
			recv(e, ch, 0)
		}, races: [][2]uint32{{1, 2}}, order: true}, // goroutine 2 may start late, after the read (start.go)
		{name: "worker-blocks-first", body: func(e *Exec, h *testHost) {
			// The worker runs first, waits for jobs, and goes on only when
			// main sends: the parked continuation.
			var x [3]int
			jobs := make(chan int)
			done := make(chan struct{})
			e.Go(func() {
				for {
					j, ok := recv(e, jobs, 0)
					if !ok {
						break
					}
					h.access(unsafe.Pointer(&x[j]), 8, true, 5)
				}
				e.Close(chanPointer(done), func() { close(done) }, 0)
			}, 0)
			for j := 0; j < 3; j++ {
				h.access(unsafe.Pointer(&x[j]), 8, true, 6)
				send(e, jobs, j, 0)
			}
			e.Close(chanPointer(jobs), func() { close(jobs) }, 0)
			recv(e, done, 0)
			for j := 0; j < 3; j++ {
				h.access(unsafe.Pointer(&x[j]), 8, false, 7)
			}
		}},
		{name: "worker-reads-after-send", body: func(e *Exec, h *testHost) {
			var x int
			jobs := make(chan int)
			done := make(chan struct{})
			e.Go(func() {
				recv(e, jobs, 0)
				h.access(unsafe.Pointer(&x), 8, false, 8)
				e.Close(chanPointer(done), func() { close(done) }, 0)
			}, 0)
			send(e, jobs, 1, 0)
			h.access(unsafe.Pointer(&x), 8, true, 9) // races with the worker's read
			recv(e, done, 0)
		}, races: [][2]uint32{{8, 9}}, order: true}, // the worker's read may come after the write (start.go)
		{name: "buffered-semaphore", body: func(e *Exec, h *testHost) {
			var x int
			sem := make(chan struct{}, 1)
			var wg sync.WaitGroup
			for i := 0; i < 2; i++ {
				e.Add(&wg, 1, func() { wg.Add(1) }, 0)
				e.Go(func() {
					send(e, sem, struct{}{}, 0)
					h.access(unsafe.Pointer(&x), 8, true, 10)
					recv(e, sem, 0)
					e.Add(&wg, -1, func() { wg.Done() }, 0)
				}, 0)
			}
			e.Wait(&wg, 0)
		}, order: true},
		{name: "mutex-masks-write-outside", body: func(e *Exec, h *testHost) {
			// The sections write (y): their orders are explored.
			var x, y int
			var mu sync.Mutex
			var wg sync.WaitGroup
			e.Add(&wg, 2, func() { wg.Add(2) }, 0)
			e.Go(func() {
				h.access(unsafe.Pointer(&x), 8, true, 11)
				e.Lock(&mu, mu.TryLock, 0)
				h.access(unsafe.Pointer(&y), 8, true, 13)
				e.Unlock(&mu, mu.Unlock, 0)
				e.Add(&wg, -1, func() { wg.Done() }, 0)
			}, 0)
			e.Go(func() {
				e.Lock(&mu, mu.TryLock, 0)
				h.access(unsafe.Pointer(&y), 8, true, 14)
				e.Unlock(&mu, mu.Unlock, 0)
				h.access(unsafe.Pointer(&x), 8, false, 12)
				e.Add(&wg, -1, func() { wg.Done() }, 0)
			}, 0)
			e.Wait(&wg, 0)
		}, order: true, explored: [][2]uint32{{11, 12}}},
		{name: "mutex-read-only-sections", body: func(e *Exec, h *testHost) {
			// The sections only read (readonly.go): they do not order
			// each other, and the depth-first run reports the race that
			// the other order of them shows.
			var x, y int
			var mu sync.Mutex
			var wg sync.WaitGroup
			e.Add(&wg, 2, func() { wg.Add(2) }, 0)
			e.Go(func() {
				h.access(unsafe.Pointer(&x), 8, true, 15)
				e.Lock(&mu, mu.TryLock, 0)
				h.access(unsafe.Pointer(&y), 8, false, 17)
				e.Unlock(&mu, mu.Unlock, 0)
				e.Add(&wg, -1, func() { wg.Done() }, 0)
			}, 0)
			e.Go(func() {
				e.Lock(&mu, mu.TryLock, 0)
				h.access(unsafe.Pointer(&y), 8, false, 18)
				e.Unlock(&mu, mu.Unlock, 0)
				h.access(unsafe.Pointer(&x), 8, false, 16)
				e.Add(&wg, -1, func() { wg.Done() }, 0)
			}, 0)
			e.Wait(&wg, 0)
		}, races: [][2]uint32{{15, 16}}, order: true},
		{name: "mutex-publishes-flag", body: func(e *Exec, h *testHost) {
			// x is published under the lock: no order of the sections
			// lets the read see an unordered write.
			var x int
			var flag bool
			var mu sync.Mutex
			var wg sync.WaitGroup
			e.Add(&wg, 2, func() { wg.Add(2) }, 0)
			e.Go(func() {
				h.access(unsafe.Pointer(&x), 8, true, 22)
				e.Lock(&mu, mu.TryLock, 0)
				h.access(unsafe.Pointer(&flag), 1, true, 23)
				flag = true
				e.Unlock(&mu, mu.Unlock, 0)
				e.Add(&wg, -1, func() { wg.Done() }, 0)
			}, 0)
			e.Go(func() {
				e.Lock(&mu, mu.TryLock, 0)
				h.access(unsafe.Pointer(&flag), 1, false, 24)
				seen := flag
				e.Unlock(&mu, mu.Unlock, 0)
				if seen {
					h.access(unsafe.Pointer(&x), 8, false, 25)
				}
				e.Add(&wg, -1, func() { wg.Done() }, 0)
			}, 0)
			e.Wait(&wg, 0)
		}, order: true},
		{name: "mutex-contended", body: func(e *Exec, h *testHost) {
			// Goroutine 2 holds the lock and waits on a channel; goroutine
			// 3 parks on the lock; main lets 2 go on, which unlocks.
			var x int
			var mu sync.Mutex
			ch := make(chan int)
			var wg sync.WaitGroup
			e.Add(&wg, 2, func() { wg.Add(2) }, 0)
			e.Go(func() {
				e.Lock(&mu, mu.TryLock, 0)
				h.access(unsafe.Pointer(&x), 8, true, 13)
				recv(e, ch, 0)
				e.Unlock(&mu, mu.Unlock, 0)
				e.Add(&wg, -1, func() { wg.Done() }, 0)
			}, 0)
			e.Go(func() {
				e.Lock(&mu, mu.TryLock, 0)
				h.access(unsafe.Pointer(&x), 8, true, 14)
				e.Unlock(&mu, mu.Unlock, 0)
				e.Add(&wg, -1, func() { wg.Done() }, 0)
			}, 0)
			send(e, ch, 1, 0)
			e.Wait(&wg, 0)
			h.access(unsafe.Pointer(&x), 8, true, 15)
		}, order: true},
		{name: "deadlock", body: func(e *Exec, h *testHost) {
			ch := make(chan int)
			e.Go(func() { recv(e, ch, 0) }, 0)
			recv(e, ch, 0)
		}, dead: true},
		{name: "second-receiver-parks", body: func(e *Exec, h *testHost) {
			// Goroutine 2 takes the value and main waits for ever; had main
			// received first, goroutine 2 would wait and main return.
			ch := make(chan int, 1)
			send(e, ch, 1, 0)
			e.Go(func() { recv(e, ch, 0) }, 0)
			recv(e, ch, 0)
		}, dead: true, order: true},
		{name: "waitgroup-add-in-worker", body: func(e *Exec, h *testHost) {
			// The worker's Add runs before the Wait here, after it in
			// other schedules, in which the read races with the write.
			var x int
			var wg sync.WaitGroup
			e.Go(func() {
				e.Add(&wg, 1, func() { wg.Add(1) }, 0)
				h.access(unsafe.Pointer(&x), 8, true, 22)
				e.Add(&wg, -1, func() { wg.Done() }, 0)
			}, 0)
			e.Wait(&wg, 0)
			h.access(unsafe.Pointer(&x), 8, false, 23)
		}, order: true, explored: [][2]uint32{{22, 23}}},
		{name: "waitgroup-add-while-positive", body: func(e *Exec, h *testHost) {
			// The counter is positive at goroutine 2's Add here; in the
			// schedule where goroutine 3's Done comes first, the Wait
			// returns before goroutine 2 runs.
			var x int
			var wg sync.WaitGroup
			e.Add(&wg, 1, func() { wg.Add(1) }, 0)
			e.Go(func() {
				e.Add(&wg, 1, func() { wg.Add(1) }, 0)
				h.access(unsafe.Pointer(&x), 8, true, 24)
				e.Add(&wg, -1, func() { wg.Done() }, 0)
			}, 0)
			e.Go(func() { e.Add(&wg, -1, func() { wg.Done() }, 0) }, 0)
			e.Wait(&wg, 0)
			h.access(unsafe.Pointer(&x), 8, false, 25)
		}, order: true, explored: [][2]uint32{{24, 25}}},
		{name: "waitgroup-add-before-spawn", body: func(e *Exec, h *testHost) {
			// Every Add happens before the Wait (through the go
			// statements), though another goroutine waits.
			var x int
			var wg sync.WaitGroup
			done := make(chan struct{})
			e.Add(&wg, 2, func() { wg.Add(2) }, 0)
			for i := 0; i < 2; i++ {
				e.Go(func() {
					h.access(unsafe.Pointer(&x), 8, false, 26)
					e.Add(&wg, -1, func() { wg.Done() }, 0)
				}, 0)
			}
			e.Go(func() {
				e.Wait(&wg, 0)
				h.access(unsafe.Pointer(&x), 8, true, 27)
				e.Close(chanPointer(done), func() { close(done) }, 0)
			}, 0)
			recv(e, done, 0)
		}},
		{name: "select-one-ready", body: func(e *Exec, h *testHost) {
			// Only b is ready when the select runs here; had main sent on
			// a first, the select could take a, whose case reads after
			// the receive that main's send (after its write) precedes.
			a, b := make(chan int, 1), make(chan int, 1)
			var x int
			e.Go(func() {
				send(e, b, 1, 0)
				i := e.Select([]Case{&RecvOp[int]{Ch: a}, &RecvOp[int]{Ch: b}}, false, 0)
				if i == 0 {
					h.access(unsafe.Pointer(&x), 8, false, 28)
				}
			}, 0)
			h.access(unsafe.Pointer(&x), 8, true, 29)
			send(e, a, 1, 0)
		}, order: true},
		{name: "select-default", body: func(e *Exec, h *testHost) {
			a := make(chan int, 1)
			e.Go(func() {
				e.Select([]Case{&RecvOp[int]{Ch: a}}, true, 0)
			}, 0)
			send(e, a, 1, 0)
		}, order: true},
		{name: "cond-ready", body: func(e *Exec, h *testHost) {
			// The waiter reads x once ready is set under the lock, after
			// the writer's write: ordered whether the Signal comes before
			// the Wait (lost, but ready is seen) or after it.
			var x int
			var mu sync.Mutex
			c := sync.NewCond(&mu)
			ready := false
			e.Go(func() {
				e.Lock(&mu, mu.TryLock, 0)
				for !ready {
					e.CondWait(c, func() { e.Unlock(&mu, mu.Unlock, 0) }, func() { e.Lock(&mu, mu.TryLock, 0) }, 0)
				}
				e.Unlock(&mu, mu.Unlock, 0)
				h.access(unsafe.Pointer(&x), 8, false, 47)
			}, 0)
			h.access(unsafe.Pointer(&x), 8, true, 48)
			e.Lock(&mu, mu.TryLock, 0)
			ready = true
			e.CondSignal(c, false, 0)
			e.Unlock(&mu, mu.Unlock, 0)
		}, order: true},
		{name: "cond-write-after-signal", body: func(e *Exec, h *testHost) {
			// The writer writes x after it signalled: in every schedule
			// the waiter's read races with it.
			var x int
			var mu sync.Mutex
			c := sync.NewCond(&mu)
			ready := false
			e.Go(func() {
				e.Lock(&mu, mu.TryLock, 0)
				for !ready {
					e.CondWait(c, func() { e.Unlock(&mu, mu.Unlock, 0) }, func() { e.Lock(&mu, mu.TryLock, 0) }, 0)
				}
				e.Unlock(&mu, mu.Unlock, 0)
				h.access(unsafe.Pointer(&x), 8, false, 49)
			}, 0)
			e.Lock(&mu, mu.TryLock, 0)
			ready = true
			e.CondSignal(c, false, 0)
			e.Unlock(&mu, mu.Unlock, 0)
			h.access(unsafe.Pointer(&x), 8, true, 50)
		}, races: [][2]uint32{{49, 50}}, order: true},
		{name: "select-default-reads", body: func(e *Exec, h *testHost) {
			// The default is taken here; had main sent first, the case
			// would read x, which main writes before the send: ordered.
			// The default's write races with main's write.
			a := make(chan int, 1)
			var x int
			e.Go(func() {
				if e.Select([]Case{&RecvOp[int]{Ch: a}}, true, 0) < 0 {
					h.access(unsafe.Pointer(&x), 8, true, 40)
				} else {
					h.access(unsafe.Pointer(&x), 8, false, 41)
				}
			}, 0)
			h.access(unsafe.Pointer(&x), 8, true, 42)
			send(e, a, 1, 0)
		}, races: [][2]uint32{{40, 42}}, order: true},
		{name: "select-both-ready", body: func(e *Exec, h *testHost) {
			// Both cases are ready: the first is taken here, the second
			// in another schedule, whose body races with main.
			a, b := make(chan int, 1), make(chan int, 1)
			var x int
			send(e, a, 1, 0)
			send(e, b, 1, 0)
			e.Go(func() {
				if e.Select([]Case{&RecvOp[int]{Ch: a}, &RecvOp[int]{Ch: b}}, false, 0) == 1 {
					h.access(unsafe.Pointer(&x), 8, true, 43)
				}
			}, 0)
			h.access(unsafe.Pointer(&x), 8, true, 44)
		}, order: true, explored: [][2]uint32{{43, 44}}},
		{name: "competing-receivers", body: func(e *Exec, h *testHost) {
			// Goroutine 2 takes the value here and writes x before it
			// signals; goroutine 3 writes only when it got the value: in
			// the schedule where 3 receives first, 3's write races with
			// main's (2's is ordered by done).
			ch := make(chan int, 1)
			done := make(chan int, 2)
			var x int
			for i := 0; i < 2; i++ {
				e.Go(func() {
					v, ok := recv(e, ch, 0)
					if ok && v == 1 && i == 1 {
						h.access(unsafe.Pointer(&x), 8, true, 45)
					}
					send(e, done, 0, 0)
				}, 0)
			}
			send(e, ch, 1, 0)
			e.Close(chanPointer(ch), func() { close(ch) }, 0)
			recv(e, done, 0)
			h.access(unsafe.Pointer(&x), 8, true, 46)
			recv(e, done, 0)
		}, order: true, explored: [][2]uint32{{45, 46}}},
		{name: "buffered-receive-waited", body: func(e *Exec, h *testHost) {
			// The receive waits, main's first send hands it the value, and
			// the receive is synchronized before the second send (k+C).
			var x int
			ch := make(chan int, 1)
			e.Go(func() {
				h.access(unsafe.Pointer(&x), 8, true, 30)
				recv(e, ch, 0)
			}, 0)
			send(e, ch, 1, 0)
			send(e, ch, 2, 0)
			h.access(unsafe.Pointer(&x), 8, false, 31)
		}},
		{name: "read-after-close-races", body: func(e *Exec, h *testHost) {
			// Goroutine 3's read follows its close, which lets goroutine 2
			// go on and unlock; main's lock joins that unlock, not the read.
			var x int
			var mu sync.Mutex
			ch := make(chan int, 1)
			e.Go(func() {
				for {
					if _, ok := recv(e, ch, 0); !ok {
						break
					}
					h.access(unsafe.Pointer(&x), 8, false, 32)
				}
				e.Lock(&mu, mu.TryLock, 0)
				e.Unlock(&mu, mu.Unlock, 0)
			}, 0)
			e.Go(func() {
				send(e, ch, 1, 0)
				e.Close(chanPointer(ch), func() { close(ch) }, 0)
				h.access(unsafe.Pointer(&x), 8, false, 33)
			}, 0)
			e.Lock(&mu, mu.TryLock, 0)
			h.access(unsafe.Pointer(&x), 8, true, 34)
		}, races: [][2]uint32{{33, 34}}, order: true, explored: [][2]uint32{{32, 34}}},
		{name: "once", body: func(e *Exec, h *testHost) {
			var x int
			var once sync.Once
			var wg sync.WaitGroup
			for i := 0; i < 2; i++ {
				e.Add(&wg, 1, func() { wg.Add(1) }, 0)
				e.Go(func() {
					e.Do(&once, func() { once.Do(func() { h.access(unsafe.Pointer(&x), 8, true, 16) }) }, 0)
					h.access(unsafe.Pointer(&x), 8, false, 17)
					e.Add(&wg, -1, func() { wg.Done() }, 0)
				}, 0)
			}
			e.Wait(&wg, 0)
		}, order: true},
		{name: "sleep-orders-nothing", body: func(e *Exec, h *testHost) {
			var x int
			e.Go(func() {
				e.Sleep(10, 0)
				h.access(unsafe.Pointer(&x), 8, true, 18)
			}, 0)
			e.Sleep(20, 0)
			h.access(unsafe.Pointer(&x), 8, true, 19)
		}, races: [][2]uint32{{18, 19}}},
		{name: "select-waits-two", body: func(e *Exec, h *testHost) {
			a, b := make(chan int), make(chan int)
			var x int
			e.Go(func() {
				ra, rb := &RecvOp[int]{Ch: a}, &RecvOp[int]{Ch: b}
				i := e.Select([]Case{ra, rb}, false, 0)
				if i == 1 {
					h.access(unsafe.Pointer(&x), 8, false, 20)
				}
			}, 0)
			h.access(unsafe.Pointer(&x), 8, true, 21)
			send(e, b, 2, 0)
		}, order: true},
	}
	for _, p := range progs {
		t.Run(p.name, func(t *testing.T) {
			r := runSchedule(p.body, Schedule{})
			races, c, dead := r.races, r.choice, r.dead
			if p.dead != (dead != nil) {
				t.Fatalf("deadlock: got %v, want %v", dead != nil, p.dead)
			}
			want := map[[2]uint32]bool{}
			for _, r := range p.races {
				want[r] = true
			}
			for r := range races {
				if !want[r] {
					t.Errorf("race %v reported, want none", r)
				}
			}
			for r := range want {
				if !races[r] {
					t.Errorf("race %v missed", r)
				}
			}
			if (c != nil) != p.choice {
				t.Errorf("choice = %+v, want one: %v", c, p.choice)
			}
			if r.explorable != p.order {
				t.Errorf("explorable = %v, want %v", r.explorable, p.order)
			}
			if !p.order {
				return
			}
			union, n := explore(p.body)
			want = map[[2]uint32]bool{}
			for _, r := range append(p.races, p.explored...) {
				want[r] = true
			}
			for r := range union {
				if !want[r] {
					t.Errorf("race %v reported by one of %d schedules, want none", r, n)
				}
			}
			for r := range want {
				if !union[r] {
					t.Errorf("race %v missed by all %d schedules", r, n)
				}
			}
		})
	}
}

func TestParseSchedule(t *testing.T) {
	tests := []struct {
		in   string
		want string
		bad  bool
	}{
		{in: "g", want: "g"},
		{in: "g2.1", want: "g2.1"},
		{in: "g4.1,2.3", want: "g2.3,4.1"},
		{in: "g2.3:1,2.1", want: "g2.1,2.3:1"},
		{in: "g2.3:x", bad: true},
		{in: "g2.3:-1", bad: true},
		{in: "2.3", bad: true},
		{in: "g2", bad: true},
		{in: "g0.1", bad: true},
		{in: "gx.y", bad: true},
		{in: "g2.1/1.3", want: "g2.1/1.3"},
		{in: "g2.1/1.3,1.1", want: "g1.1,2.1/1.3"},
		{in: "g2.1/1", bad: true},
		{in: "g2.1/0.1", bad: true},
		{in: "g2.1/1.3:1", bad: true},
		{in: "g2.1:1/1.3", bad: true},
		{in: "g@1", want: "g@1"},
		{in: "g@1.1.1.2.-3", want: "g@1*3.2.-3"},
		{in: "g@1*3.2.-3,2.4:1", want: "g@1*3.2.-3,2.4:1"},
		{in: "g@2*2.2", want: "g@2*3"},
		{in: "g@0", bad: true},
		{in: "g@1*0", bad: true},
		{in: "g@1*-2", bad: true},
		{in: "g@", bad: true},
		{in: "g@1..2", bad: true},
		{in: "g@1*99999999999", bad: true},
		{in: "g@1.3|2@0", want: "g@1.3|2@0"},
		{in: "g@1.3,2.4:1|3@1,2@0,2@1", want: "g@1.3,2.4:1|2@0,2@1,3@1"},
		{in: "g@1.c.c.2", want: "g@1.c*2.2"},
		{in: "g@c*2|1@0", want: "g@c*2|1@0"},
		{in: "g@-2147483648", bad: true},
		{in: "g@1|", bad: true},
		{in: "g@1|2", bad: true},
		{in: "g@1|0@1", bad: true},
		{in: "g@1|2@-1", bad: true},
		{in: "g@1|2@x", bad: true},
		{in: "g@1.s2.s2.3", want: "g@1.s2*2.3"},
		{in: "g@s536870911", want: "g@s536870911"},
		{in: "g@s0", bad: true},
		{in: "g@s536870912", bad: true},
		{in: "g@1.p2.p2.3", want: "g@1.p2*2.3"},
		{in: "g@p536870911", want: "g@p536870911"},
		{in: "g@p0", bad: true},
		{in: "g@p536870912", bad: true},
		{in: "g@px", bad: true},
		{in: "g@p*1", bad: true},
		{in: "g@-1610612737", bad: true}, // a pause code written as a number
		{in: "g@1.p2^2", want: "g@1.p2^2"},
		{in: "g@sx", bad: true},
		{in: "g@-1073741825", bad: true}, // a start code written as a number
		{in: "g@1.s2|3@1^2", want: "g@1.s2|3@1^2"},
		{in: "g@1^2", want: "g@1^2"},
		{in: "g@1^0", bad: true},
		{in: "g@1^", bad: true},
		{in: "g@1^x", bad: true},
		{in: "g@s*1", bad: true}, // no goroutine, a count
	}
	for _, tt := range tests {
		s, err := ParseSchedule(tt.in)
		if (err != nil) != tt.bad {
			t.Errorf("ParseSchedule(%q): error %v, want error: %v", tt.in, err, tt.bad)
			continue
		}
		if err == nil && s.String() != tt.want {
			t.Errorf("ParseSchedule(%q).String() = %q, want %q", tt.in, s.String(), tt.want)
		}
	}
}

func FuzzParseSchedule(f *testing.F) {
	f.Add("g1.2,3.4")
	f.Add("g1.2/3.4,3.4:1")
	f.Add("g@1.s2*2.-3.c,2.1:1|3@1^2")
	f.Add("g@1.p2*2.s3.p3^3")
	f.Fuzz(func(t *testing.T, in string) {
		s, err := ParseSchedule(in)
		if err != nil {
			return
		}
		again, err := ParseSchedule(s.String())
		if err != nil || again.String() != s.String() {
			t.Fatalf("%q → %q → %q, %v", in, s.String(), again.String(), err)
		}
	})
}

// TestLongLogs checks the bound on an object's log (maxLog): a pipeline
// whose channel has one sender and one receiver keeps no log past the
// bound and stays exact; a mutex that two goroutines lock more often than
// the bound makes the run note a choice.
func TestLongLogs(t *testing.T) {
	n := maxLog/2 + 10
	pipeline := runSchedule(func(e *Exec, h *testHost) {
		ch := make(chan int, 8)
		e.Go(func() {
			for i := range n {
				send(e, ch, i, 0)
			}
			e.Close(chanPointer(ch), func() { close(ch) }, 0)
		}, 0)
		for {
			if _, ok := recv(e, ch, 0); !ok {
				break
			}
		}
	}, Schedule{})
	if pipeline.choice != nil || pipeline.explorable {
		t.Errorf("pipeline of %d values: choice %+v, explorable %v; want neither", n, pipeline.choice, pipeline.explorable)
	}
	locks := runSchedule(func(e *Exec, h *testHost) {
		var mu sync.Mutex
		var wg sync.WaitGroup
		for range 2 {
			e.Add(&wg, 1, func() { wg.Add(1) }, 0)
			e.Go(func() {
				for range n {
					e.Lock(&mu, mu.TryLock, 0)
					e.Unlock(&mu, mu.Unlock, 0)
				}
				e.Add(&wg, -1, func() { wg.Done() }, 0)
			}, 0)
		}
		e.Wait(&wg, 0)
	}, Schedule{})
	if locks.choice == nil {
		t.Errorf("a mutex locked %d times by two goroutines: no choice noted", 2*n)
	}
}

// TestLateTurns checks that a run lists the late turn of an attempt made
// while another goroutine was between two of its steps only when it found
// a race after the attempt with an access that the graph orders after it
// (Alternatives, raceAfter): other races cannot make the late turn's run
// another trace.
func TestLateTurns(t *testing.T) {
	// Goroutine 2 writes x (site 1) and ends; main writes x (site 2), a
	// race. Goroutine 3 takes the mutex as soon as it starts, while main
	// is between two of its steps (an early attempt), and main takes it
	// next: a dependent pair. Main's write comes before goroutine 3
	// starts (before), after the sections, once main has taken the mutex
	// after goroutine 3 (after), or between the two, after goroutine 3's
	// attempt but unordered with it (between).
	const before, between, after = 0, 1, 2
	program := func(when int) func(e *Exec, h *testHost) {
		return func(e *Exec, h *testHost) {
			var x, y int
			var mu sync.Mutex
			var wg sync.WaitGroup
			e.Add(&wg, 2, func() { wg.Add(2) }, 0)
			e.Go(func() {
				h.access(unsafe.Pointer(&x), 8, true, 1)
				e.Add(&wg, -1, func() { wg.Done() }, 0)
			}, 0)
			if when == before {
				h.access(unsafe.Pointer(&x), 8, true, 2)
			}
			e.Go(func() {
				e.Lock(&mu, mu.TryLock, 0)
				h.access(unsafe.Pointer(&y), 8, true, 3)
				e.Unlock(&mu, mu.Unlock, 0)
				e.Add(&wg, -1, func() { wg.Done() }, 0)
			}, 0)
			if when == between {
				h.access(unsafe.Pointer(&x), 8, true, 2)
			}
			e.Lock(&mu, mu.TryLock, 0)
			h.access(unsafe.Pointer(&y), 8, true, 4)
			e.Unlock(&mu, mu.Unlock, 0)
			if when == after {
				h.access(unsafe.Pointer(&x), 8, true, 2)
			}
			e.Wait(&wg, 0)
		}
	}
	late := func(alts []Schedule) int {
		n := 0
		for _, s := range alts {
			for _, g := range s.Follow {
				if _, start := startOf(g); g < 0 && !start {
					n++ // a late turn, not a late start (start.go)
				}
			}
		}
		return n
	}
	for _, tc := range []struct {
		name     string
		when     int
		wantLate bool
	}{
		{"race before the early attempt", before, false},
		{"race after the attempt, unordered with it", between, false},
		{"race after the attempt, ordered after it", after, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runSchedule(program(tc.when), Schedule{})
			if !r.races[[2]uint32{1, 2}] || len(r.races) != 1 {
				t.Fatalf("races %v, want the pair of sites 1 and 2 only", r.races)
			}
			if got := late(r.alts) > 0; got != tc.wantLate {
				t.Errorf("alternatives %v: late turns listed %v, want %v", r.alts, got, tc.wantLate)
			}
			union, n := explore(program(tc.when))
			if !union[[2]uint32{1, 2}] || len(union) != 1 {
				t.Errorf("explored %d schedules: races %v, want the pair of sites 1 and 2 only", n, union)
			}
		})
	}
}

// TestRacingReadTakesAnotherPath checks that exploring a racy run finds a
// race that only a racing read's other value leads to. Goroutine 2 sends
// on a buffered channel as soon as it starts (an early attempt, dependent
// with main's send on it) and then reads a flag that main sets without
// synchronisation (sites 1 and 2, a race found after the attempt, by a
// read that the graph orders after it, so the attempt's late turn is
// listed too). In the depth-first run it reads 0; a schedule in which
// main goes first (the reversal of the two sends, and the late turn)
// makes it read 1 and write w (site 3), which main writes too (site 4).
func TestRacingReadTakesAnotherPath(t *testing.T) {
	body := func(e *Exec, h *testHost) {
		var flag, w int
		ch := make(chan int, 2)
		e.Go(func() {
			send(e, ch, 2, 0)
			h.access(unsafe.Pointer(&flag), 8, false, 1)
			if flag == 1 {
				h.access(unsafe.Pointer(&w), 8, true, 3)
				w = 1
			}
		}, 0)
		h.access(unsafe.Pointer(&flag), 8, true, 2)
		flag = 1
		h.access(unsafe.Pointer(&w), 8, true, 4)
		send(e, ch, 1, 0)
		recv(e, ch, 0)
		recv(e, ch, 0)
	}
	r := runSchedule(body, Schedule{})
	if want := map[[2]uint32]bool{{1, 2}: true}; !maps.Equal(r.races, want) {
		t.Fatalf("depth-first run: races %v, want %v", r.races, want)
	}
	union, n := explore(body)
	if want := map[[2]uint32]bool{{1, 2}: true, {3, 4}: true}; !maps.Equal(union, want) {
		t.Errorf("explored %d schedules: races %v, want %v", n, union, want)
	}
}

// TestRaceNotesBounded checks that a run notes at most maxRaceNotes races
// one by one, and that a race past the bound still counts, as a wide one,
// for the late turns of the attempts before it (raceAfter).
func TestRaceNotesBounded(t *testing.T) {
	e := &Exec{}
	for i := range maxRaceNotes + 10 {
		e.RaceFound(event.Task(i+1), event.Task(i+2), false, false, [2]uint32{})
	}
	if len(e.raceLog) != maxRaceNotes {
		t.Fatalf("%d races noted one by one, want %d", len(e.raceLog), maxRaceNotes)
	}
	a := acquisition{p: Point{G: 1, K: 1}}
	if e.raceAfter(a, 0) {
		t.Errorf("races found before attempt 0 count for it")
	}
	e.attempts = make([]int32, 5)
	e.RaceFound(1, 2, false, false, [2]uint32{}) // past the bound, after five attempts
	for ia, want := range []bool{true, true, true, true, true, false} {
		if got := e.raceAfter(a, ia); got != want {
			t.Errorf("attempt %d: raceAfter %v, want %v", ia, got, want)
		}
	}
}

// TestRacingReadsTakeOtherPaths checks that exploring a racy run finds a
// race that only a racing read hides: two goroutines keep the larger of
// their values in a shared variable with an unlocked check-then-act, as a
// maximum kept by goroutines often is, at their start, after a Lock of
// their own, or once a receive from a channel of their own lets them go. Run depth first, the first
// goroutine's write comes before the second's read, which then skips its
// write; only a run in which the first goroutine's step comes after the
// second's read makes both write (start.go). With racySteps listing
// nothing, each case fails.
func TestRacingReadsTakeOtherPaths(t *testing.T) {
	program := func(before func(e *Exec, i int, mus []sync.Mutex, chs []chan int), after func(e *Exec, chs []chan int)) func(e *Exec, h *testHost) {
		return func(e *Exec, h *testHost) {
			var longest int
			var wg sync.WaitGroup
			mus := make([]sync.Mutex, 2)
			chs := []chan int{make(chan int), make(chan int)}
			for i, n := range []int{43, 39} {
				site := uint32(2 * i)
				e.Add(&wg, 1, func() { wg.Add(1) }, 0)
				e.Go(func() {
					before(e, i, mus, chs)
					h.access(unsafe.Pointer(&longest), 8, false, site+1)
					if n > longest {
						h.access(unsafe.Pointer(&longest), 8, true, site+2)
						longest = n
					}
					e.Add(&wg, -1, func() { wg.Done() }, 0)
				}, 0)
			}
			after(e, chs)
			e.Wait(&wg, 0)
		}
	}
	none := func(*Exec, []chan int) {}
	for _, tc := range []struct {
		name string
		body func(e *Exec, h *testHost)
	}{
		{"at the start", program(func(*Exec, int, []sync.Mutex, []chan int) {}, none)},
		{"after a lock", program(func(e *Exec, i int, mus []sync.Mutex, _ []chan int) {
			e.Lock(&mus[i], mus[i].TryLock, 0)
			e.Unlock(&mus[i], mus[i].Unlock, 0)
		}, none)},
		{"woken by a send", program(func(e *Exec, i int, _ []sync.Mutex, chs []chan int) {
			recv(e, chs[i], 0)
		}, func(e *Exec, chs []chan int) {
			send(e, chs[0], 1, 0)
			send(e, chs[1], 2, 0)
		})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runSchedule(tc.body, Schedule{})
			if want := map[[2]uint32]bool{{2, 3}: true}; !maps.Equal(r.races, want) {
				t.Fatalf("depth-first run: races %v, want %v", r.races, want)
			}
			union, n := explore(tc.body)
			if want := map[[2]uint32]bool{{1, 4}: true, {2, 3}: true, {2, 4}: true}; !maps.Equal(union, want) {
				t.Errorf("explored %d schedules: races %v, want %v", n, union, want)
			}
		})
	}
}

// TestListBy checks that Alternatives stops listing at ListBy and notes the
// choice it did not explore, so that the verdict cannot claim every
// schedule: goroutines locking one mutex many times list other orders
// with no deadline, and fewer, with a choice, past it.
func TestListBy(t *testing.T) {
	var orders [2]int
	for i, past := range []bool{false, true} {
		r := runSchedule(func(e *Exec, h *testHost) {
			if past {
				e.ListBy, e.listByEvery = time.Now().Add(-time.Second), 1
			}
			var mu sync.Mutex
			var wg sync.WaitGroup
			x := 0
			for g := range 3 {
				e.Add(&wg, 1, func() { wg.Add(1) }, 0)
				e.Go(func() {
					for range 10 {
						e.Lock(&mu, mu.TryLock, 0)
						h.access(unsafe.Pointer(&x), 8, true, 1)
						x = x*2 + g
						e.Unlock(&mu, mu.Unlock, 0)
					}
					e.Add(&wg, -1, func() { wg.Done() }, 0)
				}, 0)
			}
			e.Wait(&wg, 0)
		}, Schedule{})
		orders[i] = len(r.orders)
		switch {
		case !past && (len(r.orders) == 0 || r.choice != nil):
			t.Errorf("no deadline: %d orders listed, choice %+v; want some and none", len(r.orders), r.choice)
		case past && (r.choice == nil || !strings.Contains(r.choice.What, "explore_time")):
			t.Errorf("past the deadline: choice %+v; want one naming explore_time", r.choice)
		}
	}
	if orders[1] >= orders[0] {
		t.Errorf("%d orders listed past the deadline, %d with none; want fewer", orders[1], orders[0])
	}
}

// TestRacingReadsPauseAfterRelease checks a check under a lock whose act
// comes after the Unlock (testdata/gorealistic's crawler): the write-write
// pair needs both checks before either act, a schedule in which the first
// goroutine pauses after its Unlock (pauseTurn), since no attempt comes
// between its read and its write.
func TestRacingReadsPauseAfterRelease(t *testing.T) {
	body := func(e *Exec, h *testHost) {
		var mu sync.Mutex
		var wg sync.WaitGroup
		mark := false
		for i := range 2 {
			site := uint32(2 * i)
			e.Add(&wg, 1, func() { wg.Add(1) }, 0)
			e.Go(func() {
				e.Lock(&mu, mu.TryLock, 0)
				h.access(unsafe.Pointer(&mark), 1, false, site+1)
				seen := mark
				e.Unlock(&mu, mu.Unlock, 0)
				if !seen {
					h.access(unsafe.Pointer(&mark), 1, true, site+2)
					mark = true
				}
				e.Add(&wg, -1, func() { wg.Done() }, 0)
			}, 0)
		}
		e.Wait(&wg, 0)
	}
	r := runSchedule(body, Schedule{})
	if want := map[[2]uint32]bool{{2, 3}: true}; !maps.Equal(r.races, want) {
		t.Fatalf("depth-first run: races %v, want %v", r.races, want)
	}
	union, n := explore(body)
	if want := map[[2]uint32]bool{{1, 4}: true, {2, 3}: true, {2, 4}: true}; !maps.Equal(union, want) {
		t.Errorf("explored %d schedules: races %v, want %v", n, union, want)
	}
}

// TestAcqLog checks that an object's log keeps its entries in order across
// the boundaries of its chunks, that a short log takes no full chunk, and
// that readOnly finds the Lock it turns into a read in any chunk.
func TestAcqLog(t *testing.T) {
	for _, n := range []int{0, 1, logChunk - 1, logChunk, logChunk + 1, 3*logChunk + 5} {
		var l acqLog
		for i := range n {
			l.append(acquisition{p: Point{G: 1, K: i + 1}, kind: opWrite})
		}
		if n == 1 && cap(l.chunks[0]) != 1 {
			t.Errorf("1 append: the first chunk has room for %d", cap(l.chunks[0]))
		}
		all := l.all()
		if l.n != n || len(all) != n {
			t.Errorf("%d appends: n %d, %d entries", n, l.n, len(all))
			continue
		}
		for i, a := range all {
			if a.p.K != i+1 {
				t.Errorf("%d appends: entry %d is %v, want K %d", n, i, a.p, i+1)
				break
			}
		}
		if n == 0 {
			continue
		}
		e := &Exec{log: map[unsafe.Pointer]*acqLog{}}
		obj := unsafe.Pointer(&l)
		e.log[obj] = &l
		for _, k := range []int{1, n/2 + 1, n} {
			e.readOnly(obj, Point{G: 1, K: k})
			if got := l.all()[k-1].kind; got != opRead {
				t.Errorf("%d appends: entry %d after readOnly is %v, want a read", n, k, got)
			}
		}
	}
}
