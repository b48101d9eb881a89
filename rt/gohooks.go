package rt

import (
	"reflect"
	"runtime"
	"sync"
	"time"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/checker"
	"github.com/tpinstr/tpinstr/rt/internal/goexec"
)

// This file holds the hooks for plain Go concurrency: go statements,
// channel operations and the synchronisation of package sync. Rewritten
// code calls them in place of the operation they name, so that a checked
// build controls which goroutine runs and records the edges the Go memory
// model gives (https://go.dev/ref/mem). Each hook performs the operation
// it replaces with the operation's own semantics: a program behaves as
// its original does.
//
// Rewriting rules (instrument emits these; each keeps Go's evaluation
// order, so function values, receivers and arguments are evaluated where
// the original evaluated them):
//
//	go f(x, y)              →  { f', x', y' := f, x, y; rt.Go(func() { f'(x', y') }, site) }
//	ch <- v                 →  rt.Send(ch, v, site)
//	v := <-ch               →  v := rt.Recv(ch, site)
//	v, ok := <-ch           →  v, ok := rt.Recv2(ch, site)
//	close(ch)               →  rt.Close(ch, site)
//	for v := range ch {…}   →  for ch' := ch; ; { v, ok' := rt.Recv2(ch', site); if !ok' { break }; … }
//	select {…}              →  see Select
//	mu.Lock()               →  rt.MutexLock(&mu, site)        (and the other methods below)
//	mu.Lock(); n++; mu.Unlock() → rt.MutexLockCommute(&mu, class, site); n++; rt.MutexUnlock(&mu, site)
//	mu.Lock(); m[k] = v; mu.Unlock() → rt.MutexLockInsert(&mu, k, site); m[k] = v; rt.MutexUnlock(&mu, site)
//	wg.Go(f)                →  rt.WaitGroupGo(&wg, f, site)
//	atomic.AddInt64(&x, 1)  →  atomic.AddInt64(rt.AtomicAt(&x, site), 1)
//	v.Add(1)  (atomic.Int64) → rt.AtomicAt(&v, site).Add(1)
//	time.Sleep(d)           →  rt.Sleep(d, site)
//	time.AfterFunc(d, f)    →  rt.AfterFunc(d, f, site)   (and the other timers: gotimers.go)
//	runtime.Gosched()       →  rt.Gosched(site)
//	ch <- v  (v of another type than the element's) → rt.SendTo(ch, site)(v)
//
// A method value or method expression of a sync type (f := mu.Unlock,
// defer wg.Done(), (*sync.Mutex).Lock) becomes a closure over the hook
// with the receiver evaluated where the original evaluated it.

// Go starts f as a new goroutine, created at site. It replaces a go
// statement; f is a closure whose function value and arguments were
// evaluated by the caller, as the go statement evaluates them.
func Go(f func(), site uint32) {
	if gx, l := enter(site); gx != nil {
		defer gx.Exit(l)
		gx.Go(f, site)
		return
	}
	go f()
}

// Send sends v on ch, as ch <- v does.
func Send[T any](ch chan<- T, v T, site uint32) {
	if gx, l := enter(site); gx != nil {
		defer gx.Exit(l)
		chanAccess(ch, false, site)
		gx.Send(&goexec.SendOp[T]{Ch: ch, V: v}, site)
		return
	}
	ch <- v
}

// SendTo returns the send of a value on ch at site: rt.SendTo(ch, site)(v)
// is rt.Send(ch, v, site) where the type of v is not ch's element type
// (a struct{} sent on a chan any), which Send could not infer.
func SendTo[T any](ch chan<- T, site uint32) func(T) {
	return func(v T) { Send(ch, v, site) }
}

// Recv receives from ch, as <-ch does.
func Recv[T any](ch <-chan T, site uint32) T {
	v, _ := Recv2(ch, site)
	return v
}

// Recv2 receives from ch, as v, ok := <-ch does: ok is false when ch is
// closed and empty.
func Recv2[T any](ch <-chan T, site uint32) (T, bool) {
	if gx, l := enter(site); gx != nil {
		defer gx.Exit(l)
		r := &goexec.RecvOp[T]{Ch: ch}
		gx.Recv(r, site)
		return r.V, r.Ok
	}
	v, ok := <-ch
	return v, ok
}

