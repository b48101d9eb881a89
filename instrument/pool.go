package instrument

import (
	"go/ast"
	"go/types"
)

// sync.Pool. Go's race detector orders p.Put(x) before the Get that
// returns x; a checked run does the same through the hooks of
// rt/poolhooks.go:
//
//	p.Put(x)     →  _tpinstr_rt.PoolPut(p, x, site)       (p a *sync.Pool)
//	pool.Get()   →  _tpinstr_rt.PoolGet(&(pool), site)    (pool a sync.Pool)
//
// The receiver is evaluated before the argument, as in the call. Only
// direct calls whose receiver is a sync.Pool or a pointer to one are
// rewritten; Puts and Gets promoted through embedded fields, method values,
// method expressions and go statements keep the plain methods (no edge,
// counted in Stats.Skipped when promoted).

// poolCall rewrites x when it is a direct call of a sync.Pool's Put or
// Get, and reports whether it did.
func (g *goRewriter) poolCall(x *ast.CallExpr) bool {
	sel, fn, s := g.r.poolMethod(x)
	if fn == nil {
		return false
	}
	if len(s.Index()) > 1 {
		g.r.skip("sync.Pool method promoted through an embedded field")
		return true
	}
	pre, post := "", ""
	if !isPointerType(g.r.info.TypeOf(sel.X)) {
		pre, post = "&(", ")"
	}
	hook := "PoolGet"
	if fn.Name() == "Put" {
		hook = "PoolPut"
	}
	site := g.site(x.Pos(), x)
	g.insert(sel.X.Pos(), rt(hook)+"("+pre, prioAtOpen)
	g.replace(sel.X.End(), x.Lparen+1, post+", ")
	if len(x.Args) > 0 {
		site = ", " + site
	}
	g.insert(x.Rparen, site, prioAtClose)
	return true
}

// poolMethod returns the selector, method and selection of x when x calls
// a sync.Pool's Put or Get (fn nil otherwise). rewritesInside
// (plaingo.go) asks it too, so that no such call is moved into a
// temporary.
func (r *fileRewriter) poolMethod(x *ast.CallExpr) (sel *ast.SelectorExpr, fn *types.Func, s *types.Selection) {
	sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, nil, nil
	}
	s = r.info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal {
		return nil, nil, nil
	}
	fn, _ = s.Obj().(*types.Func)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "sync" || (fn.Name() != "Put" && fn.Name() != "Get") {
		return nil, nil, nil
	}
	if recv := fn.Signature().Recv(); recv == nil || !isSyncPool(recv.Type()) {
		return nil, nil, nil
	}
	return sel, fn, s
}

// isSyncPool reports whether t is *sync.Pool.
func isSyncPool(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync" && n.Obj().Name() == "Pool"
}

// isPointerType reports whether t's core type is a pointer.
func isPointerType(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := coreType(t).(*types.Pointer)
	return ok
}
