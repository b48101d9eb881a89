package goexec

import (
	"bytes"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"
)

// Goroutines outside the executor's control.
//
// The executor hands one baton from goroutine to goroutine, but two kinds
// of goroutine run rewritten code without holding it:
//
//   - a goroutine that the checked program did not start, entering its
//     code from code that was not rewritten: the connection goroutines of
//     net/http's server calling a handler, the runtime's finalizer and
//     cleanup goroutines, os/signal, a library's worker pool;
//   - a goroutine of the run that went into code that was not rewritten
//     and waits there (for the network, a pipe, a lock or channel of the
//     library, a real sleep) while holding the baton. Nothing the executor
//     controls would ever let it go on when what it waits for is one of
//     the run's other goroutines (the server goroutine of `go
//     http.Serve(l, h)` waits in Accept for the client that goroutine 1
//     has not run yet), so a watchdog takes the baton from it: when the
//     holder entered no hook for two ticks (for a system call, two
//     seconds: see watchSyscall), and its stack shows it blocked in code
//     outside the checker, its segments end, it is detached, and
//     the baton goes on as if it had parked.
//
// Both are serialised with the controlled goroutines, not run beside them:
// every hook enters the executor (Enter), one at a time, and a goroutine
// that enters without holding the baton (a detached goroutine coming back,
// or one the executor never saw, which it adopts as a new goroutine of the
// run) queues for it, and goes on when the goroutines that can run have
// parked. Every hook therefore still runs with the baton, the detector
// still sees the events of one goroutine at a time in depth-first order,
// and a goroutine blocked outside never holds up the others: the run cannot
// hang where the program would not.
//
// The edges: what such a goroutine synchronises through rewritten code
// (a channel, a mutex, a WaitGroup) gives the edges of the memory model,
// as for any goroutine. What it synchronised through code that was not
// rewritten (a request written to a socket, a finalizer queued by the
// collector) is not seen, and is approximated as Go's race detector does:
// when such a goroutine takes the baton it acquires every ended segment of
// the run (the race detector's finalizer goroutine acquires every
// goroutine's clock; a read from the kernel acquires every earlier write
// to it). Races that such an edge hides are not reported, as the race
// detector does not report them; races among the controlled goroutines
// keep their edges. The schedule of these goroutines is the real one, so
// the run's verdict is "this schedule only", naming the first of them.

