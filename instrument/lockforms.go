package instrument

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/tpinstr/tpinstr/internal/syncapi"
)

// The forms of a lock operation that run later than where they appear.
// The operations of a Mutex record their access of the mutex in their
// hooks (rt/lockers.go: the write of its state word while the goroutine
// holds it), whatever form calls them. Those of an RWMutex read it first,
// and the rewriter hooks that read before a direct call (syncaccess.go).
// A deferred call (defer rw.Unlock()), a method value (f := rw.RUnlock,
// and go rw.Unlock(), whose function is one) and a method expression
// ((*sync.RWMutex).Lock) evaluate the RWMutex's address where they appear
// but lock or unlock later, so their hook is the one that reads the
// RWMutex when the operation runs (rt.RWMutexLockRead for RWMutexLock,
// and so on):
//
//	defer rw.Unlock()       →  defer _tpinstr_rt.RWMutexUnlockRead(&(rw), site)
//	f := rw.RUnlock         →  f := bind(&(rw), _tpinstr_rt.RWMutexRUnlockRead, site)
//	(*sync.RWMutex).Lock(p) →  _tpinstr_rt.RWMutexLockRead(p, site)
//
// Calls through sync.Locker (an interface that has Lock and Unlock, the
// field L of a sync.Cond, the RLocker of an RWMutex) read the mutex in
// rt.LockerLock and rt.LockerUnlock, which see its dynamic type. A method
// value of an interface other than sync.Locker that has its methods
// (interface{ sync.Locker; Name() string }, or one the program declares
// with Lock and Unlock) binds the hook with the helper instantiated at
// rt.Locker, to which the receiver converts:
//
//	f := l.Lock             →  f := bind[_tpinstr_rt.Locker](l, _tpinstr_rt.LockerLock, site)

// deferredCalls returns the calls of the file's defer statements.
func deferredCalls(file *ast.File) map[*ast.CallExpr]bool {
	calls := map[*ast.CallExpr]bool{}
	ast.Inspect(file, func(n ast.Node) bool {
		if d, ok := n.(*ast.DeferStmt); ok {
			calls[d.Call] = true
		}
		return true
	})
	return calls
}

// syncHook returns the name of the hook of u's operation: when later
// says that the operation runs later than where it appears, and it is one
// of an RWMutex, the hook that reads the RWMutex first
// (rt.RWMutexUnlockRead for Unlock).
func (g *goRewriter) syncHook(u syncapi.Use, later bool) string {
	h := hookOf[u.Op]
	if !later {
		return rt(h)
	}
	switch u.Op {
	case syncapi.RWMutexLock, syncapi.RWMutexUnlock, syncapi.RWMutexTryLock,
		syncapi.RWMutexRLock, syncapi.RWMutexRUnlock, syncapi.RWMutexTryRLock:
		return rt(h + "Read")
	}
	return rt(h)
}

// lockerInst returns the explicit instantiation of a Bind helper for a
// method value of u, a method of sync.Locker called through an interface
// that is not sync.Locker itself ("[_tpinstr_rt.Locker]"), or "" when the
// helper infers its type (the receiver is a sync.Locker, or u is no
// Locker method).
func (g *goRewriter) lockerInst(u syncapi.Use) string {
	if u.Op != syncapi.LockerLock && u.Op != syncapi.LockerUnlock {
		return ""
	}
	var t types.Type
	switch {
	case u.Recv != nil:
		t = g.r.info.TypeOf(u.Recv)
	case u.Sel != nil:
		t = u.Sel.Recv()
	}
	if t != nil && syncapi.IsNamed(t, false, syncapi.SyncPath, "Locker") {
		return ""
	}
	return "[" + rt("Locker") + "]"
}

