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
// body is a commutative update, and rt's explorer treats two sections of
// one class as not conflicting where they update the same bytes (their
// other accesses still conflict as usual: rt/internal/explore, isolog.go).
//
// The rule. A body is a commutative update of class c when it is a list of
// statements each of which is
//
//   - an update x++, x--, x += e or x -= e (class add), or all of them *=,
//     or |=, or &=, or ^= (one class for the whole body), of an integer
//     location x that is not declared in the body and whose place does not
//     move with the order (pureLocation: an identifier, a field of one, an
//     element at a constant or stable index, what a pointer variable points
//     to, every identifier on the path but a bare x one that no Isolated
//     body of the file assigns);
//   - a read that only reads: _ = e (any number of blanks);
//   - a definition v := e of variables of the body;
//
// with at least one update, where every e is stable: built from constants,
// stable variables, operators and conversions, without calls or memory
// reads through pointers, indexes or fields. A stable variable is a
// variable of the body defined by an earlier := of it, or a local variable
// of an enclosing function that no Isolated body of the file assigns and
// whose address the function never takes (neither &v nor a method with a
// pointer receiver called on v): such a variable is a task's own value (a
// loop variable, a parameter, a local computed before the section) or a
// value shared read-only, and no isolated section can change it.
//
// Why exploring one order of such sections is enough. Take two sections A
// and B of class c, of different tasks, adjacent in a schedule. (1) Each
// reads the same stable values in either order: a stable variable of the
// body is computed from the others; an outer one is written by no isolated
// section (not by name, since none assigns it; not through a pointer,
// since its address is never taken), so only plain code writes it, and a
// plain write in another task unordered with the section's read is a race
// the detector reports in every order (the isolated read's hook is kept),
// while an ordered one is the same in every order of the sections. (2) So
// each section computes the same deltas and the same target places (a
// place reads only stable indexes and pointer variables no section
// assigns). (3) Their targets are not stable variables (those are never
// assigned in an Isolated body, and have no address for a pointer target
// to take), so neither section writes what the other reads except the
// targets; and a target is read only by the update of it, whose result
// goes only into it. (4) On a common target both apply an operation of
// class c with their deltas: integer +, * , |, &, ^ wrap and are
// commutative and associative, so x op dA op dB = x op dB op dA. Hence
// AB and BA read the same values outside the targets, make the same
// accesses, and leave the same memory: swapping them changes neither the
// computation graph nor what follows. That is the independence that
// partial-order reduction needs of the pair, and rt's explorer grants it
// only to same-class sections on their common bytes (every other common
// byte still orders them). Floating point is not associative and strings
// do not commute, so neither qualifies; a body with a branch, a call or a
// read of shared memory does not qualify either. The rule is checked
// against brute force in commute_test.go: random bodies, and every order of
// the sections of tasks running those the rule accepts. This is the
// optimization commute; switched off (Config.Disable[OptCommute],
// -instr.disable=commute), no body is a commutative update and exploration
// runs every order of conflicting sections.
//
// The sections of a mutex in plain Go (mutexsection.go) are decided by the
// same rule (commuteStmts), where "Isolated body" reads "Isolated body or
// section of a mutex" throughout: a variable that any of them assigns is
// not stable, and a section runs as a unit against the others of its
// mutex as an Isolated body does against the other Isolated bodies.

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
func (f *facts) commuteClass(body ast.Expr) int {
	lit, ok := ast.Unparen(body).(*ast.FuncLit)
	if !ok {
		return commuteNone
	}
	return f.commuteStmts(lit.Body.List, lit)
}

