package goexec

import (
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
