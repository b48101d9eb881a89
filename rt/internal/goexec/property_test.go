package goexec

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/goprog"
)

var (
	propScale = flag.Int("goprop.scale", 1, "multiply the number of random goroutine programs TestExactSubset checks")
	propFull  = flag.Bool("goprop.full", false, "check the full number of random goroutine programs of TestExactSubset and TestExactSubsetSections "+
		"(.ci/run sets it); without it, a quarter, so that the package's tests take minutes on a busy machine")
	propSeed  = flag.Uint64("goprop.seed", 0, "first seed of TestExactSubset's programs")
	propTrace = flag.Bool("goprop.trace", false, "print each program of TestExactSubset before running it "+
		"(a panic of the executor's goroutines ends the test binary)")
)

// interp runs a goprog.Program through the executor, with the accesses
// fed to the detector as the rewritten program's hooks would.
type interp struct {
	e     *Exec
	h     *testHost
	vars  []int64
	chans []chan int
	wgs   []sync.WaitGroup
	mus   []sync.Mutex
	onces []sync.Once
	rws   []sync.RWMutex
	pools []sync.Pool
}

// accessesAll and accessesAlone count the plain accesses of the programs
// run, and those made by a goroutine alone in its run, which are not
// recorded.
var accessesAll, accessesAlone atomic.Int64

// section runs the commuting section o of the lock mu (a Mutex, or an
// RWMutex locked for writing), as the rewriter marks it: its accesses are
// isolated, as the checker's SectionBegin makes them.
func (in *interp) section(mu sync.Locker, try func() bool, unlock func(), o goprog.Op, site uint32) {
	e, p := in.e, unsafe.Pointer(&in.vars[o.Var])
	begin := func() { in.h.det.IsolatedBegin(in.h.cur, event.Site(site)) }
	end := func() { in.h.det.IsolatedEnd(in.h.cur) }
	if o.N == classInsert {
		// An insert into the map x[Var] under the key Obj2, as
		// rt.MutexLockInsert makes it.
		e.LockInsert(mu, try, o.Obj2, begin, end, site)
		e.CommuteAccess(p, 8, site)
		in.h.access(p, 8, true, site)
		e.Unlock(mu, unlock, site)
		return
	}
	e.LockCommute(mu, try, o.N, begin, end, site)
	e.CommuteAccess(p, 8, site)
	in.h.access(p, 8, false, site)
	in.h.access(p, 8, true, site)
	e.Unlock(mu, unlock, site)
}

// write records a write of the variable at p by the running goroutine,
// entered as the checker's access hook is.
func (in *interp) write(p unsafe.Pointer, site uint32) {
	l, _ := in.e.Enter(site)
	in.h.access(p, 8, true, site)
	in.e.Exit(l)
}