// Sections: entering the executor without its lock.
//
// Executor code (the work of a hook, the start and end of a goroutine's
// body, the watchdog's look at the holder of the baton) runs in sections,
// of two kinds:
//
//   - a locked section holds mu, between take and give: the slow path of
//     Enter, lock and unlock, and the watchdog;
//   - an open section is run by the goroutine that holds the baton,
//     without mu: every hook it enters, once it held the baton when it
//     entered (the fast path of Enter, or the slow path's end, open).
//
// Two words of sync/atomic, besides mu, keep them apart:
//
//   - inHook names the goroutine in an open section (getg), 0 when there
//     is none. It is set only by a CompareAndSwap from 0, and set back to
//     0 only by the goroutine it names (Exit, and leave for a wait).
//   - fast names the goroutine that may try the fast path: give sets it
//     to the holder of the baton when that one may run (it is running,
//     the executor is not idle, the run is not over), and take sets it to
//     0. It is written only with mu held. It is a hint, which spares the
//     other goroutines a CompareAndSwap: inside its section the fast path
//     checks what the slow path checks.
//
// Enter's fast path: load fast and find me (getg); CompareAndSwap inHook
// from 0 to me; load fast again and find me; then, inside the section,
// check that me is the current goroutine (its descriptor and its id),
// running, and that the executor is neither idle nor over. When a check
// fails after the CompareAndSwap, it stores 0 in inHook and takes the slow
// path. Exit stores 0 in inHook. The holder of the baton thus enters and
// leaves with one uncontended CompareAndSwap, one store and two loads of
// atomics. take locks mu, stores 0 in fast, and waits until inHook is 0.
//
// No two sections overlap. Two locked sections exclude each other by mu,
// two open ones by inHook's CompareAndSwap. Suppose a locked section of T
// overlaps an open section of H. The atomic operations of sync/atomic are
// sequentially consistent (https://go.dev/ref/mem): they fall in one total
// order, consistent with each goroutine's program order, and a load sees
// the latest store before it in that order. T's store of 0 in fast comes
// before its load of inHook that saw 0. H's CompareAndSwap cannot come
// before that load: inHook names H from the CompareAndSwap until H's
// section ends, and no one else writes it meanwhile (a CompareAndSwap from
// 0 fails). So H's CompareAndSwap, and its load of fast after it, come
// after T's store of 0 in fast; fast is written only with mu held, so
// only T writes it until T's give, and H's load sees 0, not H: H does not
// enter. A section sees what every earlier section did: between two
// sections there is an unlock and lock of mu, or a store and a load of
// inHook or fast, the later seeing the earlier's value (the load of fast
// that sees H sees a give after every earlier locked section), and these
// synchronise.
//
// A goroutine detached by the watchdog cannot act on a stale baton. The
// watchdog looks at the holder, and detaches it, in a locked section: no
// open section runs, so the holder is not inside a hook (a hook that runs
// the program's code, userCode, leaves its section first). Detaching makes
// another goroutine current, or the executor idle, before the watchdog's
// give. When the detached goroutine enters again, even if its fast path
// got past the CompareAndSwap, its check of the current goroutine, made
// inside the section, fails: it takes the slow path, which queues it for
// the baton (enterOutside). userCode takes the same care when the
// program's code it ran returns.
//
// take waits by yielding, then by sleeping 50µs at a time: open sections
// are short (a hook's work, up to its next wait), and locked sections are
// rare (a goroutine's start and end, the hand-off of the baton, goroutines
// from outside). The watchdog does not wait: finding an open section, it
// puts fast back as it was and counts the holder as busy, as it did when it
// found the lock held.
//
// A section that waits (for the baton, waitOn; for code that was not
// rewritten, external; for the program's code, userCode) leaves it and
// takes a section of the same kind when it goes on (leave and back). A
// goroutine already in a section that enters again (a hook called by the
// executor's code, or while End holds the executor) enters no new one.

// Enter makes the calling goroutine the one that runs the executor's code:
// every hook of a checked run calls it before anything else, and Exit with
// its first result once done. It reports false as its second result when
// the run is over (the hook then makes its operation as the original code
// does). A goroutine that enters without holding the baton waits for it,
// as described above.
func (e *Exec) Enter(site uint32) (locked, ok bool) {
	p := getgp()
	me := gOf(p)
	if e.fast.Load() == me && e.inHook.CompareAndSwap(0, me) {
		if e.fast.Load() == me {
			if g := e.cur; g != nil && g.isAt(me, p) && g.state == gRunning && !e.idle && !e.over {
				e.hooks++
				g.hooks++
				g.lastSite = site
				return true, true
			}
		}
		e.inHook.Store(0)
	}
	return e.enterSlow(me, site)
}

// is reports whether g is the calling goroutine, whose getg is me. The
// runtime gives the descriptor of a goroutine that returned to one it
// starts later, so the address may name a goroutine that began after g
// ended (one from outside that returned holding the baton, and the next
// one its server starts): the ids tell them apart.
func (g *G) is(me uintptr) bool { return g.isAt(me, getgp()) }

// isAt is is, given the calling goroutine's descriptor too (getgp).
func (g *G) isAt(me uintptr, p unsafe.Pointer) bool {
	return g.gp == me && (!getgIsDescriptor || g.goid == goidAt(p))
}

// enterSlow is Enter for a goroutine that is already in a section (it
// enters no other), or whose fast path failed: it takes a locked section,
// waits for the baton when it does not hold it, and turns the section into
// an open one.
func (e *Exec) enterSlow(me uintptr, site uint32) (locked, ok bool) {
	if e.inHook.Load() == me || e.muOwner.Load() == me {
		return false, true
	}
	e.take(me)
	if e.over {
		e.give()
		return false, false
	}
	e.hooks++
	if g := e.cur; g != nil && g.is(me) && !e.idle {
		g.hooks++
		g.lastSite = site
	} else {
		e.enterOutside(me, site)
		if g := e.cur; g != nil {
			g.hooks++ // taken in: its hook counts (alone.go)
		}
	}
	e.open(me)
	return true, true
}

