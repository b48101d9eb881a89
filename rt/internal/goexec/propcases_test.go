package goexec

import (
	"testing"

	"github.com/tpinstr/tpinstr/rt/internal/goprog"
)

// TestExactSubsetCases checks programs on which the executor once
// disagreed with the oracle (package goprog), shrunk, as checkProgram
// checks TestExactSubset's random ones.
func TestExactSubsetCases(t *testing.T) {
	sec := func(k goprog.Kind, obj, v, site int) goprog.Op {
		return goprog.Op{Kind: k, Obj: obj, Var: v, Site: site, N: 1}
	}
	op := func(k goprog.Kind, obj int) goprog.Op { return goprog.Op{Kind: k, Obj: obj} }
	gof := func(site int, body ...goprog.Op) goprog.Op { return goprog.Op{Kind: goprog.Go, Site: site, Body: body} }
	rd := func(v, site int) goprog.Op { return goprog.Op{Kind: goprog.Read, Var: v, Site: site} }
	wr := func(v, site int) goprog.Op { return goprog.Op{Kind: goprog.Write, Var: v, Site: site} }
	tests := []struct {
		name string
		p    goprog.Program
		// dead: some order that exploration reaches deadlocks, as some
		// interleaving does, even where the run notes a choice.
		dead bool
	}{
		// Two commuting sections wait for a reader; the Unlock of the
		// first lets the second in, which must not order the first
		// before what follows the second: in the order second, first,
		// the read #12 races with the update #9.
		{"rw sections woken by one another", goprog.Program{Vars: 1, RWMutexes: 1, Main: []goprog.Op{
			op(goprog.RLock, 0), op(goprog.RUnlock, 0), op(goprog.RLock, 0),
			gof(6,
				gof(7, sec(goprog.RWSection, 0, 0, 9)),
				sec(goprog.RWSection, 0, 0, 11), rd(0, 12)),
			op(goprog.RUnlock, 0)}}, false},
		// The same with a Mutex, whose ordered section the commuting
		// sections wait for.
		{"mutex sections woken by one another", goprog.Program{Vars: 1, Mutexes: 1, Main: []goprog.Op{
			op(goprog.Lock, 0),
			gof(6,
				gof(7, sec(goprog.Section, 0, 0, 9)),
				sec(goprog.Section, 0, 0, 11), rd(0, 12)),
			op(goprog.Unlock, 0)}}, false},
		// A reader parks while a writer that an Unlock's waking let in
		// holds the mutex: that writer's Unlock must wake it.
		{"reader parked while the lockers wake", goprog.Program{Vars: 3, Mutexes: 1, RWMutexes: 2, Main: []goprog.Op{
			gof(1,
				op(goprog.WLock, 0), sec(goprog.RWSection, 1, 0, 7), op(goprog.WUnlock, 0)),
			op(goprog.WLock, 0),
			gof(10, op(goprog.RLock, 0), op(goprog.RUnlock, 0), op(goprog.RLock, 1)),
			op(goprog.WUnlock, 0)}}, false},
		// A reader waits behind a section that waits for another reader;
		// the section, let in by the waking of that reader's RUnlock,
		// lets the waiting reader in at its Unlock.
		{"reader behind a woken section", goprog.Program{Vars: 2, RWMutexes: 1, Main: []goprog.Op{
			op(goprog.RLock, 0),
			gof(2,
				gof(3, goprog.Op{Kind: goprog.RWSection, Obj: 0, Var: 1, Site: 5, N: 3}),
				op(goprog.RLock, 0)),
			op(goprog.RUnlock, 0)}}, false},
		// A Lock waiting for a reader bars new readers (package sync's
		// writer preference): in the order reader 1, writer, reader 2,
		// the first reader waits for the second's send forever.
		{"waiting writer bars readers", goprog.Program{Chans: []int{0}, RWMutexes: 1, Main: []goprog.Op{
			gof(1, op(goprog.WLock, 0), op(goprog.WUnlock, 0)),
			gof(2, op(goprog.RLock, 0), op(goprog.Send, 0), op(goprog.RUnlock, 0)),
			op(goprog.RLock, 0), op(goprog.Recv, 0), op(goprog.RUnlock, 0)}}, true},
		// Two goroutines yield at their Locks so that main's section
		// comes first; the reversal of their own pair needs the second
		// to resume before the first, which then waits forever: in that
		// order nothing orders the write #2 before #16.
		{"second of two yielded goroutines first", goprog.Program{Vars: 3, Chans: []int{0}, Mutexes: 1, Main: []goprog.Op{
			gof(1, wr(0, 2), sec(goprog.Section, 0, 2, 3)),
			gof(5, op(goprog.Lock, 0), goprog.Op{Kind: goprog.Range, Obj: 0}),
			sec(goprog.Section, 0, 2, 14), op(goprog.Send, 0), wr(0, 16)}}, true},
		// The same with an RWMutex locked for writing.
		{"second of two yielded writers first", goprog.Program{Vars: 3, Chans: []int{0}, RWMutexes: 1, Main: []goprog.Op{
			gof(1, wr(0, 2), sec(goprog.RWSection, 0, 2, 3)),
			gof(5, op(goprog.WLock, 0), goprog.Op{Kind: goprog.Range, Obj: 0}),
			sec(goprog.RWSection, 0, 2, 14), op(goprog.Send, 0), wr(0, 16)}}, true},
		{"recursive read lock", goprog.Program{RWMutexes: 1, Main: []goprog.Op{
			gof(1, op(goprog.WLock, 0), op(goprog.WUnlock, 0)),
			op(goprog.RLock, 0), op(goprog.RLock, 0), op(goprog.RUnlock, 0), op(goprog.RUnlock, 0)}}, true},
		// Two atomic Loads of one variable order nothing: the write #2
		// before one and the read #5 after the other race in every
		// interleaving, whichever Load comes first.
		{"two loads order nothing", goprog.Program{Vars: 2, Main: []goprog.Op{
			gof(1, wr(0, 2), goprog.Op{Kind: goprog.AtomicLoad, Var: 1, Site: 3}),
			goprog.Op{Kind: goprog.AtomicLoad, Var: 1, Site: 4}, rd(0, 5)}}, false},
		// A Load after an Add observes it: in the interleavings where the
		// Add comes first, the write #2 is ordered before the read #5.
		{"load after an add", goprog.Program{Vars: 2, Main: []goprog.Op{
			gof(1, wr(0, 2), goprog.Op{Kind: goprog.AtomicAdd, Var: 1, Site: 3}),
			goprog.Op{Kind: goprog.AtomicLoad, Var: 1, Site: 4}, rd(0, 5)}}, false},
		// The choice of a sync.Pool's Get in a run whose order came from
		// its schedule: goroutine 1's Get takes the older object x2 before
		// goroutine 2's Get, puts it back and writes it; goroutine 2's Get
		// then takes x2 and reads it (#8 against #10). The schedule of the
		// other object must keep the order up to the Get, or goroutine 2
		// gets first.
		{"pool choice after its order", goprog.Program{Vars: 5, SyncPools: 1, Main: []goprog.Op{
			{Kind: goprog.PoolPut, Obj: 0, Var: 2, Site: 2},
			gof(3, goprog.Op{Kind: goprog.PoolPut, Obj: 0, Var: 4, Site: 6}, rd(1, 7),
				goprog.Op{Kind: goprog.PoolGet, Obj: 0, Site: 8}),
			wr(1, 9),
			{Kind: goprog.PoolGet, Obj: 0, Site: 10, N: 2 | 4}}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run, orc, err := checkProgram(tt.p)
			if err != nil {
				t.Fatalf("%v\n%s\nrun: %v\noracle: pairs %v, outcomes %+v", err, tt.p, run, sortedPairs(orc.Pairs), orc.Outcomes)
			}
			// A run that explored other orders was compared, with them,
			// by checkProgram: its own races are one order's.
			if !run.order && run.vars != orc.Vars() {
				t.Errorf("racing variables %s, the oracle's %s", varList(run.vars), varList(orc.Vars()))
			}
			if tt.dead {
				if !orc.SomeDeadlock() {
					t.Fatalf("no interleaving deadlocks")
				}
				dead, err := someScheduleDeadlocks(tt.p)
				if err != nil {
					t.Fatal(err)
				}
				if !dead {
					t.Errorf("no explored order deadlocks")
				}
			}
		})
	}
}

// someScheduleDeadlocks runs the schedules that exploration reaches from
// the depth-first run of p, whatever choices the runs note, and reports
// whether one deadlocks.
func someScheduleDeadlocks(p goprog.Program) (bool, error) {
	seen := map[string]bool{}
	work := []Schedule{{}}
	for n := 0; len(work) > 0 && n < maxSchedules; n++ {
		sc := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[sc.String()] {
			continue
		}
		seen[sc.String()] = true
		run, err := runProgram(p, sc)
		if err != nil {
			return false, err
		}
		if run.dead != nil {
			return true, nil
		}
		work = append(work, run.alts...)
	}
	return false, nil
}