// commuteStmts returns the class of the commutative update that the
// statements list, which make up the node span (the function literal of an
// Isolated body, or the statements of a mutex section: mutexsection.go),
// are, or commuteNone. It is the rule above, for both.
func (f *facts) commuteStmts(list []ast.Stmt, span ast.Node) int {
	if len(list) == 0 || f.disable[OptCommute] {
		return commuteNone
	}
	c := &commuteCheck{f: f, span: span, addr: f.addressTaken(span)}
	class := commuteNone
	for _, s := range list {
		var k int
		var lhs, rhs ast.Expr
		switch s := s.(type) {
		case *ast.IncDecStmt:
			k, lhs = commuteAdd, s.X
		case *ast.AssignStmt:
			switch s.Tok {
			case token.ADD_ASSIGN, token.SUB_ASSIGN:
				k = commuteAdd
			case token.MUL_ASSIGN:
				k = commuteMul
			case token.OR_ASSIGN:
				k = commuteOr
			case token.AND_ASSIGN:
				k = commuteAnd
			case token.XOR_ASSIGN:
				k = commuteXor
			case token.DEFINE, token.ASSIGN:
				if !c.readOnly(s) {
					return commuteNone
				}
				continue
			default:
				return commuteNone
			}
			if len(s.Lhs) != 1 || len(s.Rhs) != 1 {
				return commuteNone
			}
			lhs, rhs = s.Lhs[0], s.Rhs[0]
		default:
			return commuteNone
		}
		if class != commuteNone && k != class {
			return commuteNone
		}
		class = k
		if !f.integer(lhs) || !c.pureLocation(lhs) || c.inBody(lhs) || (rhs != nil && !c.stable(rhs)) {
			return commuteNone
		}
	}
	return class
}

// commuteCheck is what commuteClass knows of the body it decides.
type commuteCheck struct {
	f    *facts
	span ast.Node            // the body: what its own variables are declared in
	addr map[*types.Var]bool // locals whose address the enclosing function takes
}

// readOnly reports whether s, a = or := statement, only reads: _ = e, or
// v := e defining variables of the body, with e stable.
func (c *commuteCheck) readOnly(s *ast.AssignStmt) bool {
	if len(s.Lhs) != len(s.Rhs) {
		return false
	}
	for i, l := range s.Lhs {
		id, ok := ast.Unparen(l).(*ast.Ident)
		if !ok {
			return false
		}
		if id.Name != "_" {
			if s.Tok != token.DEFINE {
				return false
			}
			if _, ok := c.f.info.Defs[id].(*types.Var); !ok {
				return false // a variable redeclared by :=: assigned, not defined
			}
		}
		if !c.stable(s.Rhs[i]) {
			return false
		}
	}
	return true
}

// inBody reports whether x is a variable declared in the body.
func (c *commuteCheck) inBody(x ast.Expr) bool {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := c.f.info.Uses[id].(*types.Var)
	return ok && v.Pos() >= c.span.Pos() && v.Pos() < c.span.End()
}

// stable reports whether e is a stable expression: constants and stable
// variables combined by operators and conversions.
func (c *commuteCheck) stable(e ast.Expr) bool {
	if tv, ok := c.f.info.Types[e]; ok && tv.Value != nil {
		return true
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return c.stableVar(e)
	case *ast.UnaryExpr:
		switch e.Op {
		case token.ADD, token.SUB, token.XOR, token.NOT:
			return c.stable(e.X)
		}
	case *ast.BinaryExpr:
		return c.stable(e.X) && c.stable(e.Y)
	case *ast.CallExpr:
		if tv, ok := c.f.info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
			_, basic := tv.Type.Underlying().(*types.Basic)
			return basic && c.stable(e.Args[0])
		}
	}
	return false
}

// stableVar reports whether id is a stable variable: one of the body
// (defined by its := statements, the only statements that assign one), or
// a local variable of an enclosing function that no Isolated body of the
// file assigns and whose address is never taken.
func (c *commuteCheck) stableVar(id *ast.Ident) bool {
	v, ok := c.f.info.Uses[id].(*types.Var)
	if !ok || v.Parent() == nil || v.Parent() == v.Pkg().Scope() || v.IsField() {
		return false // not a local variable
	}
	if v.Pos() >= c.span.Pos() && v.Pos() < c.span.End() {
		return true
	}
	return !c.f.isoAssigned()[v] && !c.addr[v]
}