// Exit ends what Enter began; locked is Enter's first result.
func (e *Exec) Exit(locked bool) {
	if locked {
		if g := e.cur; g != nil && g.pauseDue {
			e.pauseTurn(g) // a release's pause (start.go), once its hook is done
		}
		e.inHook.Store(0)
	}
}

// in is Enter for the executor's own methods, which the hooks call
// after Enter (so that it only checks) and tests call directly.
func (e *Exec) in(site uint32) bool {
	l, _ := e.Enter(site)
	return l
}

// take begins a locked section: it locks mu, takes the fast path from
// the holder of the baton, and waits until no open section runs.
func (e *Exec) take(me uintptr) {
	e.mu.Lock()
	e.muOwner.Store(me)
	e.fast.Store(0)
	for i := 0; e.inHook.Load() != 0; i++ {
		// Open sections are short: a hook's work, up to its next wait.
		if i < 100 {
			runtime.Gosched()
		} else {
			time.Sleep(50 * time.Microsecond)
		}
	}
}

// give ends a locked section, giving the fast path to the holder of the
// baton when it may run.
func (e *Exec) give() {
	if g := e.cur; g != nil && g.gp != 0 && g.state == gRunning && !e.idle && !e.over {
		e.fast.Store(g.gp)
	}
	e.muOwner.Store(0)
	e.mu.Unlock()
}

// open turns the calling goroutine's locked section into an open one.
func (e *Exec) open(me uintptr) {
	// A fast path that passed its CompareAndSwap meanwhile finds fast 0,
	// and backs off at once.
	for !e.inHook.CompareAndSwap(0, me) {
		runtime.Gosched()
	}
	e.give()
}

// hold is the kind of section a goroutine is in.
type hold uint8

const (
	holdNone   hold = iota // in none: a test driving the executor directly
	holdOpen               // an open section (inHook)
	holdLocked             // a locked section (mu)
)

// leave ends the calling goroutine's section before it waits, and returns
// what back needs to take one of the same kind again.
func (e *Exec) leave() (uintptr, hold) {
	me := getg()
	switch me {
	case e.inHook.Load():
		e.inHook.Store(0)
		return me, holdOpen
	case e.muOwner.Load():
		e.give()
		return me, holdLocked
	}
	return me, holdNone
}

// back takes again the section that leave ended.
func (e *Exec) back(me uintptr, h hold) {
	switch h {
	case holdOpen:
		e.take(me)
		e.open(me)
	case holdLocked:
		e.take(me)
	}
}

// lock and unlock take and release the executor for code that is not a
// hook (the start and end of a goroutine's body) in a locked section.
func (e *Exec) lock() {
	me := getg()
	if e.inHook.Load() == me {
		// A panic left a hook's section open (the hook did not Exit):
		// the goroutine's end takes over.
		e.inHook.Store(0)
	}
	e.take(me)
}

func (e *Exec) unlock() { e.give() }

// userCode runs f, the program's code called by a hook at site (the
// function a Once runs), outside the executor, so that f's hooks enter as
// any others and the watchdog sees f if it blocks outside. When the
// watchdog took the baton from the goroutine meanwhile, it waits for it
// again (enterOutside) before it goes on.
func (e *Exec) userCode(f func(), site uint32) {
	me, h := e.leave()
	if h == holdNone {
		f()
		return
	}
	defer func() {
		e.take(me)
		if g := e.cur; !e.over && (g == nil || !g.is(me) || e.idle) {
			e.enterOutside(me, site)
			if g := e.cur; g != nil {
				g.hooks++ // taken in: its hook counts (alone.go)
			}
		}
		if h == holdOpen {
			e.open(me)
		}
	}()
	f()
}

// waitOn blocks on ch outside the executor, and enters it again: the
// baton's hand-offs. A caller that did not enter (a test driving the
// executor directly from a goroutine the executor started) only waits.
func (e *Exec) waitOn(ch chan struct{}) {
	me, h := e.leave()
	<-ch
	e.back(me, h)
}

