package main

import (
	"runtime"
	"sync/atomic"
)

var limit32 int32

type flags struct {
	on atomic.Bool
	n  atomic.Int64
}

var shared *flags

// polls waits for a goroutine it starts, by loops that poll one atomic
// operation and yield: their Gosched becomes rt.SpinYield. The loops after
// the last one that does are of other shapes and keep rt.Gosched. (Not
// called: the loops of other shapes would not all end.)
func polls() {
	var s int32
	var f flags
	var v atomic.Int64
	want := int64(3)
	shared = &f
	go func() {
		atomic.StoreInt32(&s, 1)
		f.on.Store(true)
		f.n.Store(3)
		v.Store(3)
	}()
	p := &v // read by this goroutine only
	end := &v // read by both, and never set again
	for atomic.LoadInt32(&s) != 1 {
		runtime.Gosched()
	}
	for !atomic.CompareAndSwapInt32(&s, 1, 2) {
		runtime.Gosched()
	}
	for !f.on.Load() {
		runtime.Gosched()
	}
	for f.n.Load() < want {
		runtime.Gosched()
	}
	for p.Load() != want {
		runtime.Gosched()
	}
	go func() { end.Store(4) }()
	for end.Load() != 4 {
		runtime.Gosched()
	}

	// Other shapes: a CompareAndSwap that writes while the loop goes on,
	// two polls, a body that does more, a plain read of a package-level
	// variable, a pointer read from one, and a pointer that another
	// goroutine sets.
	for atomic.CompareAndSwapInt32(&s, 2, 2) {
		runtime.Gosched()
	}
	for f.on.Load() && f.n.Load() < 3 {
		runtime.Gosched()
	}
	n := 0
	for atomic.LoadInt32(&s) != 2 {
		n++
		runtime.Gosched()
	}
	for atomic.LoadInt32(&s) < limit32 {
		runtime.Gosched()
	}
	for shared.n.Load() != 3 {
		runtime.Gosched()
	}
	q := &v
	go func() { q = &f.n }() // q may change under a poll
	for q.Load() != 3 {
		runtime.Gosched()
	}
	_ = n
}
