package goexec

import (
	"fmt"
	"maps"
	"strings"
	"sync"
	"testing"
	"unsafe"
)

// TestPolling runs goroutines that wait for another without blocking: a
// loop around a select statement with a default, and a loop of operations
// that succeed until another goroutine acts (as x/sync's semaphore test
// does with TryAcquire). Run one goroutine until it waits, either would
// spin for ever; each must yield, every order the program can take must be
// checked (the race twin's race found, the race-free twin clean), and a
// poller still polling when goroutine 1 returns must not hold the run.
func TestPolling(t *testing.T) {
	// pollDone polls done, then reads x at site 2. The parent writes x at
	// site 1, before closing done or, in the racy twin, after.
	pollDone := func(racy bool) func(e *Exec, h *testHost) {
		return func(e *Exec, h *testHost) {
			var x int
			done := make(chan int)
			e.Go(func() {
				for e.Select([]Case{&RecvOp[int]{Ch: done}}, true, 0) < 0 {
				}
				h.access(unsafe.Pointer(&x), 8, false, 2)
			}, 0)
			if !racy {
				h.access(unsafe.Pointer(&x), 8, true, 1)
			}
			e.Close(chanPointer(done), func() { close(done) }, 0)
			if racy {
				h.access(unsafe.Pointer(&x), 8, true, 1)
			}
		}
	}
	// spinLock takes and releases a mutex until the parent sets a flag
	// under it, then reads x at site 2; the parent writes x at site 1
	// before setting the flag, or, in the racy twin, after.
	spinLock := func(racy bool) func(e *Exec, h *testHost) {
		return func(e *Exec, h *testHost) {
			var x int
			var mu sync.Mutex
			flag := false
			e.Go(func() {
				for {
					e.Lock(&mu, mu.TryLock, 0)
					h.access(unsafe.Pointer(&flag), 1, false, 3)
					f := flag
					e.Unlock(&mu, mu.Unlock, 0)
					if f {
						break
					}
				}
				h.access(unsafe.Pointer(&x), 8, false, 2)
			}, 0)
			if !racy {
				h.access(unsafe.Pointer(&x), 8, true, 1)
			}
			e.Lock(&mu, mu.TryLock, 0)
			h.access(unsafe.Pointer(&flag), 1, true, 4)
			flag = true
			e.Unlock(&mu, mu.Unlock, 0)
			if racy {
				h.access(unsafe.Pointer(&x), 8, true, 1)
			}
		}
	}
	tests := []struct {
		name    string
		body    func(e *Exec, h *testHost)
		race    bool
		explore bool // every schedule, or (for a spin, whose orders are too many for a test) the depth-first run
	}{
		{"select default", pollDone(false), false, true},
		{"select default, racy", pollDone(true), true, true},
		{"spinning lock", spinLock(false), false, false},
		{"spinning lock, racy", spinLock(true), true, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var races map[[2]uint32]bool
			runs := 1
			if tc.explore {
				races, runs = explore(tc.body)
			} else {
				r := runSchedule(tc.body, Schedule{})
				if r.dead != nil {
					t.Fatalf("deadlock reported: %v", r.dead)
				}
				races = r.races
			}
			if got := races[[2]uint32{1, 2}]; got != tc.race {
				t.Errorf("race between sites 1 and 2 found: %v, want %v (%d runs)", got, tc.race, runs)
			}
			if len(races) > 1 || len(races) == 1 && !tc.race {
				t.Errorf("races %v, want only {1 2} when racy", races)
			}
		})
	}
}

// TestPollingAtEnd ends goroutine 1 while another goroutine still polls
// a channel nobody closes: the run must end, and say that the poller's
// later iterations were not checked.
func TestPollingAtEnd(t *testing.T) {
	r := runSchedule(func(e *Exec, h *testHost) {
		never := make(chan int)
		e.Go(func() {
			for e.Select([]Case{&RecvOp[int]{Ch: never}}, true, 0) < 0 {
			}
		}, 0)
	}, Schedule{})
	if r.dead != nil {
		t.Fatalf("deadlock reported: %v", r.dead)
	}
	if r.choice == nil || !strings.Contains(r.choice.What, "still polling") {
		t.Errorf("choice %+v, want one that says the goroutine was still polling", r.choice)
	}
}