// ifaceMethodExpr rewrites the method expression sel of u, Lock or Unlock
// of an interface other than sync.Locker (locker.Lock, of type
// func(locker)), into a function literal of the same type that calls the
// hook; the interface is named as the source names it:
//
//	f := locker.Lock        →  f := func(l locker) { _tpinstr_rt.LockerLock(l, site) }
//
// A type expression with something of its own to rewrite, or on several
// lines, is left as it is (Stats.Skipped).
func (g *goRewriter) ifaceMethodExpr(u syncapi.Use, sel *ast.SelectorExpr) {
	typ, ok := g.plainText(sel.X)
	if !ok {
		g.r.skip("method expression of an interface other than sync.Locker used as a value")
		return
	}
	site := g.site(sel.Pos(), sel)
	p := g.r.newTemp()
	g.replace(u.Fun.Pos(), u.Fun.End(), "func("+p+" "+typ+") { "+g.syncHook(u, true)+"("+p+", "+site+") }")
}

// promotedMethodExpr rewrites the method expression sel of u, a sync
// method promoted through embedded fields and used as a value ((*S).Lock,
// where S embeds a sync.Mutex, of type func(*S)), into a function literal
// of the same type that calls the hook on the embedded field; the
// receiver's type is named as the source names it:
//
//	f := (*S).Lock          →  f := func(p (*S)) { _tpinstr_rt.MutexLock(&(p.Mutex), site) }
//
// It is left as it is (Stats.Skipped) when the path goes through a field
// the file cannot name, when the type expression has something of its own
// to rewrite, or when a parameter or result of the method has a type that
// is not predeclared or func() (all of package sync's have).
func (g *goRewriter) promotedMethodExpr(u syncapi.Use, sel *ast.SelectorExpr) {
	skip := func() { g.r.skip("promoted method expression used as a value") }
	sig, _ := u.Func.Type().(*types.Signature)
	typ, ok := g.plainText(sel.X)
	if sig == nil || !ok || len(u.Embedded) == 0 {
		skip()
		return
	}
	var path string
	for _, f := range u.Embedded {
		if !f.Exported() && f.Pkg() != g.r.pkg.Types {
			skip()
			return
		}
		path += "." + f.Name()
	}
	p := g.r.newTemp()
	recv := p + path
	if _, isPtr := u.Embedded[len(u.Embedded)-1].Type().Underlying().(*types.Pointer); !isPtr {
		recv = "&(" + recv + ")"
	}
	params := []string{p + " " + typ}
	args := []string{recv}
	for i := 0; i < sig.Params().Len(); i++ {
		t, ok := simpleTypeText(sig.Params().At(i).Type())
		if !ok || t != "func()" && !g.r.facts.universeAt(sel.Pos(), t) {
			skip()
			return
		}
		a := g.r.newTemp()
		params = append(params, a+" "+t)
		args = append(args, a)
	}
	res, ret := "", ""
	switch sig.Results().Len() {
	case 0:
	case 1:
		t, ok := simpleTypeText(sig.Results().At(0).Type())
		if !ok || t != "func()" && !g.r.facts.universeAt(sel.Pos(), t) {
			skip()
			return
		}
		res, ret = " "+t, "return "
	default:
		skip()
		return
	}
	site := g.site(sel.Pos(), sel)
	args = append(args, site)
	g.replace(u.Fun.Pos(), u.Fun.End(), "func("+strings.Join(params, ", ")+")"+res+" { "+ret+g.syncHook(u, true)+"("+strings.Join(args, ", ")+") }")
}

// simpleTypeText returns the text of t when every file can name it: a
// predeclared basic type, or func() (the function of Once.Do and
// WaitGroup.Go).
func simpleTypeText(t types.Type) (string, bool) {
	switch x := types.Unalias(t).(type) {
	case *types.Basic:
		if x.Kind() != types.UnsafePointer && x.Info()&types.IsUntyped == 0 {
			return x.Name(), true
		}
	case *types.Signature:
		if x.Params().Len() == 0 && x.Results().Len() == 0 && x.Recv() == nil {
			return "func()", true
		}
	}
	return "", false
}
