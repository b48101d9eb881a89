package rt

import (
	"reflect"
	"sync"
	"time"
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
//	wg.Go(f)                →  rt.WaitGroupGo(&wg, f, site)
//	atomic.AddInt64(&x, 1)  →  atomic.AddInt64(rt.AtomicAt(&x, site), 1)
//	v.Add(1)  (atomic.Int64) → rt.AtomicAt(&v, site).Add(1)
//	time.Sleep(d)           →  rt.Sleep(d, site)
//
// A method value or method expression of a sync type (f := mu.Unlock,
// defer wg.Done(), (*sync.Mutex).Lock) becomes a closure over the hook
// with the receiver evaluated where the original evaluated it.

// Go starts f as a new goroutine, created at site. It replaces a go
// statement; f is a closure whose function value and arguments were
// evaluated by the caller, as the go statement evaluates them.
func Go(f func(), site uint32) {
	go f()
}

// Send sends v on ch, as ch <- v does.
func Send[T any](ch chan<- T, v T, site uint32) {
	ch <- v
}

// Recv receives from ch, as <-ch does.
func Recv[T any](ch <-chan T, site uint32) T {
	return <-ch
}

// Recv2 receives from ch, as v, ok := <-ch does: ok is false when ch is
// closed and empty.
func Recv2[T any](ch <-chan T, site uint32) (T, bool) {
	v, ok := <-ch
	return v, ok
}

// Close closes ch, as close(ch) does.
func Close[T any](ch chan<- T, site uint32) {
	close(ch)
}

// A Case is one communication of a select statement: made by OnRecv or
// OnSend, passed to Select.
type Case interface {
	selectCase() *caseState
}

// caseState is what Select needs of a case, whatever its element type.
type caseState struct {
	sel  reflect.SelectCase             // the case for reflect.Select
	recv func(v reflect.Value, ok bool) // stores what a receive case got
}

// RecvCase is a receive case of a select statement.
type RecvCase[T any] struct {
	c  caseState
	ch <-chan T
	v  T
	ok bool
}

// OnRecv makes the case `case v, ok := <-ch` of a select statement. After
// Select chose it, Value or Value2 give what was received.
func OnRecv[T any](ch <-chan T) *RecvCase[T] {
	r := &RecvCase[T]{ch: ch}
	r.c.sel = reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(ch)}
	r.c.recv = func(v reflect.Value, ok bool) {
		r.ok = ok
		if ok {
			r.v = v.Interface().(T)
		}
	}
	return r
}

func (r *RecvCase[T]) selectCase() *caseState { return &r.c }

// Value returns the value received by the case.
func (r *RecvCase[T]) Value() T { return r.v }

// Value2 returns the value received by the case and whether it was sent
// (false when the channel was closed).
func (r *RecvCase[T]) Value2() (T, bool) { return r.v, r.ok }

// SendCase is a send case of a select statement.
type SendCase[T any] struct {
	c  caseState
	ch chan<- T
	v  T
}

// OnSend makes the case `case ch <- v` of a select statement; v is
// evaluated when the select statement is entered, as Go evaluates it.
func OnSend[T any](ch chan<- T, v T) *SendCase[T] {
	s := &SendCase[T]{ch: ch, v: v}
	s.c.sel = reflect.SelectCase{Dir: reflect.SelectSend, Chan: reflect.ValueOf(ch), Send: reflect.ValueOf(&s.v).Elem()}
	return s
}

func (s *SendCase[T]) selectCase() *caseState { return &s.c }

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
	sc := make([]reflect.SelectCase, len(cases), len(cases)+1)
	for i, c := range cases {
		sc[i] = c.selectCase().sel
	}
	if hasDefault {
		sc = append(sc, reflect.SelectCase{Dir: reflect.SelectDefault})
	}
	i, v, ok := reflect.Select(sc)
	if i == len(cases) {
		return -1
	}
	if st := cases[i].selectCase(); st.recv != nil {
		st.recv(v, ok)
	}
	return i
}

