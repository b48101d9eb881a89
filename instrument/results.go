package instrument

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"
)

// Named results. A named result that a function literal captures or whose
// address is taken lives on the heap, and returning copies it out: a bare
// return reads every named result, and return e1, e2 first writes them
// (Go's race detector sees both, as the loads and stores of the heap
// variable). Results that no other goroutine or task can reach (not
// escapes.reachable) make no access that could race, and get no hook.
//
// return a, where a is the result itself, stores nothing (Go's compiler
// leaves out that self-assignment, which the race detector used to report
// as racing with the goroutines that read a).
//
// The write of return e is hooked only when the statement neither
// receives nor calls a function: such a right-hand side may synchronise,
// and the write, which comes after it, has no place after a return
// (syncorder.go hooks assignments after the statement for that reason).

// returnResults adds the accesses of the named results of the function
// that ret returns from.
func (c *collector) returnResults(ret *ast.ReturnStmt) {
	ft := c.r.enclosingFuncType(ret)
	if ft == nil || ft.Results == nil {
		return
	}
	write := len(ret.Results) > 0
	if write && (len(c.syncEnds) > 0 || len(c.taskEnds) > 0) {
		return
	}
	scope := c.r.pkg.Types.Scope().Innermost(ret.Pos())
	i := -1
	for _, f := range ft.Results.List {
		for _, name := range f.Names {
			i++
			v, _ := c.r.info.Defs[name].(*types.Var)
			if v == nil || !c.r.facts.esc.reachable(v) {
				continue
			}
			if write && i < len(ret.Results) && c.varOf(ast.Unparen(ret.Results[i])) == v {
				continue // return a, … for result a: no store (as in Go)
			}
			if scope == nil {
				continue
			}
			if _, obj := scope.LookupParent(name.Name, ret.Pos()); obj != v {
				continue // shadowed at a return with operands
			}
			c.add(&acc{pos: ret.Pos(), write: write, form: formAddr, loc: name, shown: name})
		}
	}
}

// enclosingFuncType returns the type of the innermost function declaration
// or literal that contains n.
func (r *fileRewriter) enclosingFuncType(n ast.Node) *ast.FuncType {
	path, _ := astutil.PathEnclosingInterval(r.file, n.Pos(), n.End())
	for _, p := range path {
		switch f := p.(type) {
		case *ast.FuncLit:
			return f.Type
		case *ast.FuncDecl:
			return f.Type
		}
	}
	return nil
}
