package goexec

import (
	"sync"
	"testing"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// update makes an atomic Add of the word at p whose result is not used,
// its access an isolated write as the checker makes it.
func update(e *Exec, h *testHost, p unsafe.Pointer, site uint32) {
	e.AtomicUpdate(p, UpdateAdd, func() {
		h.det.IsolatedBegin(h.cur, event.Site(site))
		h.access(p, 8, true, site)
		h.det.IsolatedEnd(h.cur)
	}, site)
}

// store makes an atomic operation that is not a commuting update.
func store(e *Exec, h *testHost, p unsafe.Pointer, site uint32) {
	e.Atomic(p, func() { h.access(p, 8, true, site) }, site)
}

// orderCase is a race-free program run under exploration: orders is the
// number of distinct orders of its operations that exploration must reach
// (-1: several).
type orderCase struct {
	name   string
	body   func(e *Exec, h *testHost)
	orders int
}

// checkOrders explores every case and checks that it reports no race and
// reaches the orders it names.
func checkOrders(t *testing.T, tests []orderCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			races, n, orders := exploreOrders(t, tt.body, 5000)
			if len(races) != 0 {
				t.Errorf("races %v, want none", races)
			}
			if tt.orders > 0 && orders != tt.orders || tt.orders < 0 && orders < 2 {
				t.Errorf("%d orders, want %d (-1: several)", orders, tt.orders)
			}
			t.Logf("%d schedules, %d orders", n, orders)
		})
	}
}

// exploreOrders explores body as the checker does: it runs every schedule
// that the depth-first run lists, and those that the runs of schedules
// with orders not seen before list (Fingerprint). It returns the union of
// the races, the number of runs, and the number of distinct orders.
func exploreOrders(t *testing.T, body func(e *Exec, h *testHost), limit int) (map[[2]uint32]bool, int, int) {
	union := map[[2]uint32]bool{}
	seen := map[string]bool{}
	orders := map[string]bool{}
	work := []Schedule{{}}
	n := 0
	for len(work) > 0 {
		s := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[s.Replay()] {
			continue
		}
		if n == limit {
			t.Fatalf("more than %d schedules", limit)
		}
		seen[s.Replay()] = true
		n++
		h := newTestHost()
		h.next = 1
		h.det.Spawn(0, 1, false, 0)
		done := make(chan *Exec)
		go func() {
			e := New(h, 1, 0)
			h.e = e
			e.SetSchedule(s)
			body(e, h)
			e.End()
			done <- e
		}()
		e := <-done
		for _, r := range h.races {
			union[[2]uint32{min(uint32(r.Prev.Site), uint32(r.Cur.Site)), max(uint32(r.Prev.Site), uint32(r.Cur.Site))}] = true
		}
		orders[e.Fingerprint()] = true
		work = append(work, e.Alternatives(len(h.races) > 0)...)
	}
	return union, n, len(orders)
}

// TestCommutingUpdates checks that the orders of commuting updates are not
// explored, while those of other atomic operations are, and that the one
// run of a counter reports the races that only some orders of its updates
// show.
func TestCommutingUpdates(t *testing.T) {
	counter := func(workers, adds int, op func(e *Exec, h *testHost, p unsafe.Pointer, site uint32), reset bool) func(e *Exec, h *testHost) {
		return func(e *Exec, h *testHost) {
			var n int64
			var wg sync.WaitGroup
			p := unsafe.Pointer(&n)
			for range workers {
				e.Add(&wg, 1, func() { wg.Add(1) }, 1)
				e.Go(func() {
					for range adds {
						op(e, h, p, 2)
					}
					e.Add(&wg, -1, wg.Done, 3)
				}, 4)
			}
			if reset {
				e.Go(func() { store(e, h, p, 5) }, 6)
			}
			e.Wait(&wg, 7)
			e.Atomic(p, func() { h.access(p, 8, false, 8) }, 8)
		}
	}
	tests := []orderCase{
		// Every order of the Adds is one run: one order, however many
		// schedules the reversals of the final Load list.
		{"adds", counter(3, 4, update, false), 1},
		// The same operations, ordered: each order of them is explored.
		{"ordered", counter(3, 2, store, false), -1},
		// A Store among the Adds: where it falls in each worker's Adds
		// is explored, (4+1)^2 orders, and after the final Load (the
		// goroutine that stores is not waited for), not the orders of
		// the Adds.
		{"adds and a store", counter(2, 4, update, true), 26},
	}
	checkOrders(t, tests)
}

