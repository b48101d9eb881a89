package rt

import (
	"sync"
	"unsafe"
)

// The methods of sync.Map. Its documentation gives the memory model's
// edges: a write operation (Store, a LoadOrStore that stores, Swap, a
// CompareAndSwap that swaps, Delete, LoadAndDelete, CompareAndDelete,
// Clear) synchronizes before any read operation (Load, LoadOrStore,
// LoadAndDelete, Swap, CompareAndSwap, CompareAndDelete, Range) that
// observes its effect. In a checked run each operation is an atomic
// operation on its key's entry (goexec's KeyAddr), as an operation of
// sync/atomic is on its word: the operations of one key are ordered, and
// their orders among goroutines are explored; operations on different keys
// order nothing. Load, and Range on every entry it visits, only observe:
// they are atomic loads, which order nothing after them (goexec's
// AtomicLoad). Clear writes every entry. A LoadOrStore that loads, and a
// CompareAndSwap or CompareAndDelete that fails, are read operations too,
// but the checker treats them as writes: it learns which they are only
// after making them, and the extra order it gives is explored (the two
// orders of the pair are both run). Outside a checked run, the hooks are the methods.

// syncMapOp runs op, an operation of m on key k, as an atomic operation
// of the run on k's entry.
func syncMapOp(m *sync.Map, k any, op func(), site uint32) {
	if gx, l := enter(site); gx != nil {
		defer gx.Exit(l)
		gx.Atomic(gx.KeyAddr(unsafe.Pointer(m), k), op, site)
		return
	}
	op()
}

// SyncMapLoad is m.Load(k): an atomic load of k's entry, which orders
// nothing after it.
func SyncMapLoad(m *sync.Map, k any, site uint32) (v any, ok bool) {
	if gx, l := enter(site); gx != nil {
		defer gx.Exit(l)
		gx.AtomicLoad(gx.KeyAddr(unsafe.Pointer(m), k), func() { v, ok = m.Load(k) }, site)
		return v, ok
	}
	return m.Load(k)
}

// SyncMapStore is m.Store(k, v).
func SyncMapStore(m *sync.Map, k, v any, site uint32) {
	syncMapOp(m, k, func() { m.Store(k, v) }, site)
}

// SyncMapLoadOrStore is m.LoadOrStore(k, v).
func SyncMapLoadOrStore(m *sync.Map, k, v any, site uint32) (actual any, loaded bool) {
	syncMapOp(m, k, func() { actual, loaded = m.LoadOrStore(k, v) }, site)
	return actual, loaded
}

// SyncMapLoadAndDelete is m.LoadAndDelete(k).
func SyncMapLoadAndDelete(m *sync.Map, k any, site uint32) (v any, loaded bool) {
	syncMapOp(m, k, func() { v, loaded = m.LoadAndDelete(k) }, site)
	return v, loaded
}

// SyncMapDelete is m.Delete(k).
func SyncMapDelete(m *sync.Map, k any, site uint32) {
	syncMapOp(m, k, func() { m.Delete(k) }, site)
}

// SyncMapSwap is m.Swap(k, v).
func SyncMapSwap(m *sync.Map, k, v any, site uint32) (previous any, loaded bool) {
	syncMapOp(m, k, func() { previous, loaded = m.Swap(k, v) }, site)
	return previous, loaded
}

// SyncMapCompareAndSwap is m.CompareAndSwap(k, old, new).
func SyncMapCompareAndSwap(m *sync.Map, k, old, new any, site uint32) (swapped bool) {
	syncMapOp(m, k, func() { swapped = m.CompareAndSwap(k, old, new) }, site)
	return swapped
}

// SyncMapCompareAndDelete is m.CompareAndDelete(k, old).
func SyncMapCompareAndDelete(m *sync.Map, k, old any, site uint32) (deleted bool) {
	syncMapOp(m, k, func() { deleted = m.CompareAndDelete(k, old) }, site)
	return deleted
}

// SyncMapRange is m.Range(f). In a checked run it reads the entries first,
// each an atomic operation on its key's entry, and then calls f on them in
// that order until f returns false: a Range during which no other
// goroutine changed the map, one of the behaviours Range allows.
func SyncMapRange(m *sync.Map, f func(k, v any) bool, site uint32) {
	gx, l := enter(site)
	if gx == nil {
		m.Range(f)
		return
	}
	var ks, vs []any
	m.Range(func(k, v any) bool {
		ks = append(ks, k)
		vs = append(vs, v)
		return true
	})
	for _, k := range ks {
		gx.AtomicLoad(gx.KeyAddr(unsafe.Pointer(m), k), nil, site)
	}
	gx.Exit(l)
	for i := range ks {
		if !f(ks[i], vs[i]) {
			return
		}
	}
}

// SyncMapClear is m.Clear(): in a checked run, a write of every entry.
func SyncMapClear(m *sync.Map, site uint32) {
	gx, l := enter(site)
	if gx == nil {
		m.Clear()
		return
	}
	defer gx.Exit(l)
	m.Range(func(k, _ any) bool {
		gx.Atomic(gx.KeyAddr(unsafe.Pointer(m), k), nil, site)
		return true
	})
	m.Clear()
}