// Close closes ch, as close(ch) does.
func Close[T any](ch chan<- T, site uint32) {
	if gx, l := enter(site); gx != nil && ch != nil {
		defer gx.Exit(l)
		chanAccess(ch, true, site)
		gx.Close(*(*unsafe.Pointer)(unsafe.Pointer(&ch)), func() { close(ch) }, site)
		return
	}
	close(ch)
}

// A Case is one communication of a select statement: made by OnRecv or
// OnSend, passed to Select.
type Case interface {
	op() caseOp
}

// The executor's view of a communication, kept out of the exported
// declarations.
type (
	caseOp        = goexec.Case
	recvOp[T any] = goexec.RecvOp[T]
	sendOp[T any] = goexec.SendOp[T]
)

// RecvCase is a receive case of a select statement.
type RecvCase[T any] struct{ r recvOp[T] }

// OnRecv makes the case `case v, ok := <-ch` of a select statement. After
// Select chose it, Value or Value2 give what was received.
func OnRecv[T any](ch <-chan T) *RecvCase[T] { return &RecvCase[T]{recvOp[T]{Ch: ch}} }

func (r *RecvCase[T]) op() caseOp { return &r.r }

// Value returns the value received by the case.
func (r *RecvCase[T]) Value() T { return r.r.V }

// Value2 returns the value received by the case and whether it was sent
// (false when the channel was closed).
func (r *RecvCase[T]) Value2() (T, bool) { return r.r.V, r.r.Ok }

// SendCase is a send case of a select statement.
type SendCase[T any] struct{ s sendOp[T] }

// OnSend makes the case `case ch <- v` of a select statement; v is
// evaluated when the select statement is entered, as Go evaluates it.
func OnSend[T any](ch chan<- T, v T) *SendCase[T] {
	return &SendCase[T]{sendOp[T]{Ch: ch, V: v}}
}

func (s *SendCase[T]) op() caseOp { return &s.s }

// OnSendTo is OnSend for a value whose type is not ch's element type:
// rt.OnSendTo(ch)(v) is rt.OnSend(ch, v).
func OnSendTo[T any](ch chan<- T) func(T) *SendCase[T] {
	return func(v T) *SendCase[T] { return OnSend(ch, v) }
}

// Select runs a select statement over cases, in their source order, and
// returns the index of the case that proceeded, or -1 for the default
// case (hasDefault) when no case could proceed at once. A select
// statement
//
//	select {
//	case v := <-a:   S0
//	case b <- x:     S1
//	default:         S2
//	}
//
// becomes
//
//	{ c0, c1 := rt.OnRecv(a), rt.OnSend(b, x)
//	switch rt.Select(site, true, c0, c1) {
//	case 0: v := c0.Value(); S0
//	case 1: S1
//	default: S2
//	} }
//
// A select with no cases and no default blocks forever, as `select {}` does.
func Select(site uint32, hasDefault bool, cases ...Case) int {
	ops := make([]goexec.Case, len(cases))
	for i, c := range cases {
		ops[i] = c.op()
	}
	if gx, l := enter(site); gx != nil {
		defer gx.Exit(l)
		// Each send case reads its channel, as a send does (Go's race
		// detector records it for the send cases it polls).
		for _, c := range ops {
			if p := c.Chan(); p != nil && c.IsSend() {
				checker.Access(p, 1, false, site)
			}
		}
		return gx.Select(ops, hasDefault, site)
	}
	sc := make([]reflect.SelectCase, len(ops), len(ops)+1)
	for i, c := range ops {
		sc[i] = c.Reflect()
	}
	if hasDefault {
		sc = append(sc, reflect.SelectCase{Dir: reflect.SelectDefault})
	}
	i, v, ok := reflect.Select(sc)
	if i == len(ops) {
		return -1
	}
	if !ops[i].IsSend() {
		var x any
		if ok {
			x = v.Interface()
		}
		ops[i].Deliver(x, ok)
	}
	return i
}

// MutexLock locks m, as m.Lock() does.
func MutexLock(m *sync.Mutex, site uint32) {
	if gx, l := enter(site); gx != nil {
		defer gx.Exit(l)
		gx.Lock(m, m.TryLock, site)
		checker.MutexWord(unsafe.Pointer(m), unsafe.Sizeof(*m), site) // the state word that Lock sets (lockers.go)
		return
	}
	taskRead(m, site)
	m.Lock()
}