// enterOutside makes the calling goroutine, which entered without the
// baton, wait for it: a detached goroutine of the run comes back, and any
// other is adopted as a new goroutine. It returns holding the lock and
// the baton.
func (e *Exec) enterOutside(me uintptr, site uint32) {
	id := goid()
	g := e.byG[me]
	if g == nil || g.goid != id || g.state != gDetached {
		g = e.newG(nil, site)
		g.gp, g.goid, g.adopted = me, id, true
		g.Created = createdBy()
		e.byG[me] = g
		if !byTesting(g.Created) {
			what := "a goroutine not started by the checked program"
			if g.Created != "" {
				what += " (" + g.Created + ")"
			}
			e.note(site, "%s ran rewritten code", what)
			e.outside = true
		}
	}
	g.state = gParked
	g.Waits, g.WaitAt = "its turn after running outside the checked program", site
	e.outReady = append(e.outReady, g)
	select {
	case e.kick <- struct{}{}:
	default:
	}
	e.waitOn(g.wake)
	g.Waits, g.WaitAt = "", 0
	// What it waited for outside, or what started it, may be anything
	// that ran so far: it acquires every ended segment (see above), or,
	// for a parallel subtest that goes on, its group's (parallel.go).
	e.takenIn(g, site)
}

// acquireAll joins every ended segment of the run into g's current
// segment: what code that was not rewritten let g see may come from any
// of them (see above).
func (e *Exec) acquireAll(g *G, site uint32) {
	for _, o := range e.gs {
		if o != g && o.last != 0 && e.isEnded(o.last) {
			e.h.Join(g.seg(), o.last, site)
		}
	}
}

// NoteFrom records, from any goroutine, that a construct at site could go
// another way in another schedule (Note is for the goroutine that holds
// the baton).
func (e *Exec) NoteFrom(site uint32, what string) {
	if me := getg(); e.inHook.Load() == me || e.muOwner.Load() == me {
		e.note(site, "%s", what)
		return
	}
	e.lock()
	e.note(site, "%s", what)
	e.outside = true
	e.unlock()
}

// anyDetached reports whether a goroutine of the run waits in code that
// was not rewritten: it may come back.
func (e *Exec) anyDetached() bool {
	for _, g := range e.gs {
		if g.state == gDetached {
			return true
		}
	}
	return false
}

// byTesting reports whether a goroutine was started by package testing
// (a test, a subtest), or waits in testing for a test or subtest to end,
// as described by createdBy or holderState. The order of such goroutines
// is the program's, not a schedule's: they leave the verdict as it is, and
// a run in which no goroutine can go on while one of them waits is
// deadlocked. A test that calls Parallel is not: its wait is noted, unless
// the rewritten t.Parallel announced it (parallel.go).
func byTesting(desc string) bool {
	desc = strings.TrimPrefix(desc, "started by ")
	return strings.HasPrefix(desc, "testing.") && !strings.HasPrefix(desc, "testing.(*T).Parallel")
}

// createdBy describes the function that started the calling goroutine,
// from its stack: "created by net/http.(*Server).Serve", or the
// finalizer or cleanup it runs.
func createdBy() string {
	buf := make([]byte, 16<<10)
	buf = buf[:runtime.Stack(buf, false)]
	s := string(buf)
	switch {
	case strings.Contains(s, "runtime.runFinalizers") || strings.Contains(s, "runtime.runfinq"):
		return "a finalizer set by runtime.SetFinalizer"
	case strings.Contains(s, "runtime.(*cleanupQueue)") || strings.Contains(s, "runtime.runCleanups"):
		return "a cleanup added by runtime.AddCleanup"
	}
	i := strings.LastIndex(s, "\ncreated by ")
	if i < 0 {
		return ""
	}
	line := s[i+len("\ncreated by "):]
	if j := strings.IndexByte(line, '\n'); j >= 0 {
		line = line[:j]
	}
	if j := strings.Index(line, " in goroutine"); j >= 0 {
		line = line[:j]
	}
	return "started by " + line
}

// goid returns the id of the calling goroutine.
func goid() uint64 { return goidAt(getgp()) }

// goidAt is goid, given the calling goroutine's descriptor (getgp), which
// spares the hooks a second call of getgp.
func goidAt(p unsafe.Pointer) uint64 {
	goidOnce.Do(calibrateGoid)
	if goidOff > 0 {
		return *(*uint64)(unsafe.Add(p, goidOff))
	}
	return stackGoid()
}

var (
	goidOnce sync.Once
	goidOff  uintptr // the offset of the id in the runtime's goroutine descriptor, 0 when unknown
)

