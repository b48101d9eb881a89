package instrument

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Variables captured by function literals that are only called.
//
// A recursive walk declared as `var walk func(*Node); walk = func…`, a
// helper `add := func(x int) { sum += x }`, a `defer func() { … }()`: Go
// code captures local variables in function literals that it only ever
// calls, on the goroutine that declared them. escapes.isShared counts
// every captured variable as one that another task or goroutine may reach,
// so each access to sum, and each read of walk, would get a hook. The rule
// leaves those hooks out:
//
//	var s Stats
//	var walk func(n *Node)
//	walk = func(n *Node) { … s.Nodes++ …; walk(n.Left) }  // no hooks for s or walk
//	walk(root)
//
// Conditions. A function literal is called only if it is
//
//  1. called where it is written, `func(…){…}(…)` or `defer func(…){…}(…)`,
//     but not `go func(…){…}(…)`; or
//  2. the value assigned (by =, := or var) to a local variable f of a
//     function body whose address is never taken and whose every
//     occurrence is the function of a call that is not a go statement's,
//     the left side of an assignment, its declaration, or an operand of
//     == or != (f != nil).
//
// It is run on its declarer's goroutine when, besides being called only,
// every function literal that encloses one of its calls (for (2), every
// literal between an occurrence of f and f's declaring function) is itself
// run on its declarer's goroutine; the set is the greatest that keeps this
// condition (closureFinder.solve). A local variable v that is neither
// addressed nor package-level is then reached by one goroutine when every
// function literal between an occurrence of v and v's declaring function
// is run on its declarer's goroutine (escapes.reachable).
//
// Why no race is hidden. Take a literal L run on its declarer's goroutine,
// and an execution of its body: a call started it. By (1) or (2) that
// call is written in the function that declares L's variable or in
// another function literal between them (no reference to L's value exists
// anywhere else: f is only called, compared or assigned, never copied,
// passed, stored or captured by address). A call is not a go statement's,
// so it runs L on the goroutine that makes it, during that call. If the
// call is written in the declaring function, that is the activation's
// goroutine; if in a literal, that literal is run on its declarer's
// goroutine too, and the same holds of its execution, by induction on the
// depth of the call stack. So every execution of L's body happens on the
// goroutine of the activation that created L's value, within that
// activation (a deferred call runs at its end, on its goroutine). Every
// access to v is then made by the activation of v's declaring function or
// by a literal on the way, hence by that activation's goroutine, in its
// program order, and no pointer to v exists. In the task library an
// activation runs in one task (Async, Finish, Isolated and the rest take
// their bodies as arguments, which neither (1) nor (2) accepts), so two
// accesses to v are ordered in every schedule and cannot race; the
// program's other accesses never touch v. The greatest set is sound for
// the same reason: the induction is on the calls of an execution, whatever
// cycle of literals calling each other the set holds.
//
// The rule is an optimization (OptClosure): switched off, captured
// variables keep their hooks and the verdicts are the same.

// closureFinder computes which function literals of a file are run on
// their declarer's goroutine, and from that which captured variables one
// goroutine reaches.
type closureFinder struct {
	info *types.Info
	esc  *escapes
	// callerOf maps each literal assigned to a local variable to it (2).
	callerOf map[*ast.FuncLit]*types.Var
	// notRun are the literals that are not run on their declarer's
	// goroutine, as far as solve has found.
	notRun map[*ast.FuncLit]bool
	// badVar are the function variables with an occurrence that (2) does
	// not accept.
	badVar map[*types.Var]bool
	// chains are, for each captured variable, the literals between each of
	// its occurrences and its declaring function, innermost first.
	chains map[*types.Var][][]*ast.FuncLit
}

// findSyncClosures fills e.reach: the locals that some goroutine other
// than their declarer's may reach, given the rule above.
func (e *escapes) findSyncClosures(file *ast.File) {
	f := &closureFinder{
		info: e.info, esc: e,
		callerOf: map[*ast.FuncLit]*types.Var{},
		notRun:   map[*ast.FuncLit]bool{},
		badVar:   map[*types.Var]bool{},
		chains:   map[*types.Var][][]*ast.FuncLit{},
	}
	var stack []ast.Node
	ast.Inspect(file, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		switch x := n.(type) {
		case *ast.FuncLit:
			f.literal(x, stack)
		case *ast.Ident:
			f.ident(x, stack)
		}
		stack = append(stack, n)
		return true
	})
	f.solve()
	e.reach = map[*types.Var]bool{}
	for v, chains := range f.chains {
		for _, ch := range chains {
			for _, l := range ch {
				if f.notRun[l] {
					e.reach[v] = true
				}
			}
		}
	}
}