// MutexLockCommute locks m, as m.Lock() does, for a commuting section of
// the class (1 to 5: the rewriter's classes of instrument/commute.go, add,
// multiply, or, and, xor): the rewriter calls it for a Lock whose section
// (the statements up to the Unlock of m in the same block, or the rest of
// the function after `defer m.Unlock()`) is a commutative update by the
// rule of Isolated bodies. The orders of the sections of one class of m
// are not explored, as every order of them gives the same run; they do
// not order one another, and their accesses race with the plain accesses
// they are not ordered with (see rt/internal/goexec, section.go). The
// Unlock is MutexUnlock. With the option commute=0 it is MutexLock.
func MutexLockCommute(m *sync.Mutex, class int, site uint32) {
	if !checker.CommuteSections() {
		MutexLock(m, site)
		return
	}
	if gx, l := enter(site); gx != nil {
		defer gx.Exit(l)
		gx.LockCommute(m, m.TryLock, class, func() { checker.SectionBegin(site) }, checker.SectionEnd, site)
		Write(m, site) // the state word, as MutexLock: an isolated write of the section
		return
	}
	taskRead(m, site)
	m.Lock()
}

// MutexLockInsert locks m, as m.Lock() does, for a section that inserts
// into maps under one key: the rewriter calls it for a Lock whose section
// is map assignments m[k] = v under one key expression k, of stable
// places and values by the rule of Isolated bodies, with key the value of
// k. The orders of such sections of m under different keys are not
// explored and do not order one another; those under the same key are
// explored (see rt/internal/goexec, section.go). The Unlock is
// MutexUnlock. With the option commute=0 it is MutexLock.
func MutexLockInsert[K comparable](m *sync.Mutex, key K, site uint32) {
	if !checker.CommuteSections() {
		MutexLock(m, site)
		return
	}
	if gx, l := enter(site); gx != nil {
		defer gx.Exit(l)
		gx.LockInsert(m, m.TryLock, key, func() { checker.SectionBegin(site) }, checker.SectionEnd, site)
		Write(m, site) // the state word, as MutexLock: an isolated write of the section
		return
	}
	taskRead(m, site)
	m.Lock()
}

// MutexUnlock unlocks m, as m.Unlock() does.
func MutexUnlock(m *sync.Mutex, site uint32) {
	if gx, l := enter(site); gx != nil {
		defer gx.Exit(l)
		checker.MutexWord(unsafe.Pointer(m), unsafe.Sizeof(*m), site) // the state word that Unlock clears (lockers.go)
		gx.Unlock(m, m.Unlock, site)
		return
	}
	taskRead(m, site)
	m.Unlock()
}

// MutexTryLock tries to lock m, as m.TryLock() does.
func MutexTryLock(m *sync.Mutex, site uint32) bool {
	taskRead(m, site)
	ok := m.TryLock()
	if gx, l := enter(site); gx != nil && ok {
		defer gx.Exit(l)
		gx.TryLocked(m, false, site)
		Write(m, site) // the state word that TryLock sets (lockers.go)
	}
	return ok
}

// RWMutexLock locks m for writing, as m.Lock() does.
func RWMutexLock(m *sync.RWMutex, site uint32) {
	if gx, l := enter(site); gx != nil {
		defer gx.Exit(l)
		gx.Lock(m, m.TryLock, site)
		return
	}
	m.Lock()
}

// RWMutexLockCommute locks m for writing, as m.Lock() does, for a
// commuting section of the class, as MutexLockCommute does.
func RWMutexLockCommute(m *sync.RWMutex, class int, site uint32) {
	if !checker.CommuteSections() {
		RWMutexLock(m, site)
		return
	}
	if gx, l := enter(site); gx != nil {
		defer gx.Exit(l)
		gx.LockCommute(m, m.TryLock, class, func() { checker.SectionBegin(site) }, checker.SectionEnd, site)
		return
	}
	m.Lock()
}

// RWMutexLockInsert locks m for writing, as m.Lock() does, for a section
// that inserts into maps under one key, as MutexLockInsert does.
func RWMutexLockInsert[K comparable](m *sync.RWMutex, key K, site uint32) {
	if !checker.CommuteSections() {
		RWMutexLock(m, site)
		return
	}
	if gx, l := enter(site); gx != nil {
		defer gx.Exit(l)
		gx.LockInsert(m, m.TryLock, key, func() { checker.SectionBegin(site) }, checker.SectionEnd, site)
		return
	}
	m.Lock()
}