// pureLocation reports whether x names one location, the same whatever
// order isolated sections run in: an identifier, a field of one, an element
// at a constant or identifier index, or what a pointer variable points to,
// where every identifier but a bare x itself is one no Isolated body of the
// file assigns (so the location does not move with the order), and an
// integer identifier (an index) has no address taken either.
func (c *commuteCheck) pureLocation(x ast.Expr) bool {
	if _, ok := ast.Unparen(x).(*ast.Ident); ok {
		return true
	}
	return c.fixedPath(x)
}

func (c *commuteCheck) fixedPath(x ast.Expr) bool {
	f := c.f
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		v, ok := f.info.Uses[x].(*types.Var)
		return ok && !f.isoAssigned()[v] && !(f.integer(x) && c.addr[v])
	case *ast.SelectorExpr:
		if _, ok := f.info.Selections[x]; !ok {
			return false // a qualified identifier of another package
		}
		return c.fixedPath(x.X)
	case *ast.IndexExpr:
		if tv, ok := f.info.Types[x.Index]; ok && tv.Value != nil {
			return c.fixedPath(x.X)
		}
		return c.fixedPath(x.Index) && c.fixedPath(x.X)
	case *ast.StarExpr:
		return c.fixedPath(x.X)
	}
	return false
}

// integer reports whether x has an integer type.
func (f *facts) integer(x ast.Expr) bool {
	tv, ok := f.info.Types[x]
	if !ok {
		return false
	}
	b, ok := tv.Type.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// addressTaken returns the variables whose address the top-level function
// around n takes: operands of &, and receivers of methods with a pointer
// receiver called or taken as values on an addressable variable. A local
// variable is visible only inside its top-level function, so no other
// code can take its address.
func (f *facts) addressTaken(n ast.Node) map[*types.Var]bool {
	addr := map[*types.Var]bool{}
	var outer ast.Node
	for _, d := range f.file.Decls {
		if d.Pos() <= n.Pos() && n.End() <= d.End() {
			outer = d
		}
	}
	if outer == nil {
		return addr
	}
	mark := func(x ast.Expr) {
		if id, ok := ast.Unparen(x).(*ast.Ident); ok {
			if v, ok := f.info.Uses[id].(*types.Var); ok {
				addr[v] = true
			}
		}
	}
	ast.Inspect(outer, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				mark(n.X)
			}
		case *ast.SelectorExpr:
			if sel, ok := f.info.Selections[n]; ok && sel.Kind() == types.MethodVal {
				if sig, ok := sel.Obj().Type().(*types.Signature); ok && sig.Recv() != nil {
					if _, ptr := sig.Recv().Type().(*types.Pointer); ptr {
						mark(n.X)
					}
				}
			}
		}
		return true
	})
	return addr
}

// isoAssigned returns the variables assigned inside the bodies of Isolated
// calls of the file, and inside its mutex sections (mutexsection.go: any
// section, commutative or not), computed once.
func (f *facts) isoAssigned() map[*types.Var]bool {
	if f.isoVars != nil {
		return f.isoVars
	}
	f.isoVars = map[*types.Var]bool{}
	ast.Inspect(f.file, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if body := f.isolatedBody(call); body != nil {
			f.markAssigned(body)
		}
		return true
	})
	for _, sec := range f.mutexSections() {
		for _, s := range sec.body {
			f.markAssigned(s)
		}
	}
	return f.isoVars
}

// markAssigned adds the variables that n assigns, or whose address it
// takes, to isoVars.
func (f *facts) markAssigned(n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
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
				if v, ok := f.info.Uses[id].(*types.Var); ok {
					f.isoVars[v] = true
				}
			}
		}
		return true
	})
}
