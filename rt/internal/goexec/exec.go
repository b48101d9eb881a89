// Package goexec is the checked executor of plain Go concurrency: go
// statements, channels, and the synchronisation of package sync and
// sync/atomic. It runs the goroutines of a checked run one at a time, in
// depth-first order, and turns their synchronisation into the events of a
// task computation graph (package event), so that the determinacy race
// detector of Surendran and Sarkar (RV 2016), which checks async, finish and
// future programs, checks goroutine programs too.
//
// # Goroutines as chains of segments
//
// A goroutine's run is cut into segments, each a task of the computation
// graph: it starts a new segment where the Go memory model
// (https://go.dev/ref/mem) lets another goroutine synchronise with what it
// did so far (a send, a close, an unlock, a Done, an atomic operation),
// and where it continues after waiting. Every synchronisation edge is then
// one of the two edges the futures paper's graph has:
//
//   - a spawn edge. `go f()` spawns the goroutine's first segment from the
//     current segment, and the operation that lets a waiting goroutine go on
//     (the send its receive waited for, the Unlock its Lock waited for, the
//     Done that brought its WaitGroup to zero) spawns the waiter's next
//     segment from the current one;
//   - a join of an ended segment (the paper's non-tree join, as a Get of a
//     future). An operation that acquires what an earlier one released (a
//     receive of a buffered value, a Lock after an Unlock, a Wait after the
//     Dones) joins the segment that ended at the release; a goroutine's next
//     segment joins its previous one (program order).
//
// A release that does not end the goroutine's run (a send into a buffer
// with room, an Unlock) makes the rest of the goroutine a child segment of
// the current one: the current segment's steps are then exactly what the
// goroutine did before the release, and it ends when the goroutine next
// waits or returns.
//
// # Why the detector's order holds
//
// The detector needs the events in serial depth-first order: after a spawn,
// every event up to the child's end belongs to the child or its
// descendants, and a join names an ended task. The executor keeps that
// order because a goroutine never waits with a segment open: before it
// parks, its open segments end, newest first, and control returns to the
// goroutine that started or woke it (the top of the stack of goroutines
// that handed the baton to a child). The open segments are therefore the
// current segment and its ancestors, always, and a release segment that has
// not ended yet is an ancestor of the goroutine that acquires it, which
// already follows it in the graph: such a join is left out, and every other
// join names an ended segment.
//
// # One run for every schedule, or this schedule only
//
// When every synchronisation had one possible partner, the graph does not
// depend on the schedule, and by Theorem 2 of the futures paper (with
// Nakade 2016, Theorem 3) the one run decides every schedule of the input.
// The choices that can make the graph depend on the schedule are of two
// sorts. Those the executor explores (explore.go) are the orders of
// dependent operations of goroutines on one object (a mutex, an atomic
// location or a Once used by two goroutines; a channel that two
// goroutines send on, or receive values from, or close while another
// sends; a select of several communications or of one and a default) and
// the cases of a select that found several ready: the run is one of
// several, and the others are run too; so are the orders of an Add of a
// WaitGroup and a Wait of another goroutine, and of a Cond's Waits and
// Signals. Those it notes (a TryLock, an operation completed by code that
// was not rewritten) make the verdict of the run "this schedule only", with the first such construct
// and its site.
//
// # Time
//
// Sleeping orders nothing. A sleeping goroutine parks, and the others run
// first; it goes on when no other goroutine can and its deadline is the
// earliest, the run's clock jumping to it (timers.go), and so do the
// timers of the run (time.After, NewTimer, tickers, AfterFunc, context
// deadlines), in the order of their deadlines; a run in which a
// goroutine outside the executor's control ran waits for that time for
// real, as the program would (it may sleep to wait for something outside
// it: a server, a finalizer), and code that was not rewritten may complete
// a parked channel operation meanwhile.
//
// # Goroutines outside the executor's control
//
// See outside.go: goroutines the program did not start, and goroutines
// that wait in code that was not rewritten, take their turns with the
// others, so that the run never hangs where the program would not, and
// its verdict says "this schedule only".
package goexec