// RWMutexUnlock unlocks m for writing, as m.Unlock() does.
func RWMutexUnlock(m *sync.RWMutex, site uint32) {
	if gx, l := enter(site); gx != nil {
		defer gx.Exit(l)
		gx.Unlock(m, m.Unlock, site)
		return
	}
	m.Unlock()
}

// RWMutexTryLock tries to lock m for writing, as m.TryLock() does.
func RWMutexTryLock(m *sync.RWMutex, site uint32) bool {
	ok := m.TryLock()
	if gx, l := enter(site); gx != nil && ok {
		defer gx.Exit(l)
		gx.TryLocked(m, false, site)
	}
	return ok
}

// RWMutexRLock locks m for reading, as m.RLock() does.
func RWMutexRLock(m *sync.RWMutex, site uint32) {
	if gx, l := enter(site); gx != nil {
		defer gx.Exit(l)
		gx.RLock(m, site)
		return
	}
	m.RLock()
}

// RWMutexRUnlock undoes one RWMutexRLock, as m.RUnlock() does.
func RWMutexRUnlock(m *sync.RWMutex, site uint32) {
	if gx, l := enter(site); gx != nil {
		defer gx.Exit(l)
		gx.RUnlock(m, site)
		return
	}
	m.RUnlock()
}

// RWMutexTryRLock tries to lock m for reading, as m.TryRLock() does.
func RWMutexTryRLock(m *sync.RWMutex, site uint32) bool {
	ok := m.TryRLock()
	if gx, l := enter(site); gx != nil && ok {
		defer gx.Exit(l)
		gx.TryLocked(m, true, site)
	}
	return ok
}

// LockerLock calls l.Lock() for a sync.Locker whose dynamic type the
// rewriter cannot see; a *sync.Mutex or *sync.RWMutex is locked through
// the hooks above, and the RLocker of an RWMutex through RWMutexRLock
// (lockers.go).
func LockerLock(l sync.Locker, site uint32) { lockerLock(l, site) }

// LockerUnlock calls l.Unlock() for a sync.Locker, as LockerLock does.
func LockerUnlock(l sync.Locker, site uint32) { lockerUnlock(l, site) }

// WaitGroupAdd adds delta to wg's counter, as wg.Add(delta) does.
func WaitGroupAdd(wg *sync.WaitGroup, delta int, site uint32) {
	if gx, l := enter(site); gx != nil {
		defer gx.Exit(l)
		gx.Add(wg, delta, func() { wg.Add(delta) }, site)
		return
	}
	wg.Add(delta)
}

// WaitGroupDone decrements wg's counter, as wg.Done() does.
func WaitGroupDone(wg *sync.WaitGroup, site uint32) { WaitGroupAdd(wg, -1, site) }

// WaitGroupWait waits until wg's counter is zero, as wg.Wait() does.
func WaitGroupWait(wg *sync.WaitGroup, site uint32) {
	if gx, l := enter(site); gx != nil {
		defer gx.Exit(l)
		gx.Wait(wg, site)
		return
	}
	wg.Wait()
}

// WaitGroupGo runs f in a new goroutine counted by wg, as wg.Go(f) does
// (Go 1.25): wg.Add(1), then go { f(); wg.Done() }.
func WaitGroupGo(wg *sync.WaitGroup, f func(), site uint32) {
	WaitGroupAdd(wg, 1, site)
	Go(func() {
		defer WaitGroupDone(wg, site)
		f()
	}, site)
}

// OnceDo calls f if and only if no call of o.Do has yet, as o.Do(f) does.
func OnceDo(o *sync.Once, f func(), site uint32) {
	if gx, l := enter(site); gx != nil {
		defer gx.Exit(l)
		gx.Do(o, func() { o.Do(f) }, site)
		return
	}
	o.Do(f)
}

// OnceFunc returns a function that calls f only the first time it is
// called, as sync.OnceFunc(f) does: every call returns after f returned,
// and if f panicked, every call panics with its value. The first call
// runs f through a Once of the run (OnceDo), which gives the memory
// model's edges: f's return is synchronized before every call's return.
func OnceFunc(f func(), site uint32) func() {
	var (
		once     sync.Once
		returned bool
		failure  any
	)
	call := func() {
		defer func() {
			if !returned {
				failure = recover()
				panic(failure)
			}
		}()
		f()
		returned = true
	}
	return func() {
		OnceDo(&once, call, site)
		if !returned {
			panic(failure)
		}
	}
}

