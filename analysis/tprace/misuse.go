package tprace

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tpinstr/tpinstr/analysis/pst"
)

// taskBody is the literal body of code that runs as a task of its own (or as
// a goroutine): a handle from outside it belongs to another task.
type taskBody struct {
	lit *ast.FuncLit
	// what runs it: "Async", "ForAll", ..., "goroutine"
	what string
	at   token.Pos
}

func funcLit(e ast.Expr) *ast.FuncLit {
	lit, _ := ast.Unparen(e).(*ast.FuncLit)
	return lit
}

// misuse runs the syntactic checks of one file.
func (c *checker) misuse(file *ast.File) {
	info := c.pass.TypesInfo
	var bodies []taskBody
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			tc, ok := pst.Classify(info, n)
			if !ok {
				return true
			}
			switch tc.Op {
			case pst.OpIsolated:
				c.insideIsolated(tc.Body)
			case pst.OpAsync, pst.OpForAll, pst.OpForAsync, pst.OpNewFuture, pst.OpRun:
				if lit := funcLit(tc.Body); lit != nil {
					bodies = append(bodies, taskBody{lit, tc.Op.String(), n.Pos()})
				}
			}
		case *ast.GoStmt:
			if lit := funcLit(n.Call.Fun); lit != nil {
				bodies = append(bodies, taskBody{lit, "goroutine", n.Pos()})
			}
		case *ast.AssignStmt:
			c.selfGet(n)
		}
		return true
	})
	innermost := func(pos token.Pos) *taskBody {
		var best *taskBody
		for i := range bodies {
			b := &bodies[i]
			if b.lit.Pos() <= pos && pos < b.lit.End() && (best == nil || b.lit.Pos() > best.lit.Pos()) {
				best = b
			}
		}
		return best
	}
	stores := map[*ast.Ident]bool{}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if !stores[n] {
				c.foreignHandle(n, innermost(n.Pos()))
			}
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if id, ok := ast.Unparen(lhs).(*ast.Ident); ok {
					stores[id] = true // storing into a variable is not using a handle
				}
			}
			if len(n.Lhs) == len(n.Rhs) {
				for i, lhs := range n.Lhs {
					c.storedHandle(lhs, n.Rhs[i], innermost(n.Pos()))
				}
			}
		case *ast.SendStmt:
			if pst.IsHandle(info.TypeOf(n.Value)) {
				c.report(n.Value.Pos(), CategoryStored, "task handle %s sent on a channel, where it may outlive its task or be used by another task", types.ExprString(n.Value))
			}
		}
		return true
	})
}

func (c *checker) report(pos token.Pos, category, format string, args ...any) {
	c.pass.Report(analysis.Diagnostic{Pos: pos, Category: category, Message: fmt.Sprintf(format, args...)})
}

// insideIsolated reports task operations inside an Isolated body: Async,
// NewFuture and Finish there panic, and Get can deadlock. Calls of functions
// whose summary says they may perform one are reported too. Function
// literals inside the body are checked only when called in place: others
// run elsewhere (and nested Isolated bodies are checked on their own).
func (c *checker) insideIsolated(body ast.Expr) {
	lit := funcLit(body)
	if lit == nil {
		return
	}
	info := c.pass.TypesInfo
	inPlace := map[*ast.FuncLit]bool{}
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return inPlace[n]
		case *ast.CallExpr:
			if l := funcLit(n.Fun); l != nil {
				inPlace[l] = true
			}
			tc, ok := pst.Classify(info, n)
			if ok {
				switch tc.Op {
				case pst.OpGet:
					c.report(n.Pos(), CategoryIsolated, "Get inside Isolated: waiting for a future while holding the isolation can deadlock")
				case pst.OpIsolated:
				default:
					c.report(n.Pos(), CategoryIsolated, "%s inside Isolated: Async, NewFuture and Finish (and ForAll, ForAsync, Run) panic inside an Isolated body", tc.Op)
				}
				return true
			}
			fn, ok := typeutilCallee(info, n)
			if !ok {
				return true
			}
			if s := c.summaryOf(fn.Origin()); s != nil && s.Ops != 0 {
				c.report(n.Pos(), CategoryIsolated, "call of %s inside Isolated: it may %s", fn.Name(), opsText(s.Ops))
			}
		}
		return true
	})
}

func opsText(o pst.Ops) string {
	var parts []string
	if o&pst.MaySpawn != 0 {
		parts = append(parts, "spawn tasks (panics)")
	}
	if o&pst.MayFinish != 0 {
		parts = append(parts, "open a Finish (panics)")
	}
	if o&pst.MayGet != 0 {
		parts = append(parts, "call Get (can deadlock)")
	}
	return strings.Join(parts, ", ")
}