// MutexLock locks m, as m.Lock() does.
func MutexLock(m *sync.Mutex, site uint32) { m.Lock() }

// MutexUnlock unlocks m, as m.Unlock() does.
func MutexUnlock(m *sync.Mutex, site uint32) { m.Unlock() }

// MutexTryLock tries to lock m, as m.TryLock() does.
func MutexTryLock(m *sync.Mutex, site uint32) bool { return m.TryLock() }

// RWMutexLock locks m for writing, as m.Lock() does.
func RWMutexLock(m *sync.RWMutex, site uint32) { m.Lock() }

// RWMutexUnlock unlocks m for writing, as m.Unlock() does.
func RWMutexUnlock(m *sync.RWMutex, site uint32) { m.Unlock() }

// RWMutexTryLock tries to lock m for writing, as m.TryLock() does.
func RWMutexTryLock(m *sync.RWMutex, site uint32) bool { return m.TryLock() }

// RWMutexRLock locks m for reading, as m.RLock() does.
func RWMutexRLock(m *sync.RWMutex, site uint32) { m.RLock() }

// RWMutexRUnlock undoes one RWMutexRLock, as m.RUnlock() does.
func RWMutexRUnlock(m *sync.RWMutex, site uint32) { m.RUnlock() }

// RWMutexTryRLock tries to lock m for reading, as m.TryRLock() does.
func RWMutexTryRLock(m *sync.RWMutex, site uint32) bool { return m.TryRLock() }

// LockerLock calls l.Lock() for a sync.Locker whose dynamic type the
// rewriter cannot see; a *sync.Mutex or *sync.RWMutex is locked through
// the hooks above.
func LockerLock(l sync.Locker, site uint32) {
	switch m := l.(type) {
	case *sync.Mutex:
		MutexLock(m, site)
	case *sync.RWMutex:
		RWMutexLock(m, site)
	default:
		l.Lock()
	}
}

// LockerUnlock calls l.Unlock() for a sync.Locker, as LockerLock does.
func LockerUnlock(l sync.Locker, site uint32) {
	switch m := l.(type) {
	case *sync.Mutex:
		MutexUnlock(m, site)
	case *sync.RWMutex:
		RWMutexUnlock(m, site)
	default:
		l.Unlock()
	}
}

// WaitGroupAdd adds delta to wg's counter, as wg.Add(delta) does.
func WaitGroupAdd(wg *sync.WaitGroup, delta int, site uint32) { wg.Add(delta) }

// WaitGroupDone decrements wg's counter, as wg.Done() does.
func WaitGroupDone(wg *sync.WaitGroup, site uint32) { wg.Done() }

// WaitGroupWait waits until wg's counter is zero, as wg.Wait() does.
func WaitGroupWait(wg *sync.WaitGroup, site uint32) { wg.Wait() }

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
func OnceDo(o *sync.Once, f func(), site uint32) { o.Do(f) }

// CondWait waits on c, as c.Wait() does.
func CondWait(c *sync.Cond, site uint32) { c.Wait() }

// CondSignal wakes one goroutine waiting on c, as c.Signal() does.
func CondSignal(c *sync.Cond, site uint32) { c.Signal() }

// CondBroadcast wakes every goroutine waiting on c, as c.Broadcast() does.
func CondBroadcast(c *sync.Cond, site uint32) { c.Broadcast() }

// AtomicAt returns p unchanged after recording that the atomic operation
// applied to it next (a function of sync/atomic, or a method of one of its
// types) is made at site. Atomic operations never race with one another;
// they synchronise as the Go memory model says and race with plain
// accesses of the same location.
func AtomicAt[T any](p *T, site uint32) *T { return p }

// Sleep pauses the calling goroutine for at least d, as time.Sleep(d)
// does. Sleeping orders nothing in the Go memory model.
func Sleep(d time.Duration, site uint32) { time.Sleep(d) }