func (in *interp) run(ops []goprog.Op) {
	e := in.e
	for _, o := range ops {
		site := uint32(o.Site)
		switch o.Kind {
		case goprog.Read, goprog.Write:
			// As the checker does: an access of a goroutine alone in
			// the run is not recorded (alone.go).
			// Entered, as the checker's access hook does.
			l, _ := e.Enter(site)
			accessesAll.Add(1)
			if e.Alone() {
				accessesAlone.Add(1)
			} else {
				in.h.access(unsafe.Pointer(&in.vars[o.Var]), 8, o.Kind == goprog.Write, site)
			}
			e.Exit(l)
		case goprog.Go:
			body := o.Body
			e.Go(func() { in.run(body) }, site)
		case goprog.Add, goprog.Done:
			wg := &in.wgs[o.Obj]
			if o.Kind == goprog.Add {
				n := o.N
				e.Add(wg, n, func() { wg.Add(n) }, site)
			} else {
				e.Add(wg, -1, wg.Done, site)
			}
		case goprog.Wait:
			e.Wait(&in.wgs[o.Obj], site)
		case goprog.Send:
			send(e, in.chans[o.Obj], 0, site)
		case goprog.Recv:
			recv(e, in.chans[o.Obj], site)
		case goprog.Close:
			ch := in.chans[o.Obj]
			e.Close(chanPointer(ch), func() { close(ch) }, site)
		case goprog.Range:
			for {
				if _, ok := recv(e, in.chans[o.Obj], site); !ok {
					break
				}
				in.run(o.Body)
			}
		case goprog.Pool:
			// The workers' loops, as the rewriter marks them
			// (instrument/workerloop.go).
			wg, body := &in.wgs[o.Obj2], o.Body
			pool(e, in.chans[o.Obj], o.N, nil, func(int) { in.run(body) }, func() { e.Add(wg, -1, wg.Done, site) }, site)
		case goprog.Lock:
			mu := &in.mus[o.Obj]
			e.Lock(mu, mu.TryLock, site)
		case goprog.Unlock:
			mu := &in.mus[o.Obj]
			e.Unlock(mu, mu.Unlock, site)
		case goprog.OnceDo:
			once, body := &in.onces[o.Obj], o.Body
			e.Do(once, func() { once.Do(func() { in.run(body) }) }, site)
		case goprog.AtomicAdd, goprog.AtomicOr:
			// An update whose result is not used: its access is an
			// isolated write, as the checker's UpdateAccess makes it.
			p := unsafe.Pointer(&in.vars[o.Var])
			op := UpdateAdd
			if o.Kind == goprog.AtomicOr {
				op = UpdateOr
			}
			e.AtomicUpdate(p, op, func() {
				e.CommuteAccess(p, 8, site)
				in.h.det.IsolatedBegin(in.h.cur, event.Site(site))
				in.h.access(p, 8, true, site)
				in.h.det.IsolatedEnd(in.h.cur)
			}, site)
		case goprog.Section:
			mu := &in.mus[o.Obj]
			in.section(mu, mu.TryLock, mu.Unlock, o, site)
		case goprog.RLock:
			e.RLock(&in.rws[o.Obj], site)
		case goprog.RUnlock:
			e.RUnlock(&in.rws[o.Obj], site)
		case goprog.WLock:
			rw := &in.rws[o.Obj]
			e.Lock(rw, rw.TryLock, site)
		case goprog.WUnlock:
			rw := &in.rws[o.Obj]
			e.Unlock(rw, rw.Unlock, site)
		case goprog.RWSection:
			// Locked for writing, as rt.RWMutexLockCommute does.
			rw := &in.rws[o.Obj]
			in.section(rw, rw.TryLock, rw.Unlock, o, site)
		case goprog.AtomicLoad:
			p := unsafe.Pointer(&in.vars[o.Var])
			e.AtomicLoad(p, func() { in.h.access(p, 8, false, site) }, site)
		case goprog.Sleep:
			e.Sleep(time.Duration(o.N)*time.Millisecond, site)
		case goprog.PoolPut:
			// The object's writes, entered as the checker's access hooks
			// are; the Put as rt.PoolPut makes it.
			v, p := &in.vars[o.Var], &in.pools[o.Obj]
			in.write(unsafe.Pointer(v), site)
			e.PoolPut(unsafe.Pointer(p), v, site)
			if o.N == 1 {
				in.write(unsafe.Pointer(v), site)
			}
		case goprog.PoolGet:
			p := &in.pools[o.Obj]
			x := e.PoolGet(unsafe.Pointer(p), p.Get, site)
			if x == nil {
				break
			}
			v := x.(*int64)
			l, _ := e.Enter(site)
			in.h.access(unsafe.Pointer(v), 8, o.N&1 != 0, site)
			e.Exit(l)
			if o.N&2 != 0 {
				e.PoolPut(unsafe.Pointer(p), v, site)
				if o.N&4 != 0 {
					in.write(unsafe.Pointer(v), site)
				}
			}
		case goprog.Select:
			var cases []Case
			for i, ch := range []int{o.Obj, o.Obj2} {
				if o.Sends&(1<<i) != 0 {
					cases = append(cases, &SendOp[int]{Ch: in.chans[ch]})
				} else {
					cases = append(cases, &RecvOp[int]{Ch: in.chans[ch]})
				}
			}
			if e.Select(cases, false, site) == 0 {
				in.run(o.Body)
			} else {
				in.run(o.Else)
			}
		}
	}
}

// runResult is what one checked run of a program reported.
type runResult struct {
	vars     uint32               // racing variables
	pairs    map[goprog.Pair]bool // racing site pairs
	choice   *Choice
	order    bool       // the run is one order of acquisitions among others
	alts     []Schedule // the schedules that reverse one more pair
	orders   string     // the run's orders (Fingerprint)
	diverged bool       // the run could not follow its schedule's order of attempts
	attempts []int32    // its order of attempts
	dead     []*G
	blocked  string // the goroutines parked at the end, as goprog.Outcome.Blocked
	// A goroutine waited for the clock when the run ended (clock.go's
	// noteClockWaits): its later steps did not run, and the run's outcome
	// is part of an interleaving's.
	clockLeft bool
}