// TestBoundedPoll: a goroutine polls a done channel a bounded number of
// times and then reads what the other goroutine writes before closing it
// (site 1 against site 2). The read races only in the schedule in which
// every poll fails, the writer delayed past them all: with 3 polls the
// exploration must find the race and claim nothing it did not run; with
// more polls than maxFailedPolls it must note the poll it stopped at.
func TestBoundedPoll(t *testing.T) {
	body := func(polls int) func(e *Exec, h *testHost) {
		return func(e *Exec, h *testHost) {
			var x int
			done := make(chan int)
			e.Go(func() {
				h.access(unsafe.Pointer(&x), 8, true, 1)
				e.Close(chanPointer(done), func() { close(done) }, 3)
			}, 4)
			for range polls {
				if e.Select([]Case{&RecvOp[int]{Ch: done}}, true, 5) == 0 {
					break
				}
			}
			h.access(unsafe.Pointer(&x), 8, false, 2)
		}
	}
	for _, tt := range []struct {
		polls int
		noted bool
	}{{1, false}, {3, false}, {maxFailedPolls, false}, {maxFailedPolls + 3, true}} {
		t.Run(fmt.Sprint(tt.polls, " polls"), func(t *testing.T) {
			// Whether a run noted the failed polls: the note comes from
			// the runs deep in the chain.
			races := map[[2]uint32]bool{}
			noted := false
			n := exploreRuns(body(tt.polls), 0, func(_ Schedule, r result) {
				maps.Copy(races, r.races)
				if r.choice != nil && strings.Contains(r.choice.What, "failed") {
					noted = true
				}
			})
			if tt.polls <= maxFailedPolls && !races[[2]uint32{1, 2}] {
				t.Errorf("%d schedules, races %v: want the read after the last failed poll (2) against the write (1)", n, races)
			}
			if noted != tt.noted {
				t.Errorf("a run noted the failed polls: %v, want %v", noted, tt.noted)
			}
		})
	}
}

// TestStutterPoll: goroutine 2 writes x (site 1) and stores 1 to s, or,
// in the racy twin, stores first; goroutine 1 polls s until it reads 1,
// yielding between the polls, then reads x (site 2). Yielding with
// SpinYield (a loop that changes nothing but the poll, as the rewriter's
// spin.go recognises) the exploration must find the race of the racy twin
// and none in the other, and note nothing: the schedules it leaves out
// only repeat a failed poll. Yielding with Yield, the same loop could be
// a bounded one, and the exploration stops at maxFailedPolls and says so.
// With reset, goroutine 2 stores 1, 0 and 1 again, writing x before the
// first store or, racy, before the last, and goroutine 1 polls once before
// starting it: the race needs a poll between the first two stores, after
// a failed one, which is no stutter, the first store having come between.
func TestStutterPoll(t *testing.T) {
	body := func(racy, stutter, reset bool) func(e *Exec, h *testHost) {
		return func(e *Exec, h *testHost) {
			var x, s int64
			poll := func() bool {
				var v int64
				e.AtomicLoad(unsafe.Pointer(&s), func() { v = s }, 5)
				if v == 1 {
					return true
				}
				if stutter {
					e.SpinYield(6)
				} else {
					e.Yield(6)
				}
				return false
			}
			if reset {
				poll()
			}
			e.Go(func() {
				if !racy {
					h.access(unsafe.Pointer(&x), 8, true, 1)
				}
				e.Atomic(unsafe.Pointer(&s), func() { s = 1 }, 3)
				if reset {
					e.Atomic(unsafe.Pointer(&s), func() { s = 0 }, 7)
				}
				if racy {
					h.access(unsafe.Pointer(&x), 8, true, 1)
				}
				if reset {
					e.Atomic(unsafe.Pointer(&s), func() { s = 1 }, 8)
				}
			}, 4)
			for !poll() {
			}
			h.access(unsafe.Pointer(&x), 8, false, 2)
		}
	}
	for _, tt := range []struct {
		name                 string
		racy, stutter, reset bool
	}{
		{"stutter", false, true, false},
		{"stutter, racy", true, true, false},
		{"yield", false, false, false},
		{"yield, racy", true, false, false},
		{"stutter, reset", false, true, true},
		{"stutter, reset, racy", true, true, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			races := map[[2]uint32]bool{}
			noted := false
			n := exploreRuns(body(tt.racy, tt.stutter, tt.reset), 0, func(_ Schedule, r result) {
				maps.Copy(races, r.races)
				if r.choice != nil && strings.Contains(r.choice.What, "failed") {
					noted = true
				}
			})
			if races[[2]uint32{1, 2}] != tt.racy || len(races) > 1 {
				t.Errorf("%d schedules, races %v: want the read (2) against the write (1) exactly when racy (%v)", n, races, tt.racy)
			}
			if noted == tt.stutter {
				t.Errorf("%d schedules; a run noted the failed polls: %v, want %v", n, noted, !tt.stutter)
			}
			t.Logf("%d schedules", n)
		})
	}
}