// TestCommutingUpdatesRace checks that one run reports a race that only
// some orders of two Adds show: goroutine 2 writes x and adds, goroutine 1
// adds and reads x. When goroutine 2's Add comes first (the depth-first
// order), Go's memory model orders the write before the read; in the
// other order nothing does. The run needs no exploration to report it, and
// a plain read of the counter races with an Add it is not ordered with.
func TestCommutingUpdatesRace(t *testing.T) {
	var x, n int64
	px, pn := unsafe.Pointer(&x), unsafe.Pointer(&n)
	r := runSchedule(func(e *Exec, h *testHost) {
		e.Go(func() {
			h.access(px, 8, true, 10)
			update(e, h, pn, 11)
		}, 1)
		update(e, h, pn, 12)
		h.access(px, 8, false, 13)
		h.access(pn, 8, false, 14)
	}, Schedule{})
	wantOneRun(t, r, map[[2]uint32]bool{{10, 13}: true, {11, 14}: true})
}

// wantOneRun requires the run r to report exactly the racing site pairs
// want, and to be decided in one run: no order of its operations to
// explore, no choice noted. A racy run may still list schedules in which
// a racing read comes at another point (start.go): it may read another
// value there and take another path, whatever the orders of the
// operations.
func wantOneRun(t *testing.T, r result, want map[[2]uint32]bool) {
	t.Helper()
	for k := range want {
		if !r.races[k] {
			t.Errorf("no race %v; races %v", k, r.races)
		}
	}
	for k := range r.races {
		if !want[k] {
			t.Errorf("race %v, which no order has", k)
		}
	}
	if r.choice != nil || len(r.orders) > 0 {
		t.Errorf("choice %v, orders %v: want one run", r.choice, r.orders)
	}
}

// load makes an atomic Load of the word at p.
func load(e *Exec, h *testHost, p unsafe.Pointer, site uint32) {
	e.AtomicLoad(p, func() { h.access(p, 8, false, site) }, site)
}

// TestAtomicLoads checks that an atomic Load orders nothing after it: a
// write before one goroutine's Load races with a read after another's Load
// of the same word, in one run and with no order to explore (two Loads are
// independent), while a Load after a Store is ordered after it.
func TestAtomicLoads(t *testing.T) {
	var x, f int64
	px, pf := unsafe.Pointer(&x), unsafe.Pointer(&f)
	r := runSchedule(func(e *Exec, h *testHost) {
		e.Go(func() {
			h.access(px, 8, true, 10)
			load(e, h, pf, 11)
		}, 1)
		load(e, h, pf, 12)
		h.access(px, 8, false, 13)
	}, Schedule{})
	wantOneRun(t, r, map[[2]uint32]bool{{10, 13}: true})

	// The same with a Store in place of the goroutine's Load: the main
	// goroutine's Load after it (the depth-first order) observes it.
	r = runSchedule(func(e *Exec, h *testHost) {
		e.Go(func() {
			h.access(px, 8, true, 10)
			store(e, h, pf, 11)
		}, 1)
		load(e, h, pf, 12)
		h.access(px, 8, false, 13)
	}, Schedule{})
	if len(r.races) != 0 {
		t.Errorf("Store then Load: races %v, want none in the depth-first order", r.races)
	}
	if !r.explorable {
		t.Errorf("Store then Load: not explorable; the Load before the Store is another order")
	}
	checkOrders(t, []orderCase{
		// Three goroutines that only load: one order.
		{"loads", func(e *Exec, h *testHost) {
			for range 3 {
				e.Go(func() { load(e, h, pf, 2) }, 3)
			}
			load(e, h, pf, 4)
		}, 1},
	})
}
