package instrument

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Loops that spin on plain memory.
//
// A goroutine may wait for another by spinning on memory that the other
// writes, with no synchronisation at all (a racy program, which the
// checker reports):
//
//	for !done {
//	}
//
// Go's scheduler preempts such a loop and the writer runs. The checked
// executor runs one goroutine until it waits, and the loop's reads after
// the first are covered by that first read's hook (straight.go), so the
// loop would enter no hook and run for ever while the writer, suspended,
// never runs. So a for statement with a condition only (no init, no
// post), whose condition reads memory that another goroutine can write (a
// package-level variable, or anything reached through a selector, an
// index or a pointer) and calls nothing, and whose body calls nothing and
// makes no channel operation, gets the hook rt.Spin(site) at the top of
// its body: in a checked run of goroutines, every few iterations it lets
// the others go first, as runtime.Gosched does (rt.Gosched), an order the
// program can take that synchronises nothing. Loops of other shapes enter
// a hook each iteration, or call something that may.

// spinLoop gives the loop s the hook rt.Spin when it may spin on plain
// memory (see above).
func (g *goRewriter) spinLoop(s *ast.ForStmt) {
	if s.Init != nil || s.Post != nil || s.Cond == nil || s.Body == nil {
		return
	}
	if !g.sharedRead(s.Cond) || busyBody(s.Body) || busyBody(s.Cond) {
		return
	}
	site := g.site(s.Pos(), s)
	g.insert(s.Body.Lbrace+1, rt("Spin")+"("+site+"); ", prioFirst)
}

// busyBody reports whether n calls something, makes a channel operation,
// starts a goroutine or declares a function: whether a spinning loop
// would enter hooks, or block, anyway.
func busyBody(n ast.Node) bool {
	busy := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr, *ast.GoStmt, *ast.SendStmt, *ast.SelectStmt, *ast.DeferStmt, *ast.FuncLit:
			busy = true
		case *ast.UnaryExpr:
			busy = busy || x.Op == token.ARROW
		case *ast.RangeStmt:
			busy = true // over a channel it receives; others hook each element
		}
		return !busy
	})
	return busy
}

// sharedRead reports whether e reads memory that another goroutine can
// write: a package-level variable, or a location reached through a
// selector of a field, an index or a pointer.
func (g *goRewriter) sharedRead(e ast.Expr) bool {
	shared := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.Ident:
			if v, ok := g.r.info.Uses[x].(*types.Var); ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
				shared = true
			}
		case *ast.SelectorExpr:
			if sel, ok := g.r.info.Selections[x]; ok && sel.Kind() == types.FieldVal {
				shared = true
			}
		case *ast.IndexExpr, *ast.StarExpr:
			shared = true
		}
		return !shared
	})
	return shared
}