// calibrateGoid finds where the runtime keeps a goroutine's id in its
// descriptor, by comparing the words of the descriptors of two goroutines
// with their ids from their stack traces: only an offset that holds both
// ids is taken, and the stack trace is read when none does.
func calibrateGoid() {
	if !getgIsDescriptor {
		return
	}
	type probe struct {
		g  unsafe.Pointer
		id uint64
	}
	here := probe{getgp(), stackGoid()}
	ch := make(chan probe)
	go func() { ch <- probe{getgp(), stackGoid()} }()
	there := <-ch
	for off := uintptr(8); off < 512; off += 8 {
		if *(*uint64)(unsafe.Add(here.g, off)) == here.id &&
			*(*uint64)(unsafe.Add(there.g, off)) == there.id {
			goidOff = off
			return
		}
	}
}

// stackGoid returns the id of the calling goroutine, from the header of its
// stack trace.
func stackGoid() uint64 {
	var buf [64]byte
	b := buf[:runtime.Stack(buf[:], false)]
	b = bytes.TrimPrefix(b, []byte("goroutine "))
	i := 0
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	n, _ := strconv.ParseUint(string(b[:i]), 10, 64)
	return n
}

// Outside reports whether a goroutine ran outside the executor's control
// in this run (see above): its schedule was the real one, and exploring
// other orders would not reproduce it.
func (e *Exec) Outside() bool { return e.outside }

// The watchdog's ticks: it looks at the holder of the baton when a tick
// saw no hook, and backs off, up to the longest tick, while the holder
// computes.
const (
	watchTick    = time.Millisecond
	watchMaxTick = 50 * time.Millisecond
)

// watchSyscall is how long the holder of the baton must stay in one
// system call before the watchdog takes the baton from it. A goroutine in
// a system call is almost always waiting for the kernel alone (a write to
// standard output, a read of a file), which goes on by itself; only a
// blocking read of a pipe or terminal may wait for another goroutine of
// the run. Ticks would mistake a write delayed by a busy machine for such
// a wait, and detaching costs the run its "every schedule" verdict, so a
// system call is given far longer than any delay of the machine. The
// time is counted twice, and both must have passed: on the wall clock, and
// in the watchdog's own ticks (watchSyscallTicks, as many as watchSyscall
// takes at the longest tick). A machine so busy that it stops the whole
// process for seconds stops the watchdog too, so that such a pause counts
// as one tick, not as seconds of waiting.
const watchSyscall = 2 * time.Second

// watchSyscallTicks is the number of ticks that must see the holder in its
// system call before the watchdog takes the baton from it.
const watchSyscallTicks = int(watchSyscall / watchMaxTick)

// watchNow, when set, is the watchdog's clock instead of time.Now: a test
// makes each reading later than the last by more than watchSyscall, as a
// machine that stops the process between two ticks does.
var watchNow atomic.Pointer[func() time.Time]

// watchTime reads the watchdog's clock.
func watchTime() time.Time {
	if f := watchNow.Load(); f != nil {
		return (*f)()
	}
	return time.Now()
}

// watch is the watchdog of the run: see above. It ends with the run.
func (e *Exec) watch() {
	tick := watchTick
	var seen uint64
	quiet := 0
	var inSyscall time.Time // when the holder was first seen in its system call
	syscallTicks := 0       // the ticks that saw it there since
	t := time.NewTimer(tick)
	defer t.Stop()
	for {
		select {
		case <-e.stopWatch:
			return
		case <-t.C:
		}
		t.Reset(tick)
		if !e.mu.TryLock() {
			quiet = 0
			continue
		}
		e.muOwner.Store(getg())
		old := e.fast.Swap(0)
		if e.inHook.Load() != 0 {
			// The holder is inside a hook (see take): not quiet, and not
			// to be detached. The fast path goes back as it was.
			e.fast.Store(old)
			e.muOwner.Store(0)
			e.mu.Unlock()
			quiet = 0
			continue
		}
		if e.over {
			e.unlock()
			return
		}
		h := e.cur
		if e.idle || h == nil || h.gp == 0 || h.state != gRunning || e.hooks != seen {
			seen, quiet = e.hooks, 0
			e.unlock()
			continue
		}
		if quiet++; quiet < 2 {
			inSyscall = time.Time{}
			e.unlock()
			continue
		}
		state, where := holderState(h.goid)
		if state == holderSyscall {
			if inSyscall.IsZero() {
				inSyscall, syscallTicks = watchTime(), 0
			}
			if syscallTicks++; watchTime().Sub(inSyscall) < watchSyscall || syscallTicks < watchSyscallTicks {
				state = holderRunning
			} else {
				state = holderBlocked
			}
		} else {
			inSyscall = time.Time{}
		}
		switch state {
		case holderBlocked:
			e.detach(h, where)
			quiet, tick = 0, watchTick
		case holderGone:
			e.detach(h, "")
			quiet, tick = 0, watchTick
		default:
			if tick *= 2; tick > watchMaxTick {
				tick = watchMaxTick
			}
		}
		e.unlock()
	}
}

