package goexec

import (
	"sync"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// The synchronisation of package sync, with the edges of the memory model:
// the n-th Unlock of a Mutex is synchronized before the return of the
// m-th Lock for n < m (so each Lock joins the Unlock before it); for an
// RWMutex, an RUnlock is synchronized before the Lock that follows, and an
// Unlock before every RLock that follows; a Done is synchronized before
// the return of the Wait it unblocks; the return of the function that a
// Once runs is synchronized before the return of every Do; an atomic
// operation that observes another's effect is synchronized after it.
//
// The real objects are kept in the state they would have (a Lock here
// locks the real mutex once it is free), so that their misuse panics as it
// does without the checker, and code that was not rewritten sees them as
// it would.

// mutexState is a mutex's. Its rounds are those of its commuting sections
// (section.go): base holds the release segment of the last Unlock of
// another section, or the sections of the last round.
type mutexState struct {
	rounds
	p       unsafe.Pointer // the mutex
	class   int            // the class of the current round's sections
	held    int            // the class of the commuting section held, 0 for none
	holder  *G             // the goroutine holding that section
	end     func()         // what ends its isolated accesses
	heldKey any            // the key of the insert section held (LockInsert)
	// Of a sync.Mutex (readonly.go): the goroutine whose section may be
	// read-only, and the releases of the read-only sections since the
	// last other acquisition.
	roHolder *G
	roSecs   []event.Task
	// keys holds, for the current round of insert sections, the release
	// of the last section under each key.
	keys    map[any]event.Task
	runlock []event.Task // RUnlocks since the last Lock
	readers int          // read locks held
	waiters []*G         // parked lockers, oldest first
	rwait   []*G         // parked read lockers
	admit   []*G         // read lockers that an Unlock lets in (RLock)
	user    int          // the goroutine that locked it, -1 once two did
	locked  bool         // locked (for writing), as far as the hooks saw
	waking  int          // calls of wakeLockers letting its lockers try
	acqs    int          // acquisitions (read or write) so far
	// Of an RWMutex: the goroutines holding read locks, and how many
	// each; whether a goroutine attempted an operation that may wait
	// while it held one (heldOp); whether a Lock was attempted (written).
	rholders map[*G]int
	heldOp   bool
	written  bool
}

// writerPreference notes a choice for an RWMutex whose run has both a
// Lock and an operation attempted while a read lock was held: package
// sync's writer preference (RLock) makes a reader wait behind a Lock that
// waits for the holder, an order that exploration does not reach when
// the holder would wait for that reader (two yields resume in the order
// they yielded), so another order may deadlock where this one did not.
func (e *Exec) writerPreference(m *mutexState, site uint32) {
	if m.written && m.heldOp {
		e.note(site, "a read lock of an RWMutex held across an operation that may wait, while another goroutine locks it: a Lock waiting for the reader would bar other readers")
	}
}

// readHeldAttempt records that g, which holds read locks, attempts an
// operation that may wait.
func (e *Exec) readHeldAttempt(g *G, site uint32) {
	for _, m := range e.mutexes {
		if m.rholders[g] > 0 {
			m.heldOp = true
			e.writerPreference(m, site)
		}
	}
}

func (e *Exec) mutex(p unsafe.Pointer) *mutexState {
	m := e.mutexes[p]
	if m == nil {
		m = &mutexState{p: p}
		e.mutexes[p] = m
	}
	return m
}

func (e *Exec) noteLocker(m *mutexState, site uint32, what string) {
	id := e.cur.ID
	switch m.user {
	case 0:
		m.user = id
	case id, -1:
	default:
		e.explore(site, "a %s that goroutines %d and %d both lock, goroutine %d", what, m.user, id, id)
		m.user = -1
	}
}

// Lock locks the mutex mu (a *sync.Mutex, or a *sync.RWMutex for writing).
func (e *Exec) Lock(mu sync.Locker, try func() bool, site uint32) {
	defer e.Exit(e.in(site))
	p := pointerOf(mu)
	m := e.mutex(p)
	e.noteLocker(m, site, typeName(mu))
	pt := e.enter(p, false, site)
	defer e.acquired(p, pt, false, site)
	if _, ok := mu.(*sync.RWMutex); ok {
		m.written = true
		e.writerPreference(m, site)
	}
	for !try() {
		m.waiters = append(m.waiters, e.cur)
		e.park(e.cur, "sync."+typeName(mu)+".Lock", site)
	}
	m.locked = true
	m.acqs++
	if _, ok := mu.(*sync.Mutex); ok && e.cur.roLock == nil {
		// The section may be read-only (readonly.go): it follows what
		// the read-only sections since the last other one follow.
		e.lockJoinsRO(m, site)
		e.cur.roLock, e.cur.roPt, m.roHolder = m, pt, e.cur
		return
	}
	e.lockJoins(m, site)
}

// lockJoins joins what a Lock (or a successful TryLock) of m follows: the
// last Unlock, or every commuting section of the last round (section.go),
// the RUnlocks since, and the read-only sections since (readonly.go).
func (e *Exec) lockJoins(m *mutexState, site uint32) {
	e.lockJoinsRO(m, site)
	e.joinRO(m, site)
}

// lockJoinsRO is lockJoins but for the read-only sections.
func (e *Exec) lockJoinsRO(m *mutexState, site uint32) {
	for _, t := range m.before() {
		e.acquire(t, site)
	}
	for _, r := range m.runlock {
		e.acquire(r, site)
	}
	m.runlock = m.runlock[:0]
}

// Unlock unlocks mu; do unlocks the real mutex (and fails as Unlock does).
// The Unlock of a commuting section (section.go) ends it.
func (e *Exec) Unlock(mu sync.Locker, do func(), site uint32) {
	defer e.Exit(e.in(site))
	m := e.mutex(pointerOf(mu))
	if m.held != 0 {
		if m.holder == e.cur {
			e.unlockSection(m, do, site)
			return
		}
		// Another goroutine unlocks the section's mutex, which the
		// rewriter's sections never do: what the section did is
		// released as an ordered Unlock's would be.
		m.held, m.holder, m.end = 0, nil, nil
		e.note(site, "an Unlock of a mutex that another goroutine locked")
	}
	if g := e.cur; g.roLock == m && m.roHolder == g {
		// The section read only (readonly.go).
		g.roLock, m.roHolder = nil, nil
		if len(m.waiters) == 0 {
			do()
			m.locked = false
			m.roSecs = append(m.roSecs, e.release(site))
			e.readOnly(pointerOf(mu), g.roPt)
			return
		}
		// A goroutine waited for it: its Lock follows this section in
		// every order the run can take from here, as an ordered one.
		e.joinRO(m, site)
	} else if m.roHolder != nil {
		// Another goroutine unlocks it: an ordered section.
		m.roHolder.roLock, m.roHolder = nil, nil
		e.joinRO(m, site)
	}
	do()
	m.locked = false
	m.ordered(e.release(site))
	e.wakeLockers(m, true, site)
}

// wakeLockers lets the parked lockers of m try again, the oldest first:
// after an Unlock (unlock), every parked reader, which gets in before any
// writer (RLock), then the parked lockers one by one while m is free,
// each woken when the one before waits or returns, until one makes no
// acquisition. A woken locker's segment follows the running one's, which
// released m (wake). The Unlock of a commuting section that a woken
// locker makes leaves the waking to this call (unlockSection): a section
// that woke the next section of its round would be ordered before it,
// which the round's graph must not be (section.go).
func (e *Exec) wakeLockers(m *mutexState, unlock bool, site uint32) {
	m.waking++
	defer func() { m.waking-- }()
	if unlock {
		e.wakeReaders(m, site)
	}
	for len(m.waiters) > 0 && !m.locked && m.readers == 0 {
		g := m.waiters[0]
		m.waiters = m.waiters[1:]
		n := m.acqs
		e.wake(g, site)
		if m.acqs == n {
			break // it parked again, or yielded: m is not free after all
		}
	}
}

// wakeReaders lets the parked readers of m in, after an Unlock (RLock).
func (e *Exec) wakeReaders(m *mutexState, site uint32) {
	if len(m.rwait) == 0 {
		return
	}
	ws := m.rwait
	m.rwait = nil
	m.admit = append(m.admit, ws...)
	for _, g := range ws {
		e.wake(g, site)
	}
}

// RLock locks the RWMutex mu for reading. As package sync has it, a
// Lock that waits (for the readers to leave, or for a writer's Unlock)
// bars new readers: they wait for a writer's Unlock, which lets in every
// reader that waits before the next writer. The writers here try to lock
// the real mutex without waiting in it, so its own TryRLock would let
// such a reader in: a parked writer (m.waiters) bars it instead, unless
// an Unlock let it in (m.admit). A reader is woken by an Unlock only.
func (e *Exec) RLock(mu *sync.RWMutex, site uint32) {
	defer e.Exit(e.in(site))
	m := e.mutex(unsafe.Pointer(mu))
	e.noteLocker(m, site, "RWMutex")
	pt := e.enter(unsafe.Pointer(mu), true, site)
	defer e.acquired(unsafe.Pointer(mu), pt, true, site)
	admitted := false
	for !((len(m.waiters) == 0 || admitted) && mu.TryRLock()) {
		m.rwait = append(m.rwait, e.cur)
		e.park(e.cur, "sync.RWMutex.RLock", site)
		admitted = m.admitted(e.cur)
	}
	m.readers++
	m.acqs++
	if m.rholders == nil {
		m.rholders = map[*G]int{}
	}
	m.rholders[e.cur]++
	e.cur.rheld++
	for _, t := range m.before() {
		e.acquire(t, site)
	}
	m.endRound()
}

// RUnlock undoes one RLock of mu.
func (e *Exec) RUnlock(mu *sync.RWMutex, site uint32) {
	defer e.Exit(e.in(site))
	mu.RUnlock()
	m := e.mutex(unsafe.Pointer(mu))
	m.readers--
	if m.rholders[e.cur] > 0 {
		e.cur.rheld--
		if m.rholders[e.cur]--; m.rholders[e.cur] == 0 {
			delete(m.rholders, e.cur)
		}
	}
	m.runlock = append(m.runlock, e.release(site))
	if m.readers == 0 {
		e.wakeLockers(m, false, site)
	}
}

// admitted reports whether an Unlock let the read locker g in, and
// forgets it.
func (m *mutexState) admitted(g *G) bool {
	for i, a := range m.admit {
		if a == g {
			m.admit = append(m.admit[:i], m.admit[i+1:]...)
			return true
		}
	}
	return false
}

// TryLocked records that a TryLock (or TryRLock) of mu succeeded.
func (e *Exec) TryLocked(mu sync.Locker, read bool, site uint32) {
	defer e.Exit(e.in(site))
	m := e.mutex(pointerOf(mu))
	e.noteLocker(m, site, typeName(mu))
	e.note(site, "a TryLock")
	if !read {
		m.locked = true
	}
	m.acqs++
	if read {
		for _, t := range m.before() {
			e.acquire(t, site)
		}
		m.endRound()
		m.readers++
		return
	}
	e.lockJoins(m, site)
}

func pointerOf(l sync.Locker) unsafe.Pointer {
	switch m := l.(type) {
	case *sync.Mutex:
		return unsafe.Pointer(m)
	case *sync.RWMutex:
		return unsafe.Pointer(m)
	}
	return nil
}

func typeName(l sync.Locker) string {
	if _, ok := l.(*sync.RWMutex); ok {
		return "RWMutex"
	}
	return "Mutex"
}

// wgState is a WaitGroup's. A Wait joins every Done made on the WaitGroup
// before it, not only those since its counter was last zero, as Go's race
// detector has it: a program that makes every Add happen before the Wait
// (as WaitGroup's documentation asks) sees its counter reach zero before
// the Wait returns in some schedules and not in others, and every Done
// precedes the Wait's return in the schedules where it does not.
//
// Whether a Wait waits for an Add of another goroutine depends on the
// schedule unless synchronisation orders them (WaitGroup's documentation
// asks for the Add first when the counter is zero, but a worker may call
// Add for itself, or a Wait and an Add may be ordered through a channel):
// an Add of a positive delta and a Wait are logged as dependent operations
// of the WaitGroup (explore.go), and exploration runs the other order.
type wgState struct {
	counter int
	dones   []event.Task // the release segments of the Dones
	waiters []*G
}

func (e *Exec) wg(p *sync.WaitGroup) *wgState {
	w := e.wgs[unsafe.Pointer(p)]
	if w == nil {
		w = &wgState{}
		e.wgs[unsafe.Pointer(p)] = w
	}
	return w
}

// Add adds delta to the WaitGroup wg; do is the real Add (it panics as Add
// does on a negative counter).
func (e *Exec) Add(wg *sync.WaitGroup, delta int, do func(), site uint32) {
	defer e.Exit(e.in(site))
	if delta > 0 {
		p := e.attempt(site)
		e.logOp(unsafe.Pointer(wg), p, opWgAdd, site)
	}
	do()
	w := e.wg(wg)
	w.counter += delta
	if delta > 0 && w.counter == delta {
		// The first increment from zero reads the WaitGroup, to race
		// with a Wait that it is not ordered with (Go's race detector
		// does the same).
		e.h.Access(unsafe.Pointer(wg), 1, false, site)
	}
	if delta < 0 {
		e.done(w, site)
	}
}

// done records a Done (an Add of a negative delta).
func (e *Exec) done(w *wgState, site uint32) {
	w.dones = append(w.dones, e.release(site))
	if w.counter > 0 {
		return
	}
	ws := w.waiters
	w.waiters = nil
	for _, g := range ws {
		e.wakeJoining(g, w.dones, site)
	}
}

// wakeJoining wakes g, whose next segment also joins segs.
func (e *Exec) wakeJoining(g *G, segs []event.Task, site uint32) {
	h := e.cur
	e.stack = append(e.stack, h) // before g has the baton: see wake
	h.state = gSuspended
	e.resumeJoining(g, h.seg(), segs, site)
	e.waitOn(h.wake)
}

func (e *Exec) resumeJoining(g *G, from event.Task, segs []event.Task, site uint32) {
	if from != e.root {
		e.hbWake(e.cur, g)
	}
	c := e.h.NewTask(from, site, g.ID)
	e.h.Spawn(from, c, site)
	if g.last != 0 {
		e.h.Join(c, g.last, site)
	}
	for _, s := range segs {
		if e.isEnded(s) {
			e.h.Join(c, s, site)
			e.hbAcquire(g, s)
		}
	}
	e.unblock(g)
	g.segs = append(g.segs[:0], c)
	g.state = gRunning
	e.cur = g
	e.h.SetCurrent(c)
	g.wake <- struct{}{}
}

// Wait waits until wg's counter is zero.
func (e *Exec) Wait(wg *sync.WaitGroup, site uint32) {
	defer e.Exit(e.in(site))
	p := e.attempt(site)
	e.logOp(unsafe.Pointer(wg), p, opWgWait, site)
	w := e.wg(wg)
	if w.counter == 0 {
		for _, d := range w.dones {
			e.acquire(d, site)
		}
		return
	}
	if len(w.waiters) == 0 {
		// The first Wait that blocks writes the WaitGroup, to race with
		// an Add from zero that it is not ordered with.
		e.h.Access(unsafe.Pointer(wg), 1, true, site)
	}
	w.waiters = append(w.waiters, e.cur)
	e.park(e.cur, "sync.WaitGroup.Wait", site)
}

type onceState struct {
	running *G
	doneSeg event.Task
	done    bool
	waiters []*G
	callers int // the goroutine that called Do, -1 once two did
}

// Do runs f through the Once o (do is o.Do, so that the real Once knows it
// ran) unless it ran or runs.
func (e *Exec) Do(o *sync.Once, do func(), site uint32) {
	defer e.Exit(e.in(site))
	s := e.onces[unsafe.Pointer(o)]
	if s == nil {
		s = &onceState{}
		e.onces[unsafe.Pointer(o)] = s
	}
	switch id := e.cur.ID; s.callers {
	case 0:
		s.callers = id
	case id, -1:
	default:
		e.explore(site, "a sync.Once that goroutines %d and %d both call", s.callers, id)
		s.callers = -1
	}
	pt := e.enter(unsafe.Pointer(o), false, site)
	// A Do that finds f run or running is logged as a read: two of them
	// return (or wait) alike in either order, while either is dependent
	// with the Do that runs f, which another order lets it be
	// (dependent). So a done Once's callers are not explored against one
	// another.
	late := s.done || s.running != nil
	if late {
		pa := e.pending[pt]
		pa.kind = opRead
		e.pending[pt] = pa
	}
	e.acquired(unsafe.Pointer(o), pt, late, site)
	if s.done {
		e.acquire(s.doneSeg, site)
		return
	}
	if s.running != nil {
		if s.running == e.cur {
			e.userCode(do, site) // Do within its own f: deadlocks as it would
			return
		}
		s.waiters = append(s.waiters, e.cur)
		e.park(e.cur, "sync.Once.Do", site)
		e.acquire(s.doneSeg, site)
		return
	}
	s.running = e.cur
	defer func() {
		// f returned or panicked: Do returns either way.
		s.running = nil
		s.done = true
		s.doneSeg = e.release(site)
		ws := s.waiters
		s.waiters = nil
		for _, g := range ws {
			e.wake(g, site)
		}
	}()
	e.userCode(do, site)
}

type condState struct {
	waiters []*G
}

// CondWait waits on c: it unlocks c.L, parks until a Signal or Broadcast,
// and locks c.L again (through lock and unlock, the hooks of c.L).
func (e *Exec) CondWait(c *sync.Cond, unlock, lock func(), site uint32) {
	defer e.Exit(e.in(site))
	p := e.attempt(site)
	e.logOp(unsafe.Pointer(c), p, opCondWait, site)
	s := e.conds[unsafe.Pointer(c)]
	if s == nil {
		s = &condState{}
		e.conds[unsafe.Pointer(c)] = s
	}
	g := e.cur
	s.waiters = append(s.waiters, g)
	unlock()
	if sig := g.condSig; sig != 0 {
		// A goroutine that the Unlock let go on signalled before this one
		// parked: the Wait returns, after the Signal.
		g.condSig = 0
		e.acquire(sig, site)
	} else {
		e.park(g, "sync.Cond.Wait", site)
	}
	lock()
}

// CondSignal wakes the oldest waiter of c; all of them with broadcast.
func (e *Exec) CondSignal(c *sync.Cond, broadcast bool, site uint32) {
	defer e.Exit(e.in(site))
	p := e.attempt(site)
	e.logOp(unsafe.Pointer(c), p, opCondSignal, site)
	s := e.conds[unsafe.Pointer(c)]
	if s == nil || len(s.waiters) == 0 {
		return
	}
	n := 1
	if broadcast {
		n = len(s.waiters)
	}
	ws := s.waiters[:n:n]
	s.waiters = s.waiters[n:]
	var rel event.Task
	for _, g := range ws {
		if g.state != gParked {
			// g is between its Wait's Unlock and its parking (the Unlock
			// let this goroutine go on): it returns from the Wait when it
			// goes on, joining what this one did before the Signal.
			if rel == 0 {
				rel = e.release(site)
			}
			g.condSig = rel
			continue
		}
		e.wake(g, site)
	}
}

// Atomic records an atomic operation on the word at p that is not a
// commuting update (a Load, Store, Swap, CompareAndSwap, or an Add whose
// result is used): it acquires what the operations before it released
// (commute.go: the last such operation, or the updates after it), records
// the operation's access (the access callback: atomic operations never
// race with one another, being ordered here, but race with plain accesses
// of the word), and releases for those after it.
func (e *Exec) Atomic(p unsafe.Pointer, access func(), site uint32) {
	defer e.Exit(e.in(site))
	a := e.atomic(p)
	e.atomicUser(a, site)
	pt := e.enter(p, false, site)
	e.acquired(p, pt, false, site)
	a.takeLoads() // after the attempt, at which the goroutine may yield
	for _, t := range a.before() {
		e.acquire(t, site)
	}
	if access != nil {
		access()
	}
	a.ordered(e.release(site))
}

// atomicUser notes that the running goroutine operates on the atomic
// variable a: once two goroutines have, the run has orders to explore.
func (e *Exec) atomicUser(a *atomicState, site uint32) {
	switch id := e.cur.ID; a.user {
	case 0:
		a.user = id
	case id, -1:
	default:
		e.explore(site, "an atomic variable that goroutines %d and %d both use, goroutine %d", a.user, id, id)
		a.user = -1
	}
}

// AtomicLoad records an atomic operation on the word at p that only reads
// it (a Load): it acquires what the operations before it released, as
// Atomic does, and records the operation's access. Go's memory model
// orders an atomic operation after the ones whose effect it observes, and
// a Load has no effect to observe: two Loads order nothing between them,
// and are independent (dependent, explore.go: both are reads), so their
// orders are not explored. The operation after the Loads that writes the
// word (Atomic, AtomicUpdate) joins them: that order is not the memory
// model's, but the other order of the Load and the write, in which the
// write comes first and the Load observes it, is explored (the two are
// dependent), and the Load's plain read must not race with the write's
// access. A Load ends the round of updates it observes (commute.go), as
// any other operation does.
func (e *Exec) AtomicLoad(p unsafe.Pointer, access func(), site uint32) {
	defer e.Exit(e.in(site))
	a := e.atomic(p)
	// Logged for the end of the run (Explorable) rather than counted as
	// a use (atomicUser): Loads alone have no order to explore.
	e.logOp(p, e.attempt(site), opRead, site)
	for _, t := range a.before() {
		e.acquire(t, site)
	}
	if access != nil {
		access()
	}
	a.endRound()
	a.joinLoads(e.cur.ID, e.release(site))
}

// KeyAddr returns the address that stands, in this run, for the entry of
// key k of the sync.Map at m: the object of the atomic operations on that
// entry (the memory model orders a write of a sync.Map's entry before a
// read that observes it, and says nothing of other keys). An unhashable
// key, which the map's own operation panics on, gets the map's address.
func (e *Exec) KeyAddr(m unsafe.Pointer, k any) (p unsafe.Pointer) {
	defer func() {
		if recover() != nil {
			p = m
		}
	}()
	if e.mapKeys == nil {
		e.mapKeys = map[unsafe.Pointer]map[any]*byte{}
	}
	km := e.mapKeys[m]
	if km == nil {
		km = map[any]*byte{}
		e.mapKeys[m] = km
	}
	b := km[k]
	if b == nil {
		b = new(byte)
		km[k] = b
	}
	return unsafe.Pointer(b)
}