// foreignHandle reports a use of a task handle inside the body of another
// task (or of a goroutine) that does not belong to that body: the outer
// task's handle. The suggested fix uses the handle the body receives.
func (c *checker) foreignHandle(id *ast.Ident, b *taskBody) {
	if b == nil {
		return
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || !pst.IsHandle(v.Type()) || v.IsField() {
		return
	}
	if b.lit.Pos() <= v.Pos() && v.Pos() < b.lit.End() {
		return // declared by the body: its own handle
	}
	d := analysis.Diagnostic{
		Pos:      id.Pos(),
		End:      id.End(),
		Category: CategoryForeign,
		Message:  fmt.Sprintf("task handle %s used inside the body of the %s at %s, which runs as another task", id.Name, b.what, c.where(b.at)),
	}
	if own := c.ownHandle(b.lit, id.Pos()); own != nil {
		d.Message += fmt.Sprintf(": use %s, the handle the body receives", own.Name())
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   fmt.Sprintf("use the body's handle %s", own.Name()),
			TextEdits: []analysis.TextEdit{{Pos: id.Pos(), End: id.End(), NewText: []byte(own.Name())}},
		}}
	}
	c.pass.Report(d)
}

// ownHandle returns the body's handle parameter if it has a name that
// denotes it at pos (not shadowed).
func (c *checker) ownHandle(lit *ast.FuncLit, pos token.Pos) *types.Var {
	ps := lit.Type.Params
	if ps == nil || len(ps.List) == 0 || len(ps.List[0].Names) == 0 {
		return nil
	}
	name := ps.List[0].Names[0]
	v, ok := c.pass.TypesInfo.Defs[name].(*types.Var)
	if !ok || name.Name == "_" || !pst.IsHandle(v.Type()) {
		return nil
	}
	scope := c.pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return nil
	}
	if _, obj := scope.LookupParent(name.Name, pos); obj != v {
		return nil
	}
	return v
}

// storedHandle reports storing a task handle where it may outlive its task:
// in a package-level variable, in memory reached through a pointer, a field
// or an element, or in a variable declared outside the task body that
// stores it.
func (c *checker) storedHandle(lhs, rhs ast.Expr, b *taskBody) {
	info := c.pass.TypesInfo
	if !pst.IsHandle(info.TypeOf(rhs)) {
		return
	}
	var where string
	switch l := ast.Unparen(lhs).(type) {
	case *ast.Ident:
		v, ok := info.ObjectOf(l).(*types.Var)
		switch {
		case !ok || l.Name == "_":
			return
		case v.Pkg() != nil && v.Parent() == v.Pkg().Scope():
			where = "package-level variable " + l.Name
		case b != nil && !(b.lit.Pos() <= v.Pos() && v.Pos() < b.lit.End()):
			where = fmt.Sprintf("%s, declared outside the body of the %s at %s", l.Name, b.what, c.where(b.at))
		default:
			return
		}
	case *ast.SelectorExpr:
		if info.Selections[l] == nil {
			where = "package-level variable " + types.ExprString(l)
		} else {
			where = types.ExprString(l)
		}
	case *ast.IndexExpr, *ast.StarExpr:
		where = types.ExprString(l)
	default:
		return
	}
	c.report(rhs.Pos(), CategoryStored, "task handle %s stored in %s, where it may outlive its task", types.ExprString(rhs), where)
}

// selfGet reports a Get, inside a future's body, of the variable the
// future's handle is assigned to: the future would wait for itself.
func (c *checker) selfGet(as *ast.AssignStmt) {
	if as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
		return
	}
	info := c.pass.TypesInfo
	for i, rhs := range as.Rhs {
		call, ok := ast.Unparen(rhs).(*ast.CallExpr)
		if !ok {
			continue
		}
		tc, ok := pst.Classify(info, call)
		if !ok || tc.Op != pst.OpNewFuture {
			continue
		}
		lit := funcLit(tc.Body)
		if lit == nil {
			continue
		}
		target := types.ExprString(as.Lhs[i])
		root := rootObject(info, as.Lhs[i])
		ast.Inspect(lit.Body, func(n ast.Node) bool {
			get, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			gc, ok := pst.Classify(info, get)
			if ok && gc.Op == pst.OpGet && types.ExprString(gc.Recv) == target && rootObject(info, gc.Recv) == root {
				c.report(get.Pos(), CategorySelfGet, "Get of future %s inside its own body: the future waits for itself and never returns", target)
			}
			return true
		})
	}
}

// rootObject returns the object of the identifier an expression like
// x, x.f or x[i] starts from.
func rootObject(info *types.Info, e ast.Expr) types.Object {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return info.ObjectOf(x)
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return nil
		}
	}
}