// TestStutterPollers: loops that poll one atomic and yield, as
// TestStutterPoll's, by two goroutines at once, each reading x after its
// loop and closing its done channel, which goroutine 1 waits for; the
// writer writes x and stores 1, or, racy, stores first. The pollers' Loads
// change nothing the other's polls read, and a racy run's extra schedules
// (start.go's racySteps) must not list a poll that only repeats: the
// exploration must find the race exactly when racy, and note nothing.
func TestStutterPollers(t *testing.T) {
	body := func(racy bool) func(e *Exec, h *testHost) {
		return func(e *Exec, h *testHost) {
			var x, s int64
			var dones []chan int
			for r := range 2 {
				done := make(chan int)
				dones = append(dones, done)
				e.Go(func() {
					for {
						var v int64
						e.AtomicLoad(unsafe.Pointer(&s), func() { v = s }, 5)
						if v == 1 {
							break
						}
						e.SpinYield(6)
					}
					h.access(unsafe.Pointer(&x), 8, false, uint32(2+10*r))
					e.Close(chanPointer(done), func() { close(done) }, 7)
				}, 4)
			}
			e.Go(func() {
				if !racy {
					h.access(unsafe.Pointer(&x), 8, true, 1)
				}
				e.Atomic(unsafe.Pointer(&s), func() { s = 1 }, 3)
				if racy {
					h.access(unsafe.Pointer(&x), 8, true, 1)
				}
			}, 8)
			for _, done := range dones {
				e.Recv(&RecvOp[int]{Ch: done}, 9)
			}
		}
	}
	for _, racy := range []bool{false, true} {
		t.Run(fmt.Sprint("racy=", racy), func(t *testing.T) {
			races := map[[2]uint32]bool{}
			noted := false
			n := exploreRuns(body(racy), 0, func(_ Schedule, r result) {
				maps.Copy(races, r.races)
				if r.choice != nil && strings.Contains(r.choice.What, "failed") {
					noted = true
				}
			})
			found := races[[2]uint32{1, 2}] && races[[2]uint32{1, 12}]
			if found != racy || !racy && len(races) > 0 {
				t.Errorf("%d schedules, races %v: want both reads (2, 12) against the write (1) exactly when racy (%v)", n, races, racy)
			}
			if noted {
				t.Errorf("%d schedules: a run noted the failed polls", n)
			}
			t.Logf("%d schedules", n)
		})
	}
}