// literal classifies the function literal l by where it is written.
func (f *closureFinder) literal(l *ast.FuncLit, stack []ast.Node) {
	child, parent := climbParens(l, stack)
	switch p := parent.(type) {
	case *ast.CallExpr:
		if p.Fun == child {
			if _, gp := climbParens(p, stack); !isGoCall(gp, p) {
				return // (1)
			}
		}
	case *ast.AssignStmt:
		if (p.Tok == token.ASSIGN || p.Tok == token.DEFINE) && len(p.Lhs) == len(p.Rhs) {
			for i, r := range p.Rhs {
				if r == child {
					if v := f.localVar(p.Lhs[i]); v != nil {
						f.callerOf[l] = v // (2), if v's occurrences allow
						return
					}
				}
			}
		}
	case *ast.ValueSpec:
		if len(p.Names) == len(p.Values) {
			for i, r := range p.Values {
				if r == child {
					if v, ok := f.info.Defs[p.Names[i]].(*types.Var); ok && f.local(v) {
						f.callerOf[l] = v
						return
					}
				}
			}
		}
	}
	f.notRun[l] = true
}

// isGoCall reports whether call, whose parent is parent, is the call of a
// go statement.
func isGoCall(parent ast.Node, call *ast.CallExpr) bool {
	g, ok := parent.(*ast.GoStmt)
	return ok && g.Call == call
}

// localVar returns the local variable that the left side x of an
// assignment names, or nil.
func (f *closureFinder) localVar(x ast.Expr) *types.Var {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := f.info.Defs[id].(*types.Var)
	if v == nil {
		v, _ = f.info.Uses[id].(*types.Var)
	}
	if v == nil || !f.local(v) {
		return nil
	}
	return v
}

// local reports whether v is a variable declared in a function of the
// file (a parameter or result too) that is not a field.
func (f *closureFinder) local(v *types.Var) bool {
	_, ok := f.esc.declFunc[v]
	return ok && !v.IsField() && !isPackageLevel(v)
}

// ident records an occurrence of a local variable: the literals between
// it and the variable's declaring function, and for a variable of function
// type whether (2) accepts the occurrence.
func (f *closureFinder) ident(id *ast.Ident, stack []ast.Node) {
	v, def := f.info.Defs[id].(*types.Var)
	if !def {
		v, _ = f.info.Uses[id].(*types.Var)
	}
	if v == nil || !f.local(v) {
		return
	}
	decl := f.esc.declFunc[v]
	var chain []*ast.FuncLit
	for i := len(stack) - 1; i >= 0 && stack[i] != decl; i-- {
		if l, ok := stack[i].(*ast.FuncLit); ok {
			chain = append(chain, l)
		}
	}
	if len(chain) > 0 {
		f.chains[v] = append(f.chains[v], chain)
	}
	if _, isFunc := coreType(v.Type()).(*types.Signature); isFunc && !def && !f.calledOnly(id, stack) {
		f.badVar[v] = true
	}
}

// calledOnly reports whether the occurrence id of a function variable is
// one that (2) accepts (its declaration is a definition, not seen here).
func (f *closureFinder) calledOnly(id *ast.Ident, stack []ast.Node) bool {
	child, parent := climbParens(id, stack)
	switch p := parent.(type) {
	case *ast.CallExpr:
		if p.Fun != child {
			return false
		}
		_, gp := climbParens(p, stack)
		return !isGoCall(gp, p)
	case *ast.AssignStmt:
		if p.Tok != token.ASSIGN && p.Tok != token.DEFINE {
			return false
		}
		for _, l := range p.Lhs {
			if l == child {
				return true
			}
		}
	case *ast.BinaryExpr:
		return p.Op == token.EQL || p.Op == token.NEQ
	}
	return false
}

// solve removes from the literals run on their declarer's goroutine every
// one that breaks the condition, until none does: the greatest set.
func (f *closureFinder) solve() {
	for l, v := range f.callerOf {
		if f.badVar[v] || f.esc.addressed[v] {
			f.notRun[l] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for l, v := range f.callerOf {
			if f.notRun[l] {
				continue
			}
			for _, ch := range f.chains[v] {
				for _, m := range ch {
					if m != l && f.notRun[m] {
						f.notRun[l], changed = true, true
					}
				}
			}
		}
	}
}
