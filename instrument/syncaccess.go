package instrument

import (
	"go/ast"
	"go/types"

	"github.com/tpinstr/tpinstr/internal/syncapi"
)

// Lock and Unlock access their mutex. Go's race detector sees the atomic
// operations on the mutex's state word that Lock, Unlock and their RWMutex
// and Try forms make, so that a plain write of the whole mutex
// (mu = sync.Mutex{}, or the struct that holds it) races with a Lock or
// Unlock that no synchronisation orders with it. Those operations never
// race with one another; they are recorded as reads of the mutex, made
// just before the operation, which race with plain writes of it and with
// nothing else. (A plain read of a mutex, such as a copy, racing with a
// Lock is not reported: the detector would report it.)
//
// The read is hooked for direct calls (mu.Lock(), p.mu.Unlock(), s.Lock()
// promoted through embedded fields); not for method values, method
// expressions, calls through sync.Locker, or deferred and go calls, whose
// receiver is evaluated now but whose operation runs later.

// lockRead adds the read of the mutex that the call x locks or unlocks.
func (c *collector) lockRead(x *ast.CallExpr) {
	if c.noAt {
		return // a go or defer statement: the operation runs later
	}
	u, ok := c.r.facts.classify(x)
	if !ok || u.Form != syncapi.Direct || u.Recv == nil || u.Interface {
		return
	}
	switch u.Op {
	case syncapi.MutexLock, syncapi.MutexUnlock, syncapi.MutexTryLock,
		syncapi.RWMutexLock, syncapi.RWMutexUnlock, syncapi.RWMutexTryLock,
		syncapi.RWMutexRLock, syncapi.RWMutexRUnlock, syncapi.RWMutexTryRLock:
	default:
		return
	}
	sel, isSel := ast.Unparen(u.Fun).(*ast.SelectorExpr)
	if !isSel || u.Sel == nil {
		return
	}
	recv := u.Recv
	if idx := u.Sel.Index(); len(idx) > 1 {
		// s.Lock() through embedded fields: the mutex is the last of them.
		path := idx[:len(idx)-1]
		if len(u.Embedded) != len(path) {
			return
		}
		last := u.Embedded[len(u.Embedded)-1]
		_, isPtr := coreType(last.Type()).(*types.Pointer)
		if isPtr || c.embeddedShared(recv, path) {
			c.add(c.embeddedAcc(sel, path, isPtr))
		}
		return
	}
	switch {
	case c.isPointer(recv):
		c.loc2(recv, recv, formPtr, false, true)
	case c.addressable(recv) && c.locShared(recv):
		c.loc(recv, formAddr, false, true)
	}
}

// embeddedShared reports whether the embedded field that path selects
// from x may be memory that another goroutine reaches: x is a pointer or
// shared, or a pointer lies on the path before the field.
func (c *collector) embeddedShared(x ast.Expr, path []int) bool {
	if c.isPointer(x) || c.addressable(x) && c.locShared(x) {
		return true
	}
	t := c.r.info.TypeOf(x)
	for _, fi := range path[:len(path)-1] {
		st := derefStruct(t)
		if st == nil || fi >= st.NumFields() {
			return false
		}
		t = st.Field(fi).Type()
		if _, isPtr := coreType(t).(*types.Pointer); isPtr {
			return true
		}
	}
	return false
}