// OnceValue returns a function that calls f only the first time and
// returns its result on every call, as sync.OnceValue(f) does (see
// OnceFunc).
func OnceValue[T any](f func() T, site uint32) func() T {
	var v T
	g := OnceFunc(func() { v = f() }, site)
	return func() T {
		g()
		return v
	}
}

// OnceValues is OnceValue for a function of two results, as
// sync.OnceValues(f) is.
func OnceValues[T1, T2 any](f func() (T1, T2), site uint32) func() (T1, T2) {
	var (
		v1 T1
		v2 T2
	)
	g := OnceFunc(func() { v1, v2 = f() }, site)
	return func() (T1, T2) {
		g()
		return v1, v2
	}
}

// CondWait waits on c, as c.Wait() does.
func CondWait(c *sync.Cond, site uint32) {
	if gx, l := enter(site); gx != nil {
		defer gx.Exit(l)
		gx.CondWait(c, func() { LockerUnlock(c.L, site) }, func() { LockerLock(c.L, site) }, site)
		return
	}
	c.Wait()
}

// CondSignal wakes one goroutine waiting on c, as c.Signal() does.
func CondSignal(c *sync.Cond, site uint32) {
	if gx, l := enter(site); gx != nil {
		defer gx.Exit(l)
		gx.CondSignal(c, false, site)
		return
	}
	c.Signal()
}

// CondBroadcast wakes every goroutine waiting on c, as c.Broadcast() does.
func CondBroadcast(c *sync.Cond, site uint32) {
	if gx, l := enter(site); gx != nil {
		defer gx.Exit(l)
		gx.CondSignal(c, true, site)
		return
	}
	c.Broadcast()
}

// AtomicAt returns p unchanged after recording that the atomic operation
// applied to it next (a function of sync/atomic, or a method of one of its
// types) is made at site. Atomic operations never race with one another;
// they synchronise as the Go memory model says and race with plain
// accesses of the same location.
func AtomicAt[T any](p *T, site uint32) *T {
	if gx, l := enter(site); gx != nil {
		defer gx.Exit(l)
		gx.Atomic(unsafe.Pointer(p), func() {
			var zero T
			checker.Access(unsafe.Pointer(p), unsafe.Sizeof(zero), true, site)
		}, site)
	}
	return p
}

// AtomicLoadAt is AtomicAt for an operation that only reads *p (a Load):
// it races with plain writes of the word, not with plain reads, and
// orders nothing after it (it observes the writes before it; no operation
// observes it).
func AtomicLoadAt[T any](p *T, site uint32) *T {
	if gx, l := enter(site); gx != nil {
		defer gx.Exit(l)
		gx.AtomicLoad(unsafe.Pointer(p), func() {
			var zero T
			checker.Access(unsafe.Pointer(p), unsafe.Sizeof(zero), false, site)
		}, site)
	}
	return p
}

// Gosched yields the processor, as runtime.Gosched() does: in a checked
// run the goroutine lets every other goroutine that can run go first, so
// that a loop that polls for another goroutine's progress ends.
func Gosched(site uint32) {
	if gx, l := enterRunning(site); gx != nil {
		defer gx.Exit(l)
		gx.Yield(site)
		return
	}
	runtime.Gosched()
}

// SpinYield replaces runtime.Gosched as the body of a loop that polls one
// atomic operation and does nothing else (`for atomic.LoadInt32(&s) == 0 {
// runtime.Gosched() }`, see the rewriter's spin.go): it yields as Gosched
// does, and tells a checked run of goroutines that the poll before it
// changes nothing, so that schedules that only repeat it are not explored.
func SpinYield(site uint32) {
	if gx, l := enterRunning(site); gx != nil {
		defer gx.Exit(l)
		gx.SpinYield(site)
		return
	}
	runtime.Gosched()
}

// Spin is called at the top of each iteration of a loop that may wait for
// another goroutine by spinning on plain memory (for !done {}): in a
// checked run of goroutines, every few iterations it lets the others go
// first, as runtime.Gosched does, so that the goroutine the loop waits
// for runs.
func Spin(site uint32) {
	if gx, l := enterRunning(site); gx != nil {
		defer gx.Exit(l)
		gx.Spin(site)
	}
}