// runProgram runs p once through the executor and the detector.
func runProgram(p goprog.Program, sched Schedule) (*runResult, error) {
	h := newTestHost()
	h.next = 1
	h.det.Spawn(0, 1, false, 0)
	in := &interp{
		h:     h,
		vars:  make([]int64, p.Vars),
		chans: make([]chan int, len(p.Chans)),
		wgs:   make([]sync.WaitGroup, p.WGs),
		mus:   make([]sync.Mutex, p.Mutexes),
		onces: make([]sync.Once, p.Onces),
		rws:   make([]sync.RWMutex, p.RWMutexes),
		pools: make([]sync.Pool, p.SyncPools),
	}
	for i, c := range p.Chans {
		in.chans[i] = make(chan int, c)
	}
	started := make(chan *Exec, 1)
	done := make(chan struct{})
	go func() {
		e := New(h, 1, 0)
		h.e = e
		// Nothing outside the program completes its channel operations:
		// a run in which no goroutine can go on is deadlocked at once.
		e.Grace = time.Nanosecond
		e.SetSchedule(sched)
		in.e = e
		started <- e
		in.run(p.Main)
		e.End()
		close(done)
	}()
	e := <-started
	res := &runResult{pairs: map[goprog.Pair]bool{}}
	select {
	case <-done:
	case res.dead = <-h.deadlock:
	case <-time.After(2 * time.Minute):
		// Not a timing assertion: a run of a few operations that has not
		// ended by now never will.
		return nil, fmt.Errorf("the run hangs")
	}
	base := uintptr(unsafe.Pointer(unsafe.SliceData(in.vars)))
	for _, r := range h.races {
		v := int((r.Addr - base) / 8)
		if r.Addr < base || v >= p.Vars {
			return nil, fmt.Errorf("race on an address outside the variables: %+v", r)
		}
		res.vars |= 1 << v
		a, b := int(r.Prev.Site), int(r.Cur.Site)
		res.pairs[goprog.Pair{min(a, b), max(a, b)}] = true
	}
	res.choice = e.Choice()
	res.order = e.Explorable()
	res.alts = e.Alternatives(len(h.races) > 0)
	res.orders = e.Fingerprint()
	res.diverged = e.Diverged
	res.attempts = e.Attempts()
	var sites []int
	for _, g := range e.Parked() {
		res.clockLeft = res.clockLeft || g.clockWakes
		if g.Waits == "sleep" {
			continue // a sleep orders nothing: in the oracle, it is over
		}
		sites = append(sites, int(g.Site))
	}
	res.blocked = goprog.SiteList(sites)
	// The goroutines of a run that ended deadlocked, or with goroutines
	// left waiting, stay parked for good and keep the host: drop its
	// detector, or the test's memory grows with every such run.
	h.det = nil
	return res, nil
}

// outcome is the run's outcome, in the oracle's terms.
func (r *runResult) outcome() goprog.Outcome {
	return goprog.Outcome{Vars: r.vars, Deadlock: r.dead != nil, Blocked: r.blocked}
}

func (r *runResult) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "racing vars %s, pairs %v, deadlock %v", varList(r.vars), sortedPairs(r.pairs), r.dead != nil)
	if r.choice != nil {
		fmt.Fprintf(&b, ", choice %q at #%d", r.choice.What, r.choice.Site)
	} else {
		b.WriteString(", no choice")
	}
	return b.String()
}

func varList(m uint32) string {
	var vs []string
	for v := 0; v < 32; v++ {
		if m&(1<<v) != 0 {
			vs = append(vs, fmt.Sprintf("x%d", v))
		}
	}
	return "{" + strings.Join(vs, ",") + "}"
}

func sortedPairs[V any](m map[goprog.Pair]V) []goprog.Pair {
	var ps []goprog.Pair
	for p := range m {
		ps = append(ps, p)
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i][0] < ps[j][0] || ps[i][0] == ps[j][0] && ps[i][1] < ps[j][1] })
	return ps
}

// stateLimit bounds the oracle's exploration of one program.
const stateLimit = 200000

// errSkip marks a program the property does not apply to.
type errSkip string

func (e errSkip) Error() string { return string(e) }

