package rt

import (
	"sync"
	"unsafe"
)

// Hooks of sync.Pool. Go's race detector orders p.Put(x) before the Get
// that returns x (sync/pool.go: race.ReleaseMerge on x in Put,
// race.Acquire in Get), so that an object handed from one goroutine to
// another through a pool is not reported as racing; rewritten code calls
//
//	p.Put(x)  →  rt.PoolPut(p, x, site)      (&(p) for a Pool variable)
//	p.Get()   →  rt.PoolGet(p, site)
//
// The edge is keyed by the data word of x as an interface value: the
// pointer itself for pointer-shaped values (pointers, maps, channels,
// functions), the box that holds any other value, which Get returns as
// the same interface value. A Get that returns a new object (New, or nil
// when the pool has no New) acquires nothing. In a checked run of
// goroutines the run keeps the objects Put during it, and explores a Get
// that returns each of them and a Get that returns a new object (goexec's
// syncvar.go): which object a real Get returns depends on the processor
// each goroutine ran on, which the run does not control. Values that Go boxes in
// shared static memory (small integers, zero-size values) share a key,
// so a Put of one orders the Get of another equal one, as the race
// detector's hash of 128 variables also merges unrelated objects. Not modelled: the race
// detector's random dropping of one Put in four (which makes programs that
// count on getting their own object back fail), and Puts and Gets through
// method values, method expressions, go and defer statements, which keep
// the plain methods (no edge).

// PoolPut adds x to the pool p, as p.Put(x) does, releasing what the
// calling goroutine did so far to the Get that returns x.
func PoolPut(p *sync.Pool, x any, site uint32) {
	if gx, l := enterRunning(site); gx != nil {
		defer gx.Exit(l)
		gx.PoolPut(unsafe.Pointer(p), x, site)
		return
	}
	p.Put(x)
}

// PoolGet returns an object of the pool p, as p.Get() does, acquiring
// what the Put of that object released.
func PoolGet(p *sync.Pool, site uint32) any {
	if gx, l := enterRunning(site); gx != nil {
		defer gx.Exit(l)
		return gx.PoolGet(unsafe.Pointer(p), p.Get, site)
	}
	return p.Get()
}
