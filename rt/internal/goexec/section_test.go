package goexec

import (
	"math"
	"sync"
	"testing"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// section makes a commuting section of class add of mu that adds to the
// word at p, its accesses isolated as the checker makes them.
func section(e *Exec, h *testHost, mu sync.Locker, try func() bool, p unsafe.Pointer, site uint32) {
	e.LockCommute(mu, try, 1, func() {
		h.det.IsolatedBegin(h.cur, event.Site(site))
	}, func() {
		h.det.IsolatedEnd(h.cur)
	}, site)
	e.CommuteAccess(p, 8, site)
	h.access(p, 8, false, site)
	h.access(p, 8, true, site)
	e.Unlock(mu, func() { mu.Unlock() }, site)
}

// TestCommutingSections checks that the orders of the commuting sections
// of one class of a Mutex or an RWMutex are not explored, while those of
// other sections of the mutex are, with no race reported either way.
func TestCommutingSections(t *testing.T) {
	counter := func(workers, sections int, rw, plain, read bool) func(e *Exec, h *testHost) {
		return func(e *Exec, h *testHost) {
			var n int64
			var mu sync.Mutex
			var rmu sync.RWMutex
			l, try := sync.Locker(&mu), mu.TryLock
			if rw {
				l, try = &rmu, rmu.TryLock
			}
			var wg sync.WaitGroup
			p := unsafe.Pointer(&n)
			for range workers {
				e.Add(&wg, 1, func() { wg.Add(1) }, 1)
				e.Go(func() {
					for range sections {
						section(e, h, l, try, p, 2)
					}
					e.Add(&wg, -1, wg.Done, 3)
				}, 4)
			}
			if plain {
				// A section that is not a commuting one.
				e.Go(func() {
					e.Lock(l, try, 5)
					h.access(p, 8, true, 5)
					e.Unlock(l, func() { l.Unlock() }, 5)
				}, 6)
			}
			if read {
				// A read section of the RWMutex.
				e.Go(func() {
					e.RLock(&rmu, 9)
					h.access(p, 8, false, 9)
					e.RUnlock(&rmu, 9)
				}, 10)
			}
			e.Wait(&wg, 7)
			e.Lock(l, try, 8)
			h.access(p, 8, false, 8)
			e.Unlock(l, func() { l.Unlock() }, 8)
		}
	}
	tests := []orderCase{
		// Every order of the sections is one run.
		{"mutex", counter(3, 4, false, false, false), 1},
		{"rwmutex", counter(3, 4, true, false, false), 1},
		// A plain section among them: where it falls is explored.
		{"mutex and a plain section", counter(2, 2, false, true, false), -1},
		// A read section among them: where it falls is explored.
		{"rwmutex and a read section", counter(2, 2, true, false, true), -1},
	}
	checkOrders(t, tests)
}

// TestCommutingSectionsRace checks that one run reports a race that only
// some orders of two commuting sections show: goroutine 2 writes x and
// counts under the mutex, goroutine 1 counts and reads x. When goroutine
// 2's section comes first (the depth-first order), its Unlock orders the
// write before the read; in the other order nothing does. A plain read of
// the counter races with the sections it is not ordered with, and so does
// a section of another mutex (which the run notes as a choice, its
// isolated accesses not racing in the detector).
func TestCommutingSectionsRace(t *testing.T) {
	var x, n int64
	px, pn := unsafe.Pointer(&x), unsafe.Pointer(&n)
	var mu, other sync.Mutex
	r := runSchedule(func(e *Exec, h *testHost) {
		e.Go(func() {
			h.access(px, 8, true, 10)
			section(e, h, &mu, mu.TryLock, pn, 11)
		}, 1)
		section(e, h, &mu, mu.TryLock, pn, 12)
		h.access(px, 8, false, 13)
		h.access(pn, 8, false, 14)
	}, Schedule{})
	wantOneRun(t, r, map[[2]uint32]bool{{10, 13}: true, {11, 14}: true})

	// The counter updated under two mutexes: the run says it decided
	// this schedule only.
	r = runSchedule(func(e *Exec, h *testHost) {
		e.Go(func() { section(e, h, &other, other.TryLock, pn, 21) }, 20)
		section(e, h, &mu, mu.TryLock, pn, 22)
	}, Schedule{})
	if r.choice == nil {
		t.Errorf("sections of two mutexes on one counter: no choice noted; races %v", r.races)
	}
}

// TestCommuteAccessBytes: two mutexes whose commuting sections update the
// two halves of one 8-byte word touch no common byte, and the run decides
// every schedule; sections that update overlapping bytes of the word under
// the two mutexes make it note a choice.
func TestCommuteAccessBytes(t *testing.T) {
	half := func(e *Exec, h *testHost, mu *sync.Mutex, p unsafe.Pointer, size uintptr, site uint32) {
		e.LockCommute(mu, mu.TryLock, 1, func() {
			h.det.IsolatedBegin(h.cur, event.Site(site))
		}, func() {
			h.det.IsolatedEnd(h.cur)
		}, site)
		e.CommuteAccess(p, size, site)
		h.access(p, size, true, site)
		e.Unlock(mu, func() { mu.Unlock() }, site)
	}
	tests := []struct {
		name       string
		off, size  uintptr // the second mutex's bytes of the word
		wantChoice bool
	}{
		{"halves", 4, 4, false},
		{"overlap", 2, 4, true},
		{"across the word's end", 6, 4, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var words [2]uint64
			base := unsafe.Pointer(&words[0])
			var mu1, mu2 sync.Mutex
			r := runSchedule(func(e *Exec, h *testHost) {
				e.Go(func() { half(e, h, &mu2, unsafe.Add(base, tt.off), tt.size, 21) }, 20)
				half(e, h, &mu1, base, 4, 22)
				if tt.off+tt.size > 8 {
					half(e, h, &mu1, unsafe.Add(base, 8), 4, 23)
				}
			}, Schedule{})
			if got := r.choice != nil; got != tt.wantChoice {
				t.Errorf("choice %+v, want one: %v", r.choice, tt.wantChoice)
			}
		})
	}
}