// detach takes the baton from the goroutine h, blocked in code that was
// not rewritten at where (or gone, where ""), and hands it on.
func (e *Exec) detach(h *G, where string) {
	if where != "" && !byTesting(where) && !(h.parPaused && strings.HasPrefix(where, "testing.(*T).Parallel")) {
		e.outside = true
		site := h.lastSite
		if site == 0 {
			site = h.Site
		}
		e.note(site, "goroutine %d waited in %s, which was not rewritten, after the operation", h.ID, where)
	}
	e.detaches++
	e.endSegs(h)
	h.state = gDetached
	if where == "" {
		e.setDone(h)
		delete(e.byG, h.gp)
	}
	h.Waits = "code that was not rewritten"
	e.next(h)
}

type holderKind uint8

const (
	holderRunning holderKind = iota
	holderBlocked
	holderSyscall // blocked in a system call, at where
	holderGone
)

// holderState reads the state of goroutine id from the stacks of every
// goroutine: blocked in code outside the checker (and where), in a system
// call there, running or runnable, or gone. A goroutine whose innermost frame outside the runtime
// is the checker's own counts as running: the checker lets it go on.
func holderState(id uint64) (holderKind, string) {
	buf := allStacks()
	head := []byte("goroutine " + strconv.FormatUint(id, 10) + " [")
	i := bytes.Index(buf, head)
	for i > 0 && buf[i-1] != '\n' {
		j := bytes.Index(buf[i+1:], head)
		if j < 0 {
			i = -1
			break
		}
		i += 1 + j
	}
	if i < 0 {
		return holderGone, ""
	}
	block := buf[i:]
	if j := bytes.Index(block, []byte("\n\n")); j >= 0 {
		block = block[:j]
	}
	lines := strings.Split(string(block), "\n")
	state := strings.TrimPrefix(lines[0], string(head))
	if j := strings.IndexAny(state, ",]"); j >= 0 {
		state = state[:j]
	}
	if state == "running" || state == "runnable" || runtimeWait(state) {
		return holderRunning, ""
	}
	kind := holderBlocked
	if state == "syscall" {
		kind = holderSyscall
	}
	// The frames, innermost first: a function line, then its file line.
	var callee string
	for k := 1; k+1 < len(lines); k += 2 {
		fn := lines[k]
		if strings.HasPrefix(fn, "created by ") {
			break
		}
		if j := strings.LastIndexByte(fn, '('); j > 0 {
			fn = fn[:j]
		}
		file := strings.TrimSpace(lines[k+1])
		if j := strings.LastIndex(file, " +0x"); j >= 0 {
			file = file[:j]
		}
		switch {
		case selfCompleting(fn):
			// It waits for the runtime, which needs no other goroutine
			// (runtime.GC): it goes on by itself.
			return holderRunning, ""
		case strings.HasPrefix(fn, "runtime.") || strings.HasPrefix(fn, "internal/"):
			continue
		case strings.HasPrefix(fn, "github.com/tpinstr/tpinstr/rt") && !strings.HasSuffix(strings.SplitN(file, ":", 2)[0], "_test.go"):
			if strings.HasPrefix(callee, "testing.(*T).Parallel") {
				// The rewritten t.Parallel waits in package testing
				// (parallel.go).
				return kind, callee
			}
			return holderRunning, ""
		case inStd(file):
			callee = fn
			continue
		}
		if callee == "" {
			// Blocked in the runtime called from the program's code
			// outside any hook (a select the rewriter left as it was),
			// or in a dependency that was not rewritten.
			return kind, fn
		}
		return kind, callee
	}
	if callee == "" {
		callee = "the runtime"
	}
	return kind, callee
}