import (
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// Host is the checker the executor reports to.
type Host interface {
	// NewTask allocates the task of a new segment of goroutine g, spawned
	// by parent at site.
	NewTask(parent event.Task, site uint32, g int) event.Task
	// Spawn, End and Join record the graph's events: Join is the
	// non-tree join of the ended task f by t (event.Sink's Get). Any
	// segment may be joined by a task that is not its parent, so Spawn
	// must record a future's spawn (event.Sink's Spawn with future
	// true): the futures paper's non-tree join is defined for futures
	// only, and a detector that takes the child for an async orders the
	// parent's later steps before the joiner, missing races.
	Spawn(parent, child event.Task, site uint32)
	End(t event.Task)
	Join(t, f event.Task, site uint32)
	// SetCurrent makes t the task whose accesses the hooks record.
	SetCurrent(t event.Task)
	// Access records an access of the current task to size bytes at p
	// that the executor makes on behalf of a synchronisation object, as
	// Go's race detector does (a WaitGroup's Add from zero reads it, and
	// its first blocking Wait writes it).
	Access(p unsafe.Pointer, size uintptr, write bool, site uint32)
	// Precedes reports whether the ended segment t precedes the current
	// segment in the graph (a path leads from t's end to it); with c
	// nonzero, whether t's step before it spawned its child c does.
	Precedes(t, c event.Task) bool
	// Deadlock is called when no goroutine can go on: parked lists them.
	// It does not return (it ends the program, or the goroutine).
	Deadlock(parked []*G)
}

// Exec runs the goroutines of one checked run.
type Exec struct {
	h     Host
	gh    *genHost   // h, counting the graph's events (alone.go)
	root  event.Task // the scheduler's segment, below every goroutine's
	cur   *G
	stack []*G // goroutines that handed the baton to another, innermost last
	gs    []*G // by id-1
	ended []uint64

	chans   map[unsafe.Pointer]*chanState
	mutexes map[unsafe.Pointer]*mutexState
	wgs     map[unsafe.Pointer]*wgState
	onces   map[unsafe.Pointer]*onceState
	conds   map[unsafe.Pointer]*condState
	atomics map[unsafe.Pointer]*atomicState
	mapKeys map[unsafe.Pointer]map[any]*byte // the entries of sync.Maps, by key (KeyAddr)
	nDone   int                              // goroutines that returned (alone.go)
	alone   aloneCache                       // what Alone knows
	domains map[uintptr]*[]domainEpochs      // the domains of each word of commuting operations (section.go)
	lib     *libState                        // sync.Pool and file I/O (syncvar.go)

	sleepers []*G
	timers   []*timer      // timers.go
	seq      uint64        // sleeps and timers started, for readyFirst
	skew     atomic.Int64  // the time the run's clock skipped (timers.go)
	clock    time.Duration // the clock of deadlines: the time skipped and waited for (timers.go)

	// Timers by the program's handle and by their channel (timers.go).
	timerOf   map[unsafe.Pointer]*timer
	timerChan map[unsafe.Pointer]*timer
	// The channels that the functions of timers close (TimerCloses).
	timerCloses map[unsafe.Pointer]*timer

	choice *Choice

	// Exploration (explore.go).
	sched  Schedule
	follow []int32 // the order of attempts the run follows (Schedule.Follow)
	fidx   int     // the attempts of follow made
	// The pauses after a release that follow lists (start.go): the
	// indexes of follow after whose entry its goroutine's next entry is
	// its pause, and the goroutines whose first entry is.
	pauseAfter map[int]bool
	pauseFirst map[int]bool
	attempts   []int32    // the goroutine of each attempt, in order, negative for a late turn
	early      []uint64   // the attempts made while another goroutine was between two of its steps, as bits
	polled     []uint64   // the attempts after which their goroutine yielded as a poller (markPoll), as bits
	stutters   []uint64   // the polled attempts that a loop repeats unchanged (markStutter), as bits
	raced      bool       // the detector found a race in the run (RaceFound)
	raceLog    []raceNote // the races it found, for late turns (RaceFound)
	// raceWideAt is 1 + the attempts made when it last found a race past
	// maxRaceNotes, or 0.
	raceWideAt int
	// Diverged reports that the run could not follow its schedule's
	// order of attempts to its end (takeTurn).
	Diverged   bool
	yieldAt    map[Point]bool
	caseAt     map[Point]int // the case a select statement takes
	choices    []selChoice   // select statements that had several cases ready
	clockFirst []clockFirst  // goroutines that a goroutine woke where the clock could have (clock.go)
	ready      []*G          // goroutines that yielded, oldest first
	finisher   *G            // goroutine 1 at its end, waiting for the others to wait or return
	log        map[unsafe.Pointer]*acqLog
	lazy       map[unsafe.Pointer]bool    // log's objects whose dependent pairs Explorable finds
	pools      map[int32]*poolClass       // the classes of workers of pools (pool.go)
	poolLinks  map[poolLink]int32         // their keys, interned
	solo       map[unsafe.Pointer]soloOps // objects whose logs were dropped (explore.go, maxLog)
	pending    map[Point]pendingAcq
	explorable bool
	hbOff      bool                  // clocks dropped (hb.go)
	segClock   map[event.Task]vclock // the clocks of ended and released segments (hb.go)
	segStep    []stepRef             // the step of each segment from segBase on (start.go)
	segBase    event.Task            // the first segment noted
	// enabledMemo holds the answers of enabled while Alternatives runs.
	enabledMemo map[[2]int32]bool
	lateStarted bool // some goroutine made a late start (start.go)
	firstOrder  *Choice

	// The operations that the schedule's yields let go first, and those
	// not attempted yet with the goroutine that waits for each
	// (explore.go, readyFirst).
	yieldTo map[Point]Point
	awaited map[Point]*G

	// OnPanic, when set, is called with a goroutine (other than the
	// first) that panicked and the panic's value, instead of letting the
	// panic end the program; it must not return. An exploring run sets
	// it to report the panic of its schedule.
	OnPanic func(g *G, v any)

	// Grace is how long a run in which no goroutine can go on waits for
	// code that was not rewritten to complete a parked channel operation
	// before it reports a deadlock.
	Grace time.Duration

	// WaitBusy makes a run in which no goroutine can go on wait more
	// graces, up to maxGraceBusy, while a goroutine outside it is busy
	// (busyOutside): a checked program's runs set it; a test that drives
	// the executor from goroutines of its own does not need it.
	WaitBusy bool
	// ListBy is the time by which Alternatives stops listing, when it is
	// not zero: a run of a thousand goroutines compares millions of pairs
	// of operations, and the exploration's explore_time limit should hold
	// for the listing too. A listing cut short notes a choice, so that the
	// verdict does not claim the schedules it did not list.
	ListBy time.Time
	// listByEvery is how many pairs of operations Alternatives compares
	// between two looks at the clock (4096: a listing that small takes
	// no time worth bounding; tests set 1).
	listByEvery int

	// Goroutines outside the executor's control (outside.go).
	mu          sync.Mutex     // held in a locked section (outside.go)
	muOwner     atomic.Uintptr // getg of mu's holder, 0 when free
	inHook      atomic.Uintptr // getg of the goroutine in an open section, 0 when none (outside.go)
	fast        atomic.Uintptr // getg of the goroutine that may try Enter's fast path, or 0
	hooks       uint64         // Enter calls, for the watchdog
	detaches    int            // goroutines the watchdog took the baton from
	byG         map[uintptr]*G // goroutines by getg, while they live
	outReady    []*G           // goroutines that entered without the baton, oldest first
	kick        chan struct{}  // wakes a run in which no goroutine can go on
	outside     bool           // a goroutine ran outside the executor's control
	idle        bool           // no goroutine holds the baton: next waits
	over        bool           // End ran, or the run deadlocked
	endLocked   bool           // End took the lock, which Release releases
	stopWatch   chan struct{}
	graceBusy   int    // graces waited again for a busy goroutine outside the run (next, busyOutside)
	onGraceBusy func() // called when next waits a grace again (a test's hook)

	groups     map[string]*parGroup // parallel subtests, by their parent's name (parallel.go)
	pendingTop map[uint64]string    // top-level tests about to be taken in as members, by goroutine id (parallel.go)
	pendingSub map[uint64]*G        // subtests about to be taken in, by goroutine id: the caller of their t.Run (parallel.go)
	subWait    map[*G]*G            // callers of t.Run waiting in package testing: the subtest (parallel.go)
}

// Choice names the first construct of a run whose outcome could differ in
// another schedule.
type Choice struct {
	What string
	Site uint32
}

// G is one goroutine of a checked run.
type G struct {
	ID     int
	Parent *G     // the goroutine that ran the go statement; nil for the first and for adopted ones
	Site   uint32 // the go statement; for an adopted goroutine, its first hook
	// Created says what started a goroutine that the checked program did
	// not start (outside.go), such as "started by net/http.(*Server).Serve".
	Created string

	gp       uintptr // getg, once it runs
	lastSite uint32  // the site of its latest hook since it last started or went on
	hooks    uint64  // its Enter calls as the holder (alone.go)
	joins    uint64  // joins into its segments, and new segments of it (alone.go)

	// Its latest spawn (alone.go): its segment that spawned a child (its
	// own next segment at a release, or the segment of a goroutine it
	// woke or started), the child, and g.hooks then; quiet when it
	// returned in one of the two without entering the executor again.
	rel, relChild event.Task
	relHooks      uint64
	quiet         bool
	// Its latest segment (alone.go): the segment, the previous one it
	// joined (resumed after a wait), and g.hooks when it began; empty
	// when it returned in it without entering the executor.
	startSeg, startPrev event.Task
	startHooks          uint64
	empty               bool
	goid                uint64
	adopted             bool

	acqs int // acquisitions attempted, for Point
	// Its place in the run's order of attempts (explore.go, enabled):
	// the index of each of its attempts, the attempts made when it was
	// created, and the spans of attempts while it waited for another
	// goroutine or slept (blocked), the open one from blockFrom.
	attAt     []int32
	born      int32
	blocked   [][2]int32
	blockFrom int32
	turn      bool // it waits at an attempt for its turn (takeTurn)
	lateGo    bool // its late turn came
	// Its steps (start.go): the index of its latest attempt in the run's
	// order (stepAt; -1 before the first, its start step; -2 past
	// maxAttempts), the entry of its late start or pause that it waits
	// for (lateCode; 0 for none, and for a late turn), and the index of
	// its late start in the run's order, or -1 when it started at once.
	stepAt   int32
	lateCode int32
	startAt  int32
	// Its pauses after a release (start.go): whether it made a release
	// since its step began (relSince) and how many attempts the run had
	// made at the first (relAt), whether the order it follows pauses it
	// at its next release (pauseArmed), and whether a release made while
	// armed pauses it once its hook is done (pauseDue).
	relSince, pauseArmed, pauseDue bool
	relAt                          int32
	// The spans of attempts while it waited for the clock (a sleep, a
	// timer's channel), the open one from clockFrom (-1: none): racySteps
	// lets no such goroutine go first, which would move the clock.
	clockWaits [][2]int32
	clockFrom  int32
	// It yielded because it polls, spins, or calls runtime.Gosched
	// (poll, preempt, Yield): the scheduler lets every other goroutine go
	// first, and it counts as enabled (explore.go's enabled), so that a
	// schedule may let its next poll fail again (see Polling).
	polling bool
	// It is parked where the clock can wake it (clock.go): a sleep, or a
	// wait on the channel of an armed timer. It counts as enabled while
	// it waits there, and a goroutine that wakes it instead lists the
	// schedule in which the clock comes first.
	clockWakes bool
	// waitChans are the channels it receives from while parked in a
	// receive or a select: the timers of those whose state changes while
	// it waits decide clockWakes again (reclock).
	waitChans []unsafe.Pointer
	byClock   bool // started by a timer that fired (a function timer's goroutine)
	// clockFor is, for a goroutine started by a timer that fired at the
	// turn of a goroutine waiting for the clock, that goroutine (clockStep).
	clockFor int32
	rheld    int // read locks of RWMutexes it holds (RLock)
	spawnK   int // the parent's acquisitions attempted before the go statement

	vc    vclock       // its clock (hb.go)
	segs  []event.Task // open segments, oldest first
	last  event.Task   // the newest segment, once they ended
	wake  chan struct{}
	state gstate

	// While parked.
	Waits   string        // what it waits for: "chan receive", "sync.Mutex.Lock", ...
	WaitAt  uint32        // where
	until   time.Time     // when a sleep ends, on the clock of Now
	at      time.Duration // when a sleep ends, on the clock of deadlines (timers.go)
	seq     uint64        // a sleep's e.seq; a yield's e.seq when it yielded
	passed  bool          // a sleep started after its yield went first (readyFirst)
	w       *waiter
	selIdx  int
	panicOn string     // the waker's verdict: the goroutine panics with this when it goes on
	condSig event.Task // a Signal that came before its Cond.Wait parked (sync.go)

	section   unsafe.Pointer // the mutex of the commuting section it holds (section.go), or nil
	roLock    *mutexState    // the Mutex whose section it holds while the section may be read-only (readonly.go), or nil
	roPt      Point          // that section's Lock
	released  bool           // the operation its yield lets go first was made (readyFirst, heldBack)
	awaits    bool           // its yield names an operation it lets go first (heldBack)
	scheduled bool           // it yielded at a point of the schedule (promoteFree)
	endPolls  int            // polls after goroutine 1 returned (poll)
	spins     int            // iterations of spinning loops since it last yielded (Spin)
	turnAcqs  int            // acqs when it last parked (preempt)

	par       *parGroup // the parallel subtests it is one of (parallel.go), or nil
	parPaused bool      // it waits in t.Parallel
	parDone   bool      // its test ended
	subtest   bool      // it runs a subtest whose t.Run was rewritten (parallel.go)

	// As a worker of a pool (pool.go): its class, the values it took, the
	// ended segments of its iterations, and whether its next segment is
	// an iteration's, which does not join its previous one.
	pool      *poolClass
	from      event.Task // the segment that spawned its first segment at its go statement
	first     event.Task // its first segment
	poolIters int
	poolSegs  []event.Task
	cut       bool
}

type gstate uint8

const (
	gRunning gstate = iota
	gSuspended
	gParked
	gDone
	gDetached // waiting in code that was not rewritten (outside.go)
)

// New starts the executor of a run on the calling goroutine, which becomes
// goroutine 1. root is an open task of the host: the executor spawns the
// first goroutine's segment from it, and the continuations of goroutines
// woken when no goroutine runs (a sleeper when the clock advances).
func New(h Host, root event.Task, site uint32) *Exec {
	gh := &genHost{Host: h}
	e := &Exec{
		h: gh, gh: gh, root: root,
		chans: map[unsafe.Pointer]*chanState{}, mutexes: map[unsafe.Pointer]*mutexState{},
		wgs: map[unsafe.Pointer]*wgState{}, onces: map[unsafe.Pointer]*onceState{},
		conds: map[unsafe.Pointer]*condState{}, atomics: map[unsafe.Pointer]*atomicState{},
		Grace:       time.Second,
		listByEvery: 4096,
		log:         map[unsafe.Pointer]*acqLog{},
		lazy:        map[unsafe.Pointer]bool{},
		solo:        map[unsafe.Pointer]soloOps{},
		pending:     map[Point]pendingAcq{},
		byG:         map[uintptr]*G{},
		kick:        make(chan struct{}, 1),

		stopWatch: make(chan struct{}),
	}
	g := e.newG(nil, site)
	e.hbTick(g)
	g.gp, g.goid = getg(), goid()
	e.byG[g.gp] = g
	gh.e = e
	c := h.NewTask(root, site, g.ID)
	h.Spawn(root, c, site)
	g.segs = append(g.segs, c)
	e.cur = g
	h.SetCurrent(c)
	go e.watch()
	return e
}

func (e *Exec) newG(parent *G, site uint32) *G {
	g := &G{ID: len(e.gs) + 1, Parent: parent, Site: site, wake: make(chan struct{}, 1),
		born: int32(len(e.attempts)), blockFrom: -1, stepAt: -1, startAt: -1, clockFrom: -1}
	e.gs = append(e.gs, g)
	return g
}

// Hooks returns how many hooks entered the run so far: two runs of one
// test that made the same operations and accesses count the same
// (checker's exploreGo compares a test's run with its run alone).
func (e *Exec) Hooks() uint64 { return e.hooks }

// Current returns the running goroutine.
func (e *Exec) Current() *G { return e.cur }

// Goroutines returns every goroutine of the run, by id.
func (e *Exec) Goroutines() []*G { return e.gs }

// Choice returns the first construct of the run whose outcome could differ
// in another schedule, or nil when the run decides every schedule.
func (e *Exec) Choice() *Choice { return e.choice }

// Self returns an identity of the calling goroutine while it lives (the
// address of its descriptor where the architecture lets it be read
// cheaply), for a host that must tell its own goroutine from others.
func Self() uintptr { return getg() }

// Holds reports whether the calling goroutine holds the baton.
func (e *Exec) Holds() bool {
	g := e.cur
	return g != nil && g.gp == getg()
}

// InSegment reports whether t is the current segment of the goroutine
// holding the baton: false when it runs a task of the task library nested
// in its segment (a task.Run inside a goroutine), whose events the host
// records itself.
func (e *Exec) InSegment(t event.Task) bool {
	g := e.cur
	return g != nil && len(g.segs) > 0 && g.seg() == t
}

// Seg returns g's current segment.
func (g *G) seg() event.Task { return g.segs[len(g.segs)-1] }

// Parked reports whether g waits (and what for, in Waits and WaitAt).
func (g *G) Parked() bool { return g.state == gParked }

// note records a choice, keeping the first.
func (e *Exec) note(site uint32, format string, args ...any) {
	if e.choice == nil {
		e.choice = &Choice{What: fmt.Sprintf(format, args...), Site: site}
	}
}

// Note records that a construct at site could go another way in another
// schedule; the host calls it for what the executor does not see.
func (e *Exec) Note(site uint32, what string) { e.note(site, "%s", what) }

func (e *Exec) markEnded(t event.Task) {
	i := int(t) / 64
	for len(e.ended) <= i {
		e.ended = append(e.ended, 0)
	}
	e.ended[i] |= 1 << (t % 64)
}

func (e *Exec) isEnded(t event.Task) bool {
	i := int(t) / 64
	return i < len(e.ended) && e.ended[i]&(1<<(t%64)) != 0
}

// acquire joins the release segment r into the current segment. A segment
// that has not ended is an ancestor of the current one (see the package
// comment) and already precedes it.
func (e *Exec) acquire(r event.Task, site uint32) {
	if r == 0 || !e.isEnded(r) {
		return
	}
	e.h.Join(e.cur.seg(), r, site)
	e.hbAcquire(e.cur, r)
}

// release ends what the running goroutine did so far as a segment that a
// later acquire can join, and returns it: the rest of the goroutine runs
// in a child segment.
func (e *Exec) release(site uint32) event.Task {
	g := e.cur
	if g.roLock != nil {
		e.promoteRO(site)
	}
	s := g.seg()
	if !g.relSince { // before NewTask notes c's step (noteStep)
		g.relSince, g.relAt = true, int32(min(len(e.attempts), maxAttempts))
	}
	if g.pauseArmed {
		g.pauseArmed, g.pauseDue = false, true
	}
	c := e.h.NewTask(s, site, g.ID)
	e.h.Spawn(s, c, site)
	g.segs = append(g.segs, c)
	e.h.SetCurrent(c)
	e.hbRelease(g, s)
	return s
}

// endSegs ends g's open segments, newest first.
func (e *Exec) endSegs(g *G) {
	g.last = g.seg()
	e.hbRelease(g, g.last)
	for i := len(g.segs) - 1; i >= 0; i-- {
		e.h.End(g.segs[i])
		e.markEnded(g.segs[i])
	}
	g.segs = g.segs[:0]
}

// Go runs f as a new goroutine created at site by the running one, at once:
// the creator goes on when the new goroutine returns or waits.
func (e *Exec) Go(f func(), site uint32) {
	defer e.Exit(e.in(site))
	p := e.cur
	if p.roLock != nil {
		e.promoteRO(site)
	}
	s := p.seg()
	g := e.newG(p, site)
	e.hbSpawn(p, g)
	g.spawnK = p.acqs
	c := e.h.NewTask(s, site, g.ID)
	e.h.Spawn(s, c, site)
	g.segs = append(g.segs, c)
	g.from, g.first = s, c
	e.stack = append(e.stack, p)
	p.state = gSuspended
	e.cur = g
	e.h.SetCurrent(c)
	go e.body(g, f)
	e.waitOn(p.wake)
}

// body runs goroutine g's function on its own goroutine.
func (e *Exec) body(g *G, f func()) {
	e.lock()
	g.gp, g.goid = getg(), goid()
	e.byG[g.gp] = g
	e.startTurn(g)
	e.unlock()
	returned := false
	defer func() {
		// f returned, panicked, or called runtime.Goexit (which runs the
		// deferred calls as a return does, with no panic to recover).
		// Only the last two need a look at the stack (panicking walks
		// it), and a run may start tens of thousands of goroutines.
		if !returned {
			if e.OnPanic != nil {
				if v := recover(); v != nil {
					e.lock()
					e.OnPanic(g, v)
				}
			}
			if panicking() {
				// The panic ends the program, as it does without the
				// checker: the baton goes nowhere.
				return
			}
		}
		e.lock()
		defer e.unlock()
		delete(e.byG, g.gp)
		if g.state == gDetached || e.over {
			// It returned in code that was not rewritten after the
			// watchdog took the baton from it, or after the run.
			e.setDone(g)
			return
		}
		g.quiet = g.relChild != 0 && (g.seg() == g.rel || g.seg() == g.relChild) && g.hooks == g.relHooks
		g.empty = g.startSeg != 0 && g.seg() == g.startSeg && g.hooks == g.startHooks
		e.endSegs(g)
		e.endTurn(g)
		e.setDone(g)
		e.next(g)
	}()
	f()
	returned = true
}

// park makes the running goroutine g wait: its segments end, the baton goes
// to the goroutine that started or woke it, and park returns once another
// goroutine woke g.
func (e *Exec) park(g *G, waits string, site uint32) {
	if g.roLock != nil && g == e.cur {
		e.promoteRO(site)
	}
	g.Waits, g.WaitAt = waits, site
	if waits != "yield" && !g.clockWakes {
		g.blockFrom = int32(len(e.attempts))
	}
	if g.clockWakes {
		g.clockFrom = int32(len(e.attempts))
	}
	g.turnAcqs = g.acqs
	g.seq, g.passed = e.seq, false // for a yield: see readyFirst
	e.endSegs(g)
	g.state = gParked
	e.next(g)
	e.waitOn(g.wake)
	g.Waits, g.WaitAt = "", 0
	if msg := g.panicOn; msg != "" {
		g.panicOn = ""
		panic(plainError(msg))
	}
}

// plainError is a runtime-like panic value.
type plainError string

func (p plainError) Error() string { return string(p) }

// wake runs the parked goroutine g now, as a child of the running
// goroutine's current segment (the edge of the operation that lets it go
// on), and returns when g waits again or returns.
func (e *Exec) wake(g *G, site uint32) {
	h := e.cur
	e.wokeBefore(g)
	// h goes on the stack before g has the baton: g may park or return
	// at once, and hand the baton back through the stack.
	e.stack = append(e.stack, h)
	h.state = gSuspended
	e.resume(g, h.seg(), site)
	e.waitOn(h.wake)
}

// unblock ends g's span of attempts while it waited (enabled), as it
// goes on.
func (e *Exec) unblock(g *G) {
	if g.blockFrom >= 0 {
		g.blocked = append(g.blocked, [2]int32{g.blockFrom, int32(len(e.attempts))})
		g.blockFrom = -1
	}
	if g.clockFrom >= 0 {
		g.clockWaits = append(g.clockWaits, [2]int32{g.clockFrom, int32(len(e.attempts))})
		g.clockFrom = -1
	}
	g.clockWakes = false
}

// resumeAll is resume, g's next segment also joining every ended segment
// of the run (outside.go's acquireAll).
func (e *Exec) resumeAll(g *G, from event.Task, site uint32) {
	var segs []event.Task
	for _, o := range e.gs {
		if o != g && o.last != 0 && e.isEnded(o.last) {
			segs = append(segs, o.last)
		}
	}
	e.resumeJoining(g, from, segs, site)
}

// resume starts g's next segment as a child of from, joined with g's
// previous segment, and hands g the baton.
func (e *Exec) resume(g *G, from event.Task, site uint32) {
	if from != e.root {
		e.hbWake(e.cur, g)
	}
	c := e.h.NewTask(from, site, g.ID)
	e.h.Spawn(from, c, site)
	switch {
	case g.cut:
		// A worker's next iteration (pool.go): its previous segment is
		// joined when its loop ends, and its last segment is not one
		// that follows all it did (alone.go's empty).
		g.cut = false
		if g.last != 0 {
			g.poolSegs = append(g.poolSegs, g.last)
		}
		e.h.Join(c, g.pool.entry, site)
		g.startPrev = 0
	case g.last != 0:
		e.h.Join(c, g.last, site)
	}
	e.unblock(g)
	g.segs = append(g.segs[:0], c)
	g.state = gRunning
	g.lastSite = 0
	e.cur = g
	e.h.SetCurrent(c)
	g.wake <- struct{}{}
}

// next hands the baton on after g parked or returned: to the goroutine on
// top of the stack, or, when there is none, to a goroutine that code which
// was not rewritten lets go on, or to the sleeper whose time comes first.
// When no goroutine can go on, it reports a deadlock.
func (e *Exec) next(g *G) {
	if n := len(e.stack); n > 0 {
		h := e.stack[n-1]
		e.stack = e.stack[:n-1]
		h.state = gRunning
		e.cur = h
		e.h.SetCurrent(h.seg())
		h.wake <- struct{}{}
		return
	}
	for {
		// A goroutine that entered from outside the executor's control
		// (outside.go) goes on first: it was running.
		if len(e.outReady) > 0 {
			y := e.outReady[0]
			e.outReady = e.outReady[1:]
			e.h.SetCurrent(e.root)
			e.resume(y, e.root, y.WaitAt)
			return
		}
		// A goroutine that yielded goes on after the sleepers whose time
		// comes (a yield lets every other goroutine go first, and an
		// explored schedule yields so that another goroutine's operation
		// comes first, even one after a sleep), and before the end of the
		// run.
		if len(e.ready) > 0 && !e.turnFirst() {
			// Every goroutine that yielded waits for its turn: it may
			// be a late one's, or the one whose turn it is sleeps, or
			// waits for a timer, or cannot go on at all.
			if e.releaseLate() {
				continue
			}
			if handed, any := e.wakeDue(); handed {
				return
			} else if any {
				continue
			}
			e.diverge(e.ready[0].WaitAt)
		}
		e.promoteFree()
		if e.finisher == nil && !e.readyFirst() {
			if handed, any := e.wakeDue(); handed {
				return
			} else if any {
				continue
			}
		}
		if len(e.ready) > 0 {
			y := e.ready[0]
			e.ready = e.ready[1:]
			e.h.SetCurrent(e.root)
			e.resume(y, e.root, y.WaitAt)
			return
		}
		if f := e.finisher; f != nil {
			e.finisher = nil
			e.h.SetCurrent(e.root)
			e.resume(f, e.root, 0)
			return
		}
		if e.externalFor(e.Grace, e.graceBusy == 0) {
			e.graceBusy = 0
			return
		}
		if len(e.outReady) > 0 || e.outside || e.anyDetached() {
			// A goroutine outside the executor's control may still let
			// one go on (it may be waiting for the network, or for a
			// test that has not entered yet): the run waits, as the
			// program would, instead of reporting a deadlock.
			continue
		}
		if e.WaitBusy && e.graceBusy < maxGraceBusy && busyOutside(e.runGoids()) {
			// A goroutine that is not the run's, in code that was not
			// rewritten, can still act by itself (outside.go,
			// busyOutside): on a busy machine it may not have run yet.
			// One more grace, instead of a deadlock that depends on the
			// machine's speed.
			e.graceBusy++
			if e.onGraceBusy != nil {
				e.onGraceBusy()
			}
			continue
		}
		e.cur = nil
		e.over = true
		close(e.stopWatch)
		e.h.SetCurrent(e.root)
		e.h.Deadlock(e.Parked())
		return
	}
}

// Parked returns the goroutines that wait, when the run ends. A goroutine
// that yielded (explore.go) does not wait for anything: it was not
// scheduled again before the end.
func (e *Exec) Parked() []*G {
	var gs []*G
	for _, g := range e.gs {
		if g.state == gParked && g.Waits != "yield" {
			gs = append(gs, g)
		}
	}
	return gs
}

// End ends the run when goroutine 1 returns (main, or the test). The
// goroutines that can still go on without waiting for anything (those that
// handed the baton on, and those that yielded) run first, until each
// returns or waits: in some schedule they ran before goroutine 1 returned.
// Sleepers and goroutines that wait stay where they are.
func (e *Exec) End() {
	e.endLocked = e.in(0) // End leaves the executor held: see Release
	if g := e.cur; g != nil {
		e.endTurn(g)
	}
	if g := e.cur; g != nil && (len(e.stack) > 0 || len(e.ready) > 0) {
		e.finisher = g
		e.park(g, "the end of the run", 0)
	}
	if e.cur != nil && len(e.cur.segs) > 0 {
		e.endSegs(e.cur)
	}
	e.noteClockWaits()
	for i := len(e.stack) - 1; i >= 0; i-- {
		if g := e.stack[i]; len(g.segs) > 0 {
			e.endSegs(g) // it stays suspended: runnable, not waiting
		}
	}
	e.stack = nil
	e.cur = nil
	e.h.SetCurrent(e.root)
	if !e.over {
		e.over = true
		close(e.stopWatch)
	}
	// Goroutines that came from outside the executor's control and wait
	// for the baton go on unchecked.
	for _, g := range e.outReady {
		e.setDone(g)
		g.wake <- struct{}{}
	}
	e.outReady = nil
	if e.endLocked {
		// Its open section becomes a locked one, which Release ends:
		// goroutines that enter meanwhile wait on mu, and then find the
		// run over.
		e.inHook.Store(0)
		e.take(getg())
	}
}

// Release lets other goroutines enter the executor after End: they find
// the run over, and make their operations as the original code does.
func (e *Exec) Release() {
	if e.endLocked {
		e.endLocked = false
		e.unlock()
	}
}

// Sleep parks the running goroutine for d: see the package comment.
func (e *Exec) Sleep(d time.Duration, site uint32) {
	if d <= 0 {
		return
	}
	defer e.Exit(e.in(site))
	g := e.cur
	g.until = e.Now().Add(d)
	g.at = e.clock + d
	e.seq++
	g.seq = e.seq
	e.sleepers = append(e.sleepers, g)
	g.clockWakes = true
	e.park(g, "sleep", site)
}

// explore records that an object was acquired by two goroutines: the run
// is one order of acquisitions among others (explore.go). The first such
// object is kept for the verdict.
func (e *Exec) explore(site uint32, format string, args ...any) {
	e.explorable = true
	if e.firstOrder == nil {
		e.firstOrder = &Choice{What: fmt.Sprintf(format, args...), Site: site}
	}
}

// Order returns the first object that two goroutines acquired, or nil.
func (e *Exec) Order() *Choice { return e.firstOrder }

// Yield lets every other goroutine that can run go first (runtime.Gosched):
// the running goroutine parks as one that yielded, and goes on when no
// other can. Yielding synchronises nothing.
func (e *Exec) Yield(site uint32) { e.yield(site, false) }

// SpinYield is Yield after a failed poll of a loop whose iterations change
// nothing but what that poll reads (the rewriter's spin.go): the poll is
// marked as one whose repetition is a stutter (see Polling).
func (e *Exec) SpinYield(site uint32) { e.yield(site, true) }

func (e *Exec) yield(site uint32, stutter bool) {
	defer e.Exit(e.in(site))
	g := e.cur
	if e.finisher != nil && e.endPoll(g, "runtime.Gosched", site) {
		return
	}
	e.markPoll(g)
	if stutter {
		e.markStutter(g)
	}
	g.released = false
	e.ready = append(e.ready, g)
	g.polling = true
	e.park(g, "yield", site)
	g.polling = false
}

// Spin counts an iteration of a loop of the running goroutine that may
// spin on plain memory (the rewriter's spin.go), and every spinIters
// iterations since it last waited yields, as Yield does: a spinning loop
// then lets the goroutine it waits for run, as Go's scheduler would
// preempt it (see Preemption below).
func (e *Exec) Spin(site uint32) {
	defer e.Exit(e.in(site))
	g := e.cur
	if g.spins++; g.spins < spinIters {
		return
	}
	g.spins = 0
	e.Yield(site)
}

// spinIters is how many iterations a spinning loop makes before it yields.
const spinIters = 1024

// Polling.
//
// A goroutine that polls (a select statement that takes its default, a
// loop around runtime.Gosched) waits for another goroutine without
// blocking. Go's scheduler preempts it; the executor, which runs one
// goroutine until it waits, would run it for ever while the goroutine it
// waits for, suspended or yielded, never runs. So a select that takes its
// default yields afterwards (poll), when another goroutine can go on: the
// others run first, and the poll returns the default it took. A yield
// synchronises nothing, and the order it makes is one the program can
// take (the poller preempted right after its poll), so the run stays one
// of the program's schedules, and exploration reverses the poll with the
// operations that make it succeed as with any select.
//
// A goroutine that yielded as a poller counts as enabled (explore.go's
// enabled): a schedule may let its next poll come before the operation
// that would make it succeed, and fail again, as the scheduler may delay
// the other goroutine past any number of polls. A loop that polls a
// bounded number of times, `for i := 0; i < 3; i++ { select { case
// <-loaded: ...; default: } }`, and then reads what the other goroutine
// writes, races only in the schedule in which every poll fails. An
// unbounded loop would make that chain of schedules endless, each with one
// failed poll more: a schedule that lets a goroutine's poll come after
// maxFailedPolls failed polls of it in a row is not listed, and the run
// notes it (the verdict names the poll), as later iterations of a bounded
// loop could end it otherwise.
//
// Stutters. A loop that polls one atomic operation and does nothing else,
// `for atomic.LoadInt32(&s) != 1 { runtime.Gosched() }`, yields through
// SpinYield (the rewriter's spin.go argues which loops qualify), which
// marks its failed poll (markStutter). A next poll of the same object with
// no operation of another goroutine on it in between reads what the
// marked one read and fails again, changing nothing that any goroutine can
// observe: the exploration does not list schedules that only add such a
// poll (stutterCheck, explore.go), and notes nothing, since no outcome is
// left out. A poll after another goroutine's operation on the object is
// listed as any other, up to maxFailedPolls in a row.
//
// When goroutine 1 has returned, the run lets the goroutines that can go
// on run until they return or wait (End); a goroutine that polls then
// would keep the run from ending, where the program ends under it. After
// endPollMax polls it is left where it is, as the program leaves it when
// it exits, and the run says "this schedule only": later iterations of
// its loop could have come before the end and were not checked.

// endPollMax bounds the polls of a goroutine after goroutine 1 returned.
const endPollMax = 64

// Preemption. A goroutine may also wait for another by spinning on
// operations that succeed (`for sem.TryAcquire(1) { sem.Release(1) }`
// until another goroutine queues for the semaphore): nothing it does
// blocks, and run to the end it would spin for ever, its segments piling
// up. So a goroutine that attempted preemptAcqs synchronising operations
// since it last waited yields, when another goroutine can go on, as Go's
// scheduler would preempt it: an order the program can take, which
// synchronises nothing (see Polling above). After goroutine 1 returned, a
// goroutine that keeps going that long is left where it is, as endPoll
// leaves a poller.
const preemptAcqs = 4096

// preempt is called at each attempt of g (explore.go's attempt): see
// above.
func (e *Exec) preempt(g *G, site uint32) {
	if g.acqs-g.turnAcqs < preemptAcqs {
		return
	}
	if e.finisher != nil {
		e.note(site, "goroutine %d was still running synchronising operations, %d since it last waited, when goroutine 1 returned, and its later ones were not checked", g.ID, preemptAcqs)
		e.park(g, "yield", site)
		return
	}
	if len(e.stack) == 0 && len(e.ready) == 0 && len(e.outReady) == 0 {
		g.turnAcqs = g.acqs // no other goroutine can go on: a new turn
		return
	}
	g.released = false
	e.ready = append(e.ready, g)
	g.polling = true
	e.park(g, "yield", site)
	g.polling = false
}

// poll yields after a select statement of g took its default: see above.
func (e *Exec) poll(g *G, site uint32) {
	if e.finisher != nil {
		e.endPoll(g, "a select statement that took its default", site)
		return
	}
	e.markPoll(g)
	if len(e.stack) == 0 && len(e.ready) == 0 && len(e.outReady) == 0 {
		return // no other goroutine can go on
	}
	g.released = false
	e.ready = append(e.ready, g)
	g.polling = true
	e.park(g, "yield", site)
	g.polling = false
}

// markPoll records that g's latest attempt was a poll that failed (a
// select statement that took its default, an atomic load or any attempt
// followed by runtime.Gosched): see Polling above.
func (e *Exec) markPoll(g *G) {
	if len(g.attAt) == 0 || len(g.attAt) < g.acqs {
		return // past maxAttempts
	}
	i := int(g.attAt[len(g.attAt)-1])
	for len(e.polled) <= i/64 {
		e.polled = append(e.polled, 0)
	}
	e.polled[i/64] |= 1 << (i % 64)
}

// markStutter records that g's latest attempt, a failed poll, is one that
// a next poll of the same object repeats unchanged unless another
// goroutine operates on the object in between (Polling: stutters).
func (e *Exec) markStutter(g *G) {
	if len(g.attAt) == 0 || len(g.attAt) < g.acqs {
		return
	}
	i := int(g.attAt[len(g.attAt)-1])
	for len(e.stutters) <= i/64 {
		e.stutters = append(e.stutters, 0)
	}
	e.stutters[i/64] |= 1 << (i % 64)
}

// isStutter reports whether attempt i was marked by markStutter.
func (e *Exec) isStutter(i int) bool {
	return i >= 0 && i/64 < len(e.stutters) && e.stutters[i/64]&(1<<(i%64)) != 0
}

// failedPolls returns how many of goroutine g's attempts before the i-th
// of the run, counting back from its latest one, were failed polls in a
// row (markPoll), counting up to maxFailedPolls.
func (e *Exec) failedPolls(g *G, i int) int {
	// attAt is in increasing order: start at g's latest attempt before i
	// (Alternatives asks for every reversal of g's operations).
	k, _ := slices.BinarySearch(g.attAt, int32(i))
	n := 0
	for k--; k >= 0 && n < maxFailedPolls; k-- {
		j := int(g.attAt[k])
		if j/64 >= len(e.polled) || e.polled[j/64]&(1<<(j%64)) == 0 {
			break
		}
		n++
	}
	return n
}

// maxFailedPolls bounds the failed polls in a row of one goroutine that a
// schedule lets come before another goroutine's operation: see Polling.
const maxFailedPolls = 8

// endPoll counts a poll of g after goroutine 1 returned, and, past
// endPollMax, leaves g parked for good and reports true (it never
// returns then, as the program's exit would not let g go on).
func (e *Exec) endPoll(g *G, what string, site uint32) bool {
	if g.endPolls++; g.endPolls <= endPollMax {
		return false
	}
	e.note(site, "goroutine %d was still polling (%s) when goroutine 1 returned, and its later iterations were not checked", g.ID, what)
	e.park(g, "yield", site)
	return true
}