// chanAccess records the access of a channel operation to the channel
// itself, as Go's race detector does: a send reads it and close writes it,
// so that a close that may run beside a send is a race.
func chanAccess[C any](ch C, write bool, site uint32) {
	if p := *(*unsafe.Pointer)(unsafe.Pointer(&ch)); p != nil {
		checker.Access(p, 1, write, site)
	}
}

// Sleep pauses the calling goroutine for at least d, as time.Sleep(d)
// does. Sleeping orders nothing in the Go memory model.
func Sleep(d time.Duration, site uint32) {
	if gx, l := enterRunning(site); gx != nil {
		defer gx.Exit(l)
		gx.Sleep(d, site)
		return
	}
	time.Sleep(d)
}

// enter returns the executor of the run of goroutines, starting one when
// none runs (checker.GoExec), entered by the calling goroutine
// (goexec.Exec.Enter), and whether the hook must Exit it; nil when the
// operation is not checked (inside a task.Run, or after the run ended).
func enter(site uint32) (*goexec.Exec, bool) {
	gx := checker.GoExec(site)
	if gx == nil {
		return nil, false
	}
	l, ok := gx.Enter(site)
	if !ok {
		return nil, false
	}
	return gx, l
}

// enterRunning is enter for the hooks that do not start a run.
func enterRunning(site uint32) (*goexec.Exec, bool) {
	gx := checker.RunningGoExec()
	if gx == nil {
		return nil, false
	}
	l, ok := gx.Enter(site)
	if !ok {
		return nil, false
	}
	return gx, l
}

// After returns a channel that receives the time once d passed, as
// time.After(d) does. In a checked run the time is the run's (see Now):
// the channel receives when no goroutine of the run can go on and its
// deadline is the earliest. A timer starts a run of goroutines, as a go
// statement does (gotimers.go).
func After(d time.Duration, site uint32) <-chan time.Time {
	if gx, l := enter(site); gx != nil {
		defer gx.Exit(l)
		return gx.After(d, site)
	}
	return time.After(d)
}

// Now returns the current time, as time.Now() does. In a checked run of
// goroutines the clock is the run's: it jumps over the sleeps and timers
// it does not wait for (the wall clock plus the time skipped), so that a
// program that measures a sleep sees it last as long as it asked.
func Now(site uint32) time.Time {
	if gx := checker.RunningGoExec(); gx != nil {
		return gx.Now()
	}
	return time.Now()
}

// Since returns the time elapsed since t on the clock of Now, as
// time.Since(t) does.
func Since(t time.Time, site uint32) time.Duration { return Now(site).Sub(t) }

// Until returns the duration until t on the clock of Now, as
// time.Until(t) does.
func Until(t time.Time, site uint32) time.Duration { return t.Sub(Now(site)) }

// Bubble wraps f, the function of a testing/synctest bubble created at
// site (synctest.Test(t, f) → synctest.Test(t, rt.Bubble(f, site))): the
// bubble's goroutines and fake clock belong to the runtime, and a checked
// run leaves them alone while f runs, saying "this schedule only" with
// the bubble's line.
func Bubble[T any](f func(T), site uint32) func(T) {
	return func(t T) {
		checker.BubbleBegin(site)
		defer checker.BubbleEnd()
		f(t)
	}
}

// PoolEnter begins the loop of a worker of a pool over ch (the
// rewriter's workerloop.go): it returns ch and the worker's class, which
// keys (the identities of the variables of the worker's function that
// the loop's body reads) and site make, for PoolRecv2; class 0 when the
// loop's receives are ordinary ones.
func PoolEnter[T any](ch <-chan T, site uint32, keys ...any) (<-chan T, int32) {
	if gx, l := enter(site); gx != nil && ch != nil {
		defer gx.Exit(l)
		return ch, gx.PoolEnter(*(*unsafe.Pointer)(unsafe.Pointer(&ch)), keys, site)
	}
	return ch, 0
}

// PoolRecv2 receives from ch at the loop of a worker of class pool (from
// PoolEnter), as v, ok := <-ch does.
func PoolRecv2[T any](ch <-chan T, pool int32, site uint32) (T, bool) {
	if pool == 0 {
		return Recv2(ch, site)
	}
	if gx, l := enter(site); gx != nil {
		defer gx.Exit(l)
		r := &goexec.RecvOp[T]{Ch: ch}
		gx.PoolRecv(r, pool, site)
		return r.V, r.Ok
	}
	v, ok := <-ch
	return v, ok
}