// runtimeWait reports whether state, a goroutine's state in a stack trace
// (a wait reason of runtime2.go), is a wait for the runtime alone, the
// collector or the scheduler: the goroutine goes on by itself however long
// a busy machine makes it wait.
func runtimeWait(state string) bool {
	switch state {
	case "copystack", "preempted", "stopping the world",
		"GC assist marking", "GC assist wait", "GC sweep wait",
		"GC scavenge wait", "GC mark termination", "GC weak to strong wait",
		"garbage collection", "garbage collection scan", "wait for GC cycle",
		"flushing proc caches", "dumping heap", "debug call",
		"trace goroutine status", "trace proc status", "page trace flush":
		return true
	}
	return false
}

// selfCompleting reports whether fn is a function of the runtime that a
// goroutine may wait in without waiting for another goroutine.
func selfCompleting(fn string) bool {
	switch fn {
	case "runtime.GC", "runtime.ReadMemStats", "runtime/debug.FreeOSMemory", "runtime.Stack":
		return true
	}
	return false
}

// inStd reports whether file is a source file of the standard library.
func inStd(file string) bool {
	root := runtime.GOROOT()
	if root == "" {
		return false
	}
	return strings.HasPrefix(file, filepath.ToSlash(filepath.Join(root, "src"))+"/")
}

// shortPos shortens /dir/file.go:12 to file.go:12.
func shortPos(pos string) string { return filepath.Base(pos) }

// maxGraceBusy is how many graces more a run in which no goroutine can go
// on waits, at most, while a goroutine outside it is busy (busyOutside),
// before it reports the deadlock.
const maxGraceBusy = 10

// runGoids returns the ids of the run's goroutines and of the calling one.
func (e *Exec) runGoids() map[uint64]bool {
	ids := map[uint64]bool{goid(): true}
	for _, g := range e.byG {
		ids[g.goid] = true
	}
	return ids
}

// busyOutside reports whether a goroutine whose id is not in skip, and
// which runs code of the program or of a library (not the runtime's own
// goroutines), can still act by itself: it runs or is runnable, is in a
// system call, sleeps, waits for the network, or waits for the runtime
// alone. Such a goroutine, in code that was not rewritten, may still
// complete a channel operation that a goroutine of the run waits for, or
// enter rewritten code; on a busy machine it may just not have run yet.
// A goroutine blocked on a channel, a select or a lock is not: it goes on
// only if another one acts; nor is one inside the checker (entering a
// run, or left waiting by one that ended).
func busyOutside(skip map[uint64]bool) bool {
	buf := allStacks()
	for _, block := range strings.Split(string(buf), "\n\n") {
		lines := strings.Split(block, "\n")
		head, ok := strings.CutPrefix(lines[0], "goroutine ")
		if !ok {
			continue
		}
		idText, state, ok := strings.Cut(head, " [")
		if !ok {
			continue
		}
		id, err := strconv.ParseUint(idText, 10, 64)
		if err != nil || skip[id] {
			continue
		}
		if j := strings.IndexAny(state, ",]"); j >= 0 {
			state = state[:j]
		}
		switch {
		case state == "running", state == "runnable", state == "syscall", state == "sleep", state == "IO wait", runtimeWait(state):
		default:
			continue
		}
		program := false
		for k := 1; k < len(lines); k += 2 {
			fn := lines[k]
			if strings.HasPrefix(fn, "created by ") {
				break
			}
			file := ""
			if k+1 < len(lines) {
				file, _, _ = strings.Cut(strings.TrimSpace(lines[k+1]), ":")
			}
			if strings.HasPrefix(fn, "github.com/tpinstr/tpinstr/rt/") && !strings.HasSuffix(file, "_test.go") {
				program = false // the checker's own: a watchdog, a run's end, a goroutine entering a run
				break
			}
			if !strings.HasPrefix(fn, "runtime.") && !strings.HasPrefix(fn, "internal/") {
				program = true
			}
		}
		if program {
			return true // a goroutine of the program or of a library
		}
	}
	return false
}

// allStacks returns the stack traces of every goroutine (runtime.Stack).
func allStacks() []byte {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			return buf[:n]
		}
		buf = make([]byte, 2*len(buf))
	}
}