// checkProgram runs p through the executor and the oracle and compares
// them: the claims (a) to (c) of TestExactSubset. It returns the run's
// result, and an errSkip for a program the oracle could not decide or
// that panics in some interleaving.
func checkProgram(p goprog.Program) (*runResult, *goprog.Result, error) {
	orc, err := goprog.Explore(p, stateLimit)
	if err != nil {
		return nil, nil, errSkip(err.Error())
	}
	if orc.Panic != "" {
		return nil, orc, errSkip("panics: " + orc.Panic)
	}
	run, err := runProgram(p, Schedule{})
	if err != nil {
		return nil, orc, err
	}
	if run.choice == nil && run.order {
		return checkExplored(p, run, orc)
	}
	var errs []string
	for pr := range run.pairs {
		if _, ok := orc.Pairs[pr]; !ok {
			errs = append(errs, fmt.Sprintf("the run reports the race %v, which no interleaving has", pr))
		}
	}
	if run.vars&^orc.Vars() != 0 {
		errs = append(errs, fmt.Sprintf("the run reports races on %s, which no interleaving has", varList(run.vars&^orc.Vars())))
	}
	if run.dead != nil && !orc.SomeDeadlock() {
		errs = append(errs, "the run deadlocks, no interleaving does")
	}
	// With commuting updates, or a pool whose workers one run stands for
	// (pool.go), the run's races are those of several interleavings.
	commuting := hasUpdates(p.Main) || hasPools(p.Main)
	if run.choice == nil && commuting {
		// The graph does not depend on the schedule but for the orders of
		// commuting updates, which the run leaves unordered (commute.go):
		// every interleaving ends with the same goroutines blocked, and
		// the run's races are those of every interleaving together.
		for _, o := range orc.Outcomes {
			if o.Deadlock != run.outcome().Deadlock || o.Blocked != run.outcome().Blocked {
				errs = append(errs, fmt.Sprintf("no choice, but the interleavings' outcomes %+v are not the run's %+v but for races",
					orc.Outcomes, run.outcome()))
				break
			}
		}
		if run.vars != orc.Vars() {
			errs = append(errs, fmt.Sprintf("no choice, but the run's racing variables %s are not the interleavings' %s",
				varList(run.vars), varList(orc.Vars())))
		}
	} else if run.choice == nil {
		// The graph does not depend on the schedule: every interleaving
		// has the run's races, and ends with the same goroutines blocked.
		if len(orc.Outcomes) != 1 || orc.Outcomes[0] != run.outcome() {
			errs = append(errs, fmt.Sprintf("no choice, but the interleavings' outcomes %+v are not only the run's %+v",
				orc.Outcomes, run.outcome()))
		}
		if run.vars != orc.Vars() {
			errs = append(errs, fmt.Sprintf("no choice, but the run's racing variables %s are not every interleaving's %s",
				varList(run.vars), varList(orc.Vars())))
		}
		if orc.SomeDeadlock() && !orc.AllDeadlock() {
			errs = append(errs, "no choice, but some interleavings deadlock and some do not")
		} else if (run.dead != nil) != orc.AllDeadlock() {
			errs = append(errs, fmt.Sprintf("no choice, run deadlock %v, every interleaving's %v", run.dead != nil, orc.AllDeadlock()))
		}
	}
	if !run.clockLeft && !containsOutcome(orc.Outcomes, run.outcome(), commuting) {
		errs = append(errs, fmt.Sprintf("the run's outcome %+v is no interleaving's", run.outcome()))
	}
	if len(errs) > 0 {
		return run, orc, fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	return run, orc, nil
}

// containsOutcome reports whether o is one of os. With commuting updates,
// a run reports the races of every order of them, which may be those of
// several interleavings: o's racing variables need only be some of the
// interleavings', and its end one interleaving's.
func containsOutcome(os []goprog.Outcome, o goprog.Outcome, commuting bool) bool {
	var vars uint32
	for _, x := range os {
		vars |= x.Vars
	}
	for _, x := range os {
		if x == o || commuting && x.Deadlock == o.Deadlock && x.Blocked == o.Blocked && o.Vars&^vars == 0 {
			return true
		}
	}
	return false
}

// hasUpdates reports whether ops make a commuting atomic update or a
// commuting section.
func hasUpdates(ops []goprog.Op) bool {
	for _, o := range ops {
		if o.Kind == goprog.AtomicAdd || o.Kind == goprog.AtomicOr || o.Kind == goprog.Section || o.Kind == goprog.RWSection ||
			hasUpdates(o.Body) || hasUpdates(o.Else) {
			return true
		}
	}
	return false
}

// hasPools reports whether ops start a pool of workers.
func hasPools(ops []goprog.Op) bool {
	for _, o := range ops {
		if o.Kind == goprog.Pool || hasPools(o.Body) || hasPools(o.Else) {
			return true
		}
	}
	return false
}

// insertKeys counts the insert sections of ops (goprog.Section of the
// class insert), and reports whether two of them insert under one key
// into one variable.
func insertKeys(ops []goprog.Op) (n int, shared bool) {
	seen := map[[2]int]bool{}
	var walk func(ops []goprog.Op)
	walk = func(ops []goprog.Op) {
		for _, o := range ops {
			if o.Kind == goprog.Section && o.N == classInsert {
				n++
				k := [2]int{o.Var, o.Obj2}
				shared = shared || seen[k]
				seen[k] = true
			}
			walk(o.Body)
			walk(o.Else)
		}
	}
	walk(ops)
	return n, shared
}

// hasSections reports whether ops make a commuting section.
func hasSections(ops []goprog.Op) bool {
	for _, o := range ops {
		if o.Kind == goprog.Section || o.Kind == goprog.RWSection || hasSections(o.Body) || hasSections(o.Else) {
			return true
		}
	}
	return false
}

// hasRW reports whether ops make an operation of an RWMutex.
func hasRW(ops []goprog.Op) bool {
	for _, o := range ops {
		if o.Kind.IsRW() || hasRW(o.Body) || hasRW(o.Else) {
			return true
		}
	}
	return false
}

// swapGo returns p with two adjacent go statements of one goroutine
// swapped, an equivalent program (the same interleavings, the goroutines
// created in the other order), and whether it found two.
func swapGo(p goprog.Program) (goprog.Program, bool) {
	q := p.Clone()
	var walk func(ops []goprog.Op) bool
	walk = func(ops []goprog.Op) bool {
		for i := 0; i+1 < len(ops); i++ {
			if ops[i].Kind == goprog.Go && ops[i+1].Kind == goprog.Go {
				ops[i], ops[i+1] = ops[i+1], ops[i]
				return true
			}
		}
		for i := range ops {
			if walk(ops[i].Body) || walk(ops[i].Else) {
				return true
			}
		}
		return false
	}
	return q, walk(q.Main)
}

// shrink removes operations from a failing program while it keeps
// failing (with any error that is not a skip).
func shrink(p goprog.Program) goprog.Program {
	fails := func(q goprog.Program) bool {
		_, _, err := checkProgram(q)
		_, skip := err.(errSkip)
		return err != nil && !skip
	}
	for changed := true; changed; {
		changed = false
		for i := 0; ; i++ {
			q, ok := removeNth(p, i)
			if !ok {
				break
			}
			if fails(q) {
				p, changed = q, true
				i--
			}
		}
	}
	return p
}

// removeNth returns p without its n-th operation in preorder.
func removeNth(p goprog.Program, n int) (goprog.Program, bool) {
	q := p.Clone()
	var walk func(ops *[]goprog.Op) bool
	walk = func(ops *[]goprog.Op) bool {
		for i := 0; i < len(*ops); i++ {
			if n == 0 {
				*ops = append((*ops)[:i:i], (*ops)[i+1:]...)
				return true
			}
			n--
			o := &(*ops)[i]
			if walk(&o.Body) || walk(&o.Else) {
				return true
			}
		}
		return false
	}
	return q, walk(&q.Main)
}

// TestExactSubset checks the executor's claim against a brute-force
// oracle (package goprog) on random goroutine programs: (a) a run that
// noted no choice reports a race on a variable exactly when some
// interleaving's happens-before graph has one, as the futures paper's
// Theorem 2 (Surendran and Sarkar, RV 2016) with Nakade 2016, Theorem 3,
// promise when the graph does not depend on the schedule; (b) every race a
// run reports is one of some interleaving, and the run's racing variables
// and deadlock are those of one interleaving (the one it ran); (c) a run
// deadlocks only if some interleaving does, and, with no choice, exactly
// when every interleaving does. The detector reports, per variable, a race
// if there is one, not every racing pair, so (a) compares the racing
// variables and the pairs are checked one way. Equivalent programs (two go
// statements swapped) must give a run without choice the same verdict.
func TestExactSubset(t *testing.T) {
	sizes := []sizeCount{
		{goprog.Size{Goroutines: 2, Sync: 4, Vars: 2, Accesses: 2}, 1500},
		{goprog.Size{Goroutines: 3, Sync: 6, Vars: 2, Accesses: 2}, 1500},
		{goprog.Size{Goroutines: 3, Sync: 9, Vars: 3, Accesses: 3}, 1200},
		{goprog.Size{Goroutines: 4, Sync: 12, Vars: 3, Accesses: 2}, 1000},
		{goprog.Size{Goroutines: 5, Sync: 16, Vars: 3, Accesses: 3}, 300},
	}
	checkSizes(t, sizes, *propSeed)
}

// TestExactSubsetPools is TestExactSubset on programs with pools of
// workers (goprog.Pool): two or three goroutines that range over one
// channel, their loops marked as the rewriter marks a worker's
// (instrument/workerloop.go), so that one run stands for every assignment
// of the values to the workers (pool.go). It checks both halves of the
// argument there: every race of every interleaving is reported (no
// assignment is missed), and every race reported is one of some
// interleaving (the relaxed graph invents none).
func TestExactSubsetPools(t *testing.T) {
	sizes := []sizeCount{
		{goprog.Size{Goroutines: 2, Sync: 4, Vars: 2, Accesses: 2, Pools: true}, 600},
		{goprog.Size{Goroutines: 3, Sync: 6, Vars: 2, Accesses: 2, Pools: true}, 600},
		{goprog.Size{Goroutines: 3, Sync: 9, Vars: 3, Accesses: 2, Pools: true}, 300},
	}
	checkSizes(t, sizes, *propSeed+3<<32)
}

// TestExactSubsetSections is TestExactSubset on programs with a counter
// under a mutex (goprog.Size.Sections): commuting sections of the mutex
// (section.go) among plain accesses of the counter before and after them,
// other sections of the mutex, sections of another class, and, at times,
// the counter updated under another mutex or atomically (which the run
// notes as a choice).
func TestExactSubsetSections(t *testing.T) {
	sizes := []sizeCount{
		{goprog.Size{Goroutines: 2, Sync: 4, Vars: 2, Accesses: 2, Sections: true}, 600},
		{goprog.Size{Goroutines: 3, Sync: 6, Vars: 2, Accesses: 2, Sections: true}, 600},
		{goprog.Size{Goroutines: 3, Sync: 9, Vars: 3, Accesses: 3, Sections: true}, 400},
		{goprog.Size{Goroutines: 4, Sync: 12, Vars: 3, Accesses: 2, Sections: true}, 250},
	}
	checkSizes(t, sizes, *propSeed+1<<32)
}

// TestExactSubsetRWMutex is TestExactSubset on programs that also use
// RWMutexes (goprog.Size.RW): read sections, which share the mutex and do
// not order one another, write sections, and a counter under an RWMutex
// updated in commuting write sections (section.go) and read in read
// sections, among every other idiom. The oracle has package sync's writer
// preference: a Lock that waits for readers bars new RLocks.
func TestExactSubsetRWMutex(t *testing.T) {
	sizes := []sizeCount{
		{goprog.Size{Goroutines: 2, Sync: 4, Vars: 2, Accesses: 2, RW: true}, 300},
		{goprog.Size{Goroutines: 3, Sync: 6, Vars: 2, Accesses: 2, RW: true, Sections: true}, 300},
		{goprog.Size{Goroutines: 3, Sync: 9, Vars: 3, Accesses: 3, RW: true}, 200},
		{goprog.Size{Goroutines: 4, Sync: 12, Vars: 3, Accesses: 2, RW: true, Sections: true}, 100},
	}
	if *propScale > 1 {
		// Larger programs, with -goprop.scale only: the oracle's states
		// grow fast with the goroutines.
		sizes = append(sizes, sizeCount{goprog.Size{Goroutines: 5, Sync: 16, Vars: 3, Accesses: 3, RW: true, Sections: true}, 20})
	}
	checkSizes(t, sizes, *propSeed+2<<32)
}

// TestExactSubsetSleeps is TestExactSubset for programs with sleeps in
// their goroutines: a sleep orders nothing, so every interleaving around
// it is one of the program's (the oracle's), and exploration must reach
// the orders in which a sleep ends before another goroutine's step
// (clock.go), although the run's clock stands still while a goroutine can
// go on.
func TestExactSubsetSleeps(t *testing.T) {
	sizes := []sizeCount{
		{goprog.Size{Goroutines: 2, Sync: 4, Vars: 2, Accesses: 2, Sleeps: true}, 600},
		{goprog.Size{Goroutines: 3, Sync: 6, Vars: 2, Accesses: 2, Sleeps: true}, 600},
		{goprog.Size{Goroutines: 3, Sync: 9, Vars: 3, Accesses: 3, Sleeps: true}, 300},
		{goprog.Size{Goroutines: 4, Sync: 12, Vars: 3, Accesses: 2, Sleeps: true}, 200},
	}
	checkSizes(t, sizes, *propSeed+3<<32)
}

// TestExactSubsetSyncPool is TestExactSubset on programs with a
// sync.Pool (goprog.Size.SyncPools): goroutines Put fresh objects, some
// writing them after the Put, and others Get, use and Put back an object
// or a new one. A Get that finds objects is a choice of the run
// (syncvar.go), each object or a new one, which the exploration takes in
// turn; the oracle takes every such choice in every interleaving.
func TestExactSubsetSyncPool(t *testing.T) {
	sizes := []sizeCount{
		{goprog.Size{Goroutines: 2, Sync: 4, Vars: 2, Accesses: 2, SyncPools: true}, 400},
		{goprog.Size{Goroutines: 3, Sync: 6, Vars: 2, Accesses: 2, SyncPools: true}, 400},
		{goprog.Size{Goroutines: 3, Sync: 9, Vars: 3, Accesses: 2, SyncPools: true}, 200},
		{goprog.Size{Goroutines: 4, Sync: 12, Vars: 3, Accesses: 2, SyncPools: true}, 80},
	}
	checkSizes(t, sizes, *propSeed+5<<32)
}

// sizeCount is how many random programs of a size a property test checks.
type sizeCount struct {
	sz goprog.Size
	n  int
}

// checkSizes checks n random programs of each size against the oracle
// (checkProgram), from the seed after seed.
func checkSizes(t *testing.T, sizes []sizeCount, seed uint64) {
	t.Helper()
	div := 1
	switch {
	case testing.Short():
		div = 10
	case !*propFull:
		div = 4
	}
	for i := range sizes {
		sizes[i].n = max(1, sizes[i].n/div)
	}
	failures := 0
	for _, s := range sizes {
		var ran, noChoice, explored, dead, deadNoChoice, racy, racyNoChoice, skipped, panics, swapped int
		var updates, updatesRacy, updatesAlone int
		var sections, sectionsRacy, sectionsAlone, sectionsExplored, sectionsNoted, sectionsDomains int
		var inserts, insertsShared, insertsAlone int
		var rw, rwRacy, rwDead, rwAlone, rwExplored, rwNoted int
		var pools, poolsRacy, poolsAlone, poolsExplored, poolsNoted int
		var syncPools, syncPoolsRacy, syncPoolsNoted int
		var states, maxStates int
		schedules0, diverged0 := schedulesRun, schedulesDiverged
		for range s.n * *propScale {
			seed++
			p := goprog.Generate(rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)), s.sz)
			if *propTrace {
				fmt.Printf("seed %d:\n%s", seed, p)
			}
			run, orc, err := checkProgram(p)
			if sk, ok := err.(errSkip); ok {
				if strings.HasPrefix(string(sk), "panics") {
					panics++
				} else {
					skipped++
				}
				continue
			}
			ran++
			states += orc.States
			maxStates = max(maxStates, orc.States)
			if err != nil {
				failures++
				if failures <= 3 {
					small := shrink(p)
					r2, o2, err2 := checkProgram(small)
					t.Errorf("seed %d: %v\nprogram:\n%s\nshrunk (%v):\n%s\nrun: %v\noracle: pairs %v, outcomes %+v",
						seed, err, p, err2, small, r2, sortedPairs(o2.Pairs), o2.Outcomes)
				}
				continue
			}
			if run.choice == nil {
				noChoice++
			}
			if run.dead != nil {
				dead++
				if run.choice == nil {
					deadNoChoice++
				}
			}
			if run.vars != 0 {
				racy++
				if run.choice == nil {
					racyNoChoice++
				}
			}
			if run.choice == nil && run.order {
				explored++
			}
			if hasUpdates(p.Main) {
				updates++
				if run.vars != 0 {
					updatesRacy++
				}
				if run.choice == nil && !run.order {
					updatesAlone++
				}
			}
			if hasRW(p.Main) {
				rw++
				if run.vars != 0 {
					rwRacy++
				}
				if run.dead != nil {
					rwDead++
				}
				switch {
				case run.choice != nil:
					rwNoted++
				case run.order:
					rwExplored++
				default:
					rwAlone++
				}
			}
			if hasPools(p.Main) {
				pools++
				if run.vars != 0 {
					poolsRacy++
				}
				switch {
				case run.choice != nil:
					poolsNoted++
				case run.order:
					poolsExplored++
				default:
					poolsAlone++
				}
			}
			if p.SyncPools > 0 {
				syncPools++
				// Racing on an object of the pool: its variables follow
				// the shared ones.
				if run.vars>>s.sz.Vars != 0 {
					syncPoolsRacy++
				}
				if run.choice != nil {
					syncPoolsNoted++
				}
			}
			if n, shared := insertKeys(p.Main); n > 1 {
				inserts++
				if shared {
					insertsShared++
				}
				if run.choice == nil && !run.order {
					insertsAlone++
				}
			}
			if hasSections(p.Main) {
				sections++
				if run.vars != 0 {
					sectionsRacy++
				}
				switch {
				case run.choice != nil:
					sectionsNoted++
					if strings.Contains(run.choice.What, "commuting sections of two mutexes") {
						sectionsDomains++
					}
				case run.order:
					sectionsExplored++
				default:
					sectionsAlone++
				}
			}
			if q, ok := swapGo(p); ok && run.choice == nil && !run.order {
				r2, err := runProgram(q, Schedule{})
				if err != nil {
					t.Errorf("seed %d, go statements swapped: %v", seed, err)
				} else if r2.choice == nil && !r2.order {
					swapped++
					if r2.vars != run.vars || (r2.dead != nil) != (run.dead != nil) {
						failures++
						t.Errorf("seed %d: swapping two go statements changes the verdict without choice: %v, then %v\n%s", seed, run, r2, p)
					}
				}
			}
		}
		t.Logf("%d goroutines, ~%d sync ops: %d programs checked (%d without choice, %d of them explored; %d racy, %d of them without choice; %d deadlocked, %d of them without choice; %d swapped-go twins; %d with commuting atomic updates or sections, %d of them racy, %d of them decided by one run), %d skipped as panicking in some interleaving, %d past the state limit; oracle states mean %d, max %d",
			s.sz.Goroutines, s.sz.Sync, ran, noChoice, explored, racy, racyNoChoice, dead, deadNoChoice, swapped, updates, updatesRacy, updatesAlone, panics, skipped, states/max(ran, 1), maxStates)
		t.Logf("  %d schedules run by the explored programs, %d of them could not follow their order", schedulesRun-schedules0, schedulesDiverged-diverged0)
		if pools > 0 {
			t.Logf("  %d with pools of workers: %d racy; %d decided by one run, %d explored, %d noted a choice",
				pools, poolsRacy, poolsAlone, poolsExplored, poolsNoted)
		}
		if syncPools > 0 {
			t.Logf("  %d with a sync.Pool: %d racy on an object of the pool; %d noted a choice",
				syncPools, syncPoolsRacy, syncPoolsNoted)
		}
		t.Logf("  %d of %d plain accesses (all sizes so far) made by a goroutine alone in its run, not recorded", accessesAlone.Load(), accessesAll.Load())
		if rw > 0 {
			t.Logf("  %d with RWMutex operations: %d racy, %d deadlocked; %d decided by one run, %d explored, %d with a choice noted",
				rw, rwRacy, rwDead, rwAlone, rwExplored, rwNoted)
		}
		if sections > 0 {
			t.Logf("  %d with commuting sections: %d racy; %d decided by one run, %d explored, %d with a choice noted (%d of them a location of two domains)",
				sections, sectionsRacy, sectionsAlone, sectionsExplored, sectionsNoted, sectionsDomains)
			t.Logf("  %d with two or more insert sections, %d of them with two under one key; %d decided by one run",
				inserts, insertsShared, insertsAlone)
		}
	}
	if failures > 0 {
		t.Errorf("%d programs disagree with the oracle", failures)
	}
}

