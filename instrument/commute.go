package instrument

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Commutative isolated sections. Schedule exploration runs the program once
// per order of its isolated sections that can change the computation graph;
// two sections conflict when they touch a common location and one writes
// it. A section such as
//
//	t.Isolated(func() { count++ })
//
// conflicts with every other like it, so n tasks counting would need n!
// orders, although every order computes the same count and nothing else
// depends on the order. The rewriter therefore marks an Isolated call whose
// body is a commutative update: every statement is x++, x--, x += e or
// x -= e (or all of them *=, or |=, or &=, or ^=, one class for the whole
// body) of an integer location x, where e is a constant or a variable local
// to the enclosing function that no Isolated body of the file assigns. Two
// such sections of the same class leave the same memory in either order,
// and they read nothing but the locations they update, whose values flow
// only into those locations; so exploring one order of them is enough
// (rt's explorer treats them as non-conflicting). Integer arithmetic wraps,
// so addition and multiplication are commutative and associative; floating
// point is not, and strings do not commute, so neither qualifies.

// Classes of commutative updates, as rt.SiteInfo.Commute values.
const (
	commuteNone = iota
	commuteAdd  // ++, --, +=, -=
	commuteMul  // *=
	commuteOr   // |=
	commuteAnd  // &=
	commuteXor  // ^=
)

// commuteClass returns the class of the commutative update that the body
// of an Isolated call is, or commuteNone.
func (r *fileRewriter) commuteClass(body ast.Expr) int {
	lit, ok := ast.Unparen(body).(*ast.FuncLit)
	if !ok || len(lit.Body.List) == 0 {
		return commuteNone
	}
	class := commuteNone
	for _, s := range lit.Body.List {
		var c int
		var lhs, rhs ast.Expr
		switch s := s.(type) {
		case *ast.IncDecStmt:
			c, lhs = commuteAdd, s.X
		case *ast.AssignStmt:
			if len(s.Lhs) != 1 || len(s.Rhs) != 1 {
				return commuteNone
			}
			switch s.Tok {
			case token.ADD_ASSIGN, token.SUB_ASSIGN:
				c = commuteAdd
			case token.MUL_ASSIGN:
				c = commuteMul
			case token.OR_ASSIGN:
				c = commuteOr
			case token.AND_ASSIGN:
				c = commuteAnd
			case token.XOR_ASSIGN:
				c = commuteXor
			default:
				return commuteNone
			}
			lhs, rhs = s.Lhs[0], s.Rhs[0]
		default:
			return commuteNone
		}
		if class != commuteNone && c != class {
			return commuteNone
		}
		class = c
		if !r.integer(lhs) || !r.pureLocation(lhs) || (rhs != nil && !r.stableOperand(rhs, lit)) {
			return commuteNone
		}
	}
	return class
}

// integer reports whether x has an integer type.
func (r *fileRewriter) integer(x ast.Expr) bool {
	tv, ok := r.info.Types[x]
	if !ok {
		return false
	}
	b, ok := tv.Type.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// pureLocation reports whether x names one location, the same whatever
// order isolated sections run in: an identifier, a field of one, an element
// at a constant or identifier index, or what a pointer variable points to,
// where every identifier but a bare x itself is one no Isolated body of the
// file assigns (so the location does not move with the order).
func (r *fileRewriter) pureLocation(x ast.Expr) bool {
	if _, ok := ast.Unparen(x).(*ast.Ident); ok {
		return true
	}
	return r.fixedPath(x)
}

func (r *fileRewriter) fixedPath(x ast.Expr) bool {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		v, ok := r.info.Uses[x].(*types.Var)
		return ok && !r.isoAssigned()[v]
	case *ast.SelectorExpr:
		if _, ok := r.info.Selections[x]; !ok {
			return false // a qualified identifier of another package
		}
		return r.fixedPath(x.X)
	case *ast.IndexExpr:
		if tv, ok := r.info.Types[x.Index]; ok && tv.Value != nil {
			return r.fixedPath(x.X)
		}
		return r.fixedPath(x.Index) && r.fixedPath(x.X)
	case *ast.StarExpr:
		return r.fixedPath(x.X)
	}
	return false
}

// stableOperand reports whether e is a constant, or a local variable of a
// function enclosing body (not declared inside it) that no Isolated body of
// the file assigns.
func (r *fileRewriter) stableOperand(e ast.Expr, body *ast.FuncLit) bool {
	if tv, ok := r.info.Types[e]; ok && tv.Value != nil {
		return true
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := r.info.Uses[id].(*types.Var)
	if !ok || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return false // not a local variable
	}
	if v.Pos() >= body.Pos() && v.Pos() < body.End() {
		return false
	}
	return !r.isoAssigned()[v]
}

// isoAssigned returns the variables assigned inside the bodies of Isolated
// calls of the file, computed once.
func (r *fileRewriter) isoAssigned() map[*types.Var]bool {
	if r.isoVars != nil {
		return r.isoVars
	}
	r.isoVars = map[*types.Var]bool{}
	ast.Inspect(r.file, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		body := r.isolatedBody(call)
		if body == nil {
			return true
		}
		ast.Inspect(body, func(n ast.Node) bool {
			var targets []ast.Expr
			switch s := n.(type) {
			case *ast.AssignStmt:
				targets = s.Lhs
			case *ast.IncDecStmt:
				targets = []ast.Expr{s.X}
			case *ast.UnaryExpr:
				if s.Op == token.AND {
					targets = []ast.Expr{s.X} // its address may be written through
				}
			}
			for _, t := range targets {
				if id, ok := ast.Unparen(t).(*ast.Ident); ok {
					if v, ok := r.info.Uses[id].(*types.Var); ok {
						r.isoVars[v] = true
					}
				}
			}
			return true
		})
		return true
	})
	return r.isoVars
}
