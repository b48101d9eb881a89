package instrument

import (
	"go/ast"
	"go/types"

	"github.com/tpinstr/tpinstr/internal/syncapi"
)

// The operations of an RWMutex read it. The race-detector build of
// package sync reads the state of the RWMutex's inner mutex before each
// operation (and does the rest with the detector disabled), so that a
// plain write of the whole RWMutex (rw = sync.RWMutex{}, or the struct
// that holds it) races with an operation that no synchronisation orders
// with it, and a plain read (a copy) races with none. They are recorded
// as reads of the RWMutex, made just before the operation.
//
// The read is hooked here for direct calls (rw.Lock(), p.rw.RUnlock(),
// s.RLock() promoted through embedded fields); deferred calls, method
// values and method expressions, whose receiver is evaluated now but whose
// operation runs later, call the hooks that read when the operation runs
// (lockforms.go), and calls through sync.Locker read in rt.LockerLock.
// The operations of a Mutex make atomic writes of its state word, which
// race with plain reads (a copy) and writes of it: their hooks record
// them (rt/lockers.go), and the rewriter adds nothing.

// lockRead adds the read of the RWMutex that the call x locks or unlocks.
func (c *collector) lockRead(x *ast.CallExpr) {
	if c.noAt {
		return // a go or defer statement: the operation runs later
	}
	u, ok := c.r.facts.classify(x)
	if !ok || u.Form != syncapi.Direct || u.Recv == nil || u.Interface {
		return
	}
	switch u.Op {
	case syncapi.RWMutexLock, syncapi.RWMutexUnlock, syncapi.RWMutexTryLock,
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