// maxSchedules bounds the acquisition orders explored per program.
const maxSchedules = 500

// schedulesRun counts the schedules checkExplored ran, and
// schedulesDiverged those whose runs could not follow their order of
// attempts (Exec.Diverged), for the property tests' logs.
var schedulesRun, schedulesDiverged int

// checkExplored checks a run without choice that was one order of
// acquisitions among others against the oracle: the runs of every
// schedule that the runs' alternatives reach, together, report a race on
// a variable exactly when some interleaving has one, no pair that no
// interleaving has, and deadlock exactly when some interleaving does; each
// run's outcome is some interleaving's.
func checkExplored(p goprog.Program, first *runResult, orc *goprog.Result) (*runResult, *goprog.Result, error) {
	var errs []string
	var vars uint32
	dead := false
	seen := map[string]bool{}
	orders := map[string]bool{}
	work := []Schedule{{}}
	var ran Ran
	n := 0
	for len(work) > 0 && n < maxSchedules {
		sc := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[sc.Replay()] || ran.Covers(sc) {
			continue
		}
		seen[sc.Replay()] = true
		n++
		schedulesRun++
		run := first
		if len(sc.Follow) > 0 || len(sc.Points) > 0 {
			var err error
			if run, err = runProgram(p, sc); err != nil {
				return first, orc, err
			}
		}
		if run.diverged {
			schedulesDiverged++
		} else {
			ran.Add(sc, run.attempts)
		}
		if run.choice != nil {
			// Another order reached a construct the run does not explore:
			// the claim is then only (b), checked below per run.
			errs = nil
			for pr := range run.pairs {
				if _, ok := orc.Pairs[pr]; !ok {
					return first, orc, fmt.Errorf("schedule %s reports the race %v, which no interleaving has", sc, pr)
				}
			}
			return first, orc, nil
		}
		for pr := range run.pairs {
			if _, ok := orc.Pairs[pr]; !ok {
				errs = append(errs, fmt.Sprintf("schedule %s reports the race %v, which no interleaving has", sc, pr))
			}
		}
		if !containsOutcome(orc.Outcomes, run.outcome(), hasUpdates(p.Main)) {
			errs = append(errs, fmt.Sprintf("schedule %s: the outcome %+v is no interleaving's", sc, run.outcome()))
		}
		vars |= run.vars
		dead = dead || run.dead != nil
		orders[run.orders] = true
		work = append(work, run.alts...)
	}
	if len(work) > 0 {
		return first, orc, errSkip(fmt.Sprintf("more than %d schedules", maxSchedules))
	}
	if vars != orc.Vars() {
		errs = append(errs, fmt.Sprintf("explored %d schedules: racing variables %s, every interleaving's %s", n, varList(vars), varList(orc.Vars())))
	}
	if dead != orc.SomeDeadlock() {
		errs = append(errs, fmt.Sprintf("explored %d schedules: deadlock %v, some interleaving's %v", n, dead, orc.SomeDeadlock()))
	}
	if len(errs) > 0 {
		return first, orc, fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	return first, orc, nil
}
