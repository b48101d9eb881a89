package goexec

import (
	"slices"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// Synchronisation that the standard library makes without a type of
// package sync, modelled as Go's race detector models it: a release that
// merges (race.ReleaseMerge) into a sync variable and an acquire
// (race.Acquire) of everything released into it so far.
//
//   - sync.Pool: Put(x) releases into the variable of the object x (the
//     data word of the interface: the pointer of a pointer-shaped value,
//     the box of another), and a Get that returns x acquires it
//     (sync/pool.go in -race builds, which hashes the word into one of
//     128 variables; here each word has its own). A Get that returns a
//     new object (New, or nil) acquires nothing. Which object a real Get
//     returns depends on the processor each goroutine ran on and on the
//     collector, which the run does not control; so the run keeps the
//     objects Put during it itself (libState.free, last in first out)
//     and never gives them to the real pool. A Get returns the last one
//     Put and not gotten since, or, when there is none, what the real
//     pool returns (New's object, nil, or an object Put before the run).
//     sync.Pool's documentation lets Get ignore the pool and return a
//     new object anyway, which loses the Put's edge and may show a race
//     that the edge hid, and a real Get may return any object Put on its
//     processor (the private one first, then the shared ones): a Get that
//     had objects to return is a choice of one of them (the last one Put
//     first) or a new one, explored as the cases of a select statement
//     are (Point.C), up to maxPoolChoices objects. Put and Get are logged
//     as operations on the pool, so that the orders of two goroutines'
//     Puts and Gets are explored: which object a Get returns depends on
//     them. With both, a run's outcome depends on its order of
//     operations and its choices only.
//   - File I/O: the race detector's ioSync, one variable of the whole
//     program, which write-like system calls release into and read-like
//     ones acquire (syscall.Write and Read, Pwrite and Pread). Which
//     write a read sees depends on the real schedule and on the file
//     system, which the run does not control: a run in which file I/O
//     of one goroutine may have seen, or missed, another goroutine's
//     says "this schedule only", naming the first such operation.

// syncVar is one sync variable: the last release of each goroutine that
// released into it (a goroutine's later release follows its earlier ones
// in program order, so it stands for them).
type syncVar struct {
	rel map[int]event.Task
}

// ioSync is the key of the run-wide variable of file I/O.
var ioSync byte

// libState is the state of a run's sync variables.
type libState struct {
	vars   map[unsafe.Pointer]*syncVar
	pools  map[unsafe.Pointer]int          // the goroutine that used a pool, -1 once two did
	free   map[unsafe.Pointer][]poolObject // the objects Put into each pool in the run and not gotten since, the last Put last
	reader int                             // the goroutine that read a file, -1 once two did
	noted  bool                            // the file I/O's choice was noted
}

// libSync returns the run's libState.
func (e *Exec) libSync() *libState {
	if e.lib == nil {
		e.lib = &libState{vars: map[unsafe.Pointer]*syncVar{}, pools: map[unsafe.Pointer]int{}, free: map[unsafe.Pointer][]poolObject{}}
	}
	return e.lib
}

// syncVar returns the variable keyed by key.
func (e *Exec) syncVar(key unsafe.Pointer) *syncVar {
	l := e.libSync()
	v := l.vars[key]
	if v == nil {
		v = &syncVar{rel: map[int]event.Task{}}
		l.vars[key] = v
	}
	return v
}

// releaseMerge ends the running goroutine's segment as a release into v.
func (e *Exec) releaseMerge(v *syncVar, site uint32) {
	v.rel[e.cur.ID] = e.release(site)
}

// acquireVar joins every release into v, and returns the goroutine of one
// made by another goroutine that acquire joined (an ended segment: one
// that has not ended is an ancestor of the running goroutine's), or 0.
func (e *Exec) acquireVar(v *syncVar, site uint32) int {
	ids := make([]int, 0, len(v.rel))
	for id := range v.rel {
		ids = append(ids, id)
	}
	slices.Sort(ids) // joins in a fixed order
	other := 0
	for _, id := range ids {
		r := v.rel[id]
		if id != e.cur.ID && e.isEnded(r) && other == 0 {
			other = id
		}
		e.acquire(r, site)
	}
	return other
}

// usePool logs an operation on the pool at p, one that the schedule may
// order otherwise against another goroutine's, and returns its point.
func (e *Exec) usePool(p unsafe.Pointer, site uint32) Point {
	l := e.libSync()
	switch id, user := e.cur.ID, l.pools[p]; user {
	case 0:
		l.pools[p] = id
	case id, -1:
	default:
		e.explore(site, "a sync.Pool that goroutines %d and %d both use, goroutine %d", user, id, id)
		l.pools[p] = -1
	}
	pt := e.enter(p, false, site)
	e.acquired(p, pt, false, site)
	return pt
}

// poolObject is an object Put into a pool during the run: the value,
// and its data word, which keys its sync variable.
type poolObject struct {
	x   any
	obj unsafe.Pointer
}

// dataWord returns the data word of the interface value x, which keys
// its sync variable: nil for nil.
func dataWord(x any) unsafe.Pointer {
	return (*[2]unsafe.Pointer)(unsafe.Pointer(&x))[1]
}

// PoolPut records p.Put(x): the Put releases into the variable of x's
// data word, and x goes to the run's objects of the pool (the real pool
// does not get it: see above). A Put of nil does nothing, as
// sync.Pool's does.
func (e *Exec) PoolPut(p unsafe.Pointer, x any, site uint32) {
	defer e.Exit(e.in(site))
	e.usePool(p, site)
	obj := dataWord(x)
	if obj == nil {
		return
	}
	e.releaseMerge(e.syncVar(obj), site)
	l := e.libSync()
	l.free[p] = append(l.free[p], poolObject{x, obj})
}

// maxPoolChoices bounds the objects a Get's choice names: a Get that
// could return one of more objects notes that the others were not
// explored.
const maxPoolChoices = 8

// PoolGet records a Get of the pool at p and returns its object. A Get
// that finds objects Put in the run and not gotten since is a choice
// (Point.C): case i < n returns the i-th of the last n of them, counting
// from the last Put (case 0, the depth-first run's), and acquires what
// its Put released; case n returns a new object. A new object is what get
// returns (the real Get, which may call the pool's New, code of the
// program), which acquires the variable of its object if a Put of the
// run released into it.
func (e *Exec) PoolGet(p unsafe.Pointer, get func() any, site uint32) any {
	defer e.Exit(e.in(site))
	pt := e.usePool(p, site)
	l := e.libSync()
	if free := l.free[p]; len(free) > 0 {
		n := min(len(free), maxPoolChoices)
		if len(free) > n {
			e.note(site, "a sync.Pool's Get that could return one of more than %d objects", maxPoolChoices)
		}
		take := 0
		if c, ok := e.caseAt[pt]; ok && c <= n {
			take = c
		}
		e.explore(site, "a sync.Pool whose Get may return another object than the last one Put, or a new one")
		ready := make([]int, n+1)
		for i := range ready {
			ready[i] = i
		}
		e.choices = append(e.choices, selChoice{p: pt, ready: ready, took: take, site: site})
		if take < n {
			k := len(free) - 1 - take
			o := free[k]
			l.free[p] = slices.Delete(free, k, k+1)
			e.acquireVar(l.vars[o.obj], site)
			return o.x
		}
	}
	var x any
	e.userCode(func() { x = get() }, site)
	if obj := dataWord(x); obj != nil {
		if v := l.vars[obj]; v != nil {
			e.acquireVar(v, site)
		}
	}
	return x
}

// IOWrite records a write-like file operation (what names it), before it
// is made: it releases into the run's ioSync.
func (e *Exec) IOWrite(what string, site uint32) {
	defer e.Exit(e.in(site))
	l := e.libSync()
	if l.reader != 0 && l.reader != e.cur.ID {
		e.ioNote(site, "%s after goroutine %d read a file (what a read sees depends on the real order of file I/O)", what, l.reader)
	}
	e.releaseMerge(e.syncVar(unsafe.Pointer(&ioSync)), site)
}

// IORead records a read-like file operation (what names it), after it was
// made: it acquires the run's ioSync.
func (e *Exec) IORead(what string, site uint32) {
	defer e.Exit(e.in(site))
	l := e.libSync()
	switch l.reader {
	case 0:
		l.reader = e.cur.ID
	case e.cur.ID:
	default:
		l.reader = -1
	}
	v := l.vars[unsafe.Pointer(&ioSync)]
	if v == nil {
		return
	}
	if other := e.acquireVar(v, site); other != 0 {
		e.ioNote(site, "%s that goroutine %d's file write ordered before it (the order of file I/O is the real schedule's)", what, other)
	}
}

// ioNote makes the run's verdict "this schedule only", once.
func (e *Exec) ioNote(site uint32, format string, args ...any) {
	if l := e.libSync(); !l.noted {
		l.noted = true
		e.note(site, format, args...)
	}
}