// insertSection makes a section of mu that inserts under key into the map
// that the word at p stands for, its accesses isolated as the checker
// makes them (rt.MutexLockInsert).
func insertSection(e *Exec, h *testHost, mu *sync.Mutex, key any, p unsafe.Pointer, site uint32) {
	e.LockInsert(mu, mu.TryLock, key, func() {
		h.det.IsolatedBegin(h.cur, event.Site(site))
	}, func() {
		h.det.IsolatedEnd(h.cur)
	}, site)
	e.CommuteAccess(p, 8, site)
	h.access(p, 8, true, site)
	e.Unlock(mu, mu.Unlock, site)
}

// TestInsertSections checks that the orders of insert sections of a mutex
// under different keys are not explored, and those under one key are:
// goroutines insert under the keys given, one section each, and main
// reads the map after waiting for them.
func TestInsertSections(t *testing.T) {
	inserts := func(keys ...any) func(e *Exec, h *testHost) {
		return func(e *Exec, h *testHost) {
			var m int64
			var mu sync.Mutex
			var wg sync.WaitGroup
			p := unsafe.Pointer(&m)
			for _, k := range keys {
				e.Add(&wg, 1, func() { wg.Add(1) }, 1)
				e.Go(func() {
					insertSection(e, h, &mu, k, p, 2)
					e.Add(&wg, -1, wg.Done, 3)
				}, 4)
			}
			e.Wait(&wg, 5)
			h.access(p, 8, false, 6)
		}
	}
	nan := math.NaN()
	tests := []orderCase{
		{"distinct keys", inserts("a", "b", "c", "d"), 1},
		{"one key", inserts(1, 1, 1), 6},
		{"two of three under one key", inserts(1, 2, 1), 2},
		{"two pairs under two keys", inserts("a", "b", "a", "b"), 4},
		{"NaN keys, which name two entries", inserts(nan, nan), 1},
		{"keys of two types", inserts(1, int64(1)), 1},
		{"an uncomparable key: an ordered Lock", inserts([]int{1}, "b"), 2},
	}
	checkOrders(t, tests)
}

// TestInsertSectionsRace checks that one run reports a race that only the
// order of two insert sections under different keys that the depth-first
// run does not take shows (goroutine 2 writes x before its insert,
// goroutine 1 reads it after its own), and that under one key it takes
// the explored order to show it.
func TestInsertSectionsRace(t *testing.T) {
	var x, m int64
	px, pm := unsafe.Pointer(&x), unsafe.Pointer(&m)
	var mu sync.Mutex
	body := func(k1, k2 any) func(e *Exec, h *testHost) {
		return func(e *Exec, h *testHost) {
			e.Go(func() {
				h.access(px, 8, true, 10)
				insertSection(e, h, &mu, k2, pm, 11)
			}, 1)
			insertSection(e, h, &mu, k1, pm, 12)
			h.access(px, 8, false, 13)
		}
	}
	r := runSchedule(body("a", "b"), Schedule{})
	wantOneRun(t, r, map[[2]uint32]bool{{10, 13}: true})

	r = runSchedule(body("a", "a"), Schedule{})
	if len(r.races) != 0 {
		t.Errorf("one key, the depth-first order: races %v, want none (the Unlock orders the write before the read)", r.races)
	}
	races, _, _ := exploreOrders(t, body("a", "a"), 100)
	if !races[[2]uint32{10, 13}] {
		t.Errorf("one key, explored: races %v, want 10-13", races)
	}
}
