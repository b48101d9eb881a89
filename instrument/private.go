package instrument

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Objects private to one activation of a function.
//
// A scratch buffer, a local map being filled, a node built before it is
// linked: objects that a function allocates and uses by itself are among
// the commonest in Go, and a sieve's `composite := make([]bool, n)` or a
// `seen := map[string]bool{}` would otherwise cost one hook per access. The
// rule leaves out the hooks of accesses to such objects:
//
//	v := make([]T, n)   // or []T{…}, new(T), &T{…}, make(map…), map…{…}, nil
//	…
//	v[i] = x            // no hook: the element is in v's object
//	y := v[j].f         // no hook
//	for _, e := range v // no hook for the elements read
//
// Conditions. v is a local variable of a function body (not a parameter,
// result or receiver), of slice, map or pointer type, in a file that does
// not use package unsafe, and:
//
//  1. Every value assigned to v (its declaration included) is a fresh
//     allocation: make, new, a composite literal or the address of one,
//     nil, or a reslice v[i:j] of v itself (the same object).
//  2. Every other use of v reaches into its object and copies nothing of
//     the reference: v[i], m[k], *p and p.f (a field of p's own struct,
//     not through an embedded pointer), read, written or both; len, cap,
//     delete and clear of v; range over v; v == nil and v != nil.
//  3. No part of the object has its address taken: the expressions that
//     denote a part of it (v[i], then its fields and array elements, p.f,
//     *p) are never operands of &, never sliced (an array part), and never
//     the receiver of a method with a pointer receiver (an implicit &).
//     Reading a part copies its value: the copy is not the object.
//  4. v is not shared (escapes.isShared): no function literal refers to it
//     and its address is not taken.
//
// Why no race is hidden. By (1) every object v ever refers to was
// allocated by this activation of the function, and by (2) and (3) no
// reference to it, or into it, is ever stored anywhere but in v: it is
// not passed to a call, returned, sent, captured, stored in another
// object, or converted, and no pointer to a part of it exists. By (4) only
// the code of the activation itself reads v, and an activation runs on one
// goroutine, in one task of the task library (a function literal passed to
// Async, Finish or go would refer to v, which (4) excludes). So every
// access to the object is made by one goroutine or task, in its program
// order, and no two of them can race in any schedule; the other accesses
// of the program never touch the object, so leaving these out changes no
// verdict on them. The object gets no shadow state: when it dies and its
// memory is reused, the next object there finds nothing of it, as if it
// had never been accessed.
//
// Hooks inside the body of an Isolated call stay, as every hook there does
// (place.go): exploration reads the locations a section touches. The rule
// is an optimization like the others (OptPrivate): switched off, every
// hook stays in and the verdicts are the same.

// findPrivates returns the variables of file whose objects are private to
// their function's activation (see above).
func findPrivates(info *types.Info, file *ast.File, esc *escapes) map[*types.Var]bool {
	if esc.unsafe {
		return nil
	}
	p := &privateFinder{info: info, esc: esc, cand: map[*types.Var]bool{}, bad: map[*types.Var]bool{}}
	var stack []ast.Node
	ast.Inspect(file, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if id, ok := n.(*ast.Ident); ok {
			p.ident(id, stack)
		}
		stack = append(stack, n)
		return true
	})
	out := map[*types.Var]bool{}
	for v := range p.cand {
		if !p.bad[v] && !esc.isShared(v) && !esc.pointedTo(v) {
			out[v] = true
		}
	}
	return out
}

// privateFinder classifies the occurrences of local variables.
type privateFinder struct {
	info *types.Info
	esc  *escapes
	cand map[*types.Var]bool // declared in a function body, of a kind the rule takes
	bad  map[*types.Var]bool // an occurrence breaks a condition
}

// ident classifies one occurrence of an identifier; stack holds its
// ancestors, innermost last.
func (p *privateFinder) ident(id *ast.Ident, stack []ast.Node) {
	v, def := p.info.Defs[id].(*types.Var)
	if !def {
		v, _ = p.info.Uses[id].(*types.Var)
	}
	if v == nil || v.IsField() || isPackageLevel(v) || !privateKind(v.Type()) {
		return
	}
	if def {
		if _, declared := p.esc.declFunc[v]; !declared || !p.declaredInBody(stack) {
			p.bad[v] = true // a parameter, result or receiver
			return
		}
		p.cand[v] = true
	}
	if !p.occurrenceOK(id, v, stack) {
		p.bad[v] = true
	}
}

// privateKind reports whether values of type t are references to one
// object that the rule can follow: slices, maps and pointers.
func privateKind(t types.Type) bool {
	switch coreType(t).(type) {
	case *types.Slice, *types.Map, *types.Pointer:
		return true
	}
	return false
}

// declaredInBody reports whether a definition whose ancestors are stack is
// in a function body (not in a signature).
func (p *privateFinder) declaredInBody(stack []ast.Node) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		switch stack[i].(type) {
		case *ast.FuncType:
			return false
		case *ast.BlockStmt:
			return true
		}
	}
	return false
}

// occurrenceOK reports whether the occurrence id of v keeps conditions (1)
// to (3).
func (p *privateFinder) occurrenceOK(id *ast.Ident, v *types.Var, stack []ast.Node) bool {
	child, parent := climbParens(id, stack)
	switch x := parent.(type) {
	case *ast.AssignStmt:
		for i, l := range x.Lhs {
			if ast.Unparen(l) == id {
				return (x.Tok == token.ASSIGN || x.Tok == token.DEFINE) && len(x.Lhs) == len(x.Rhs) && p.fresh(x.Rhs[i], v)
			}
		}
		// On the right: a reslice of v assigned to v is the SliceExpr's
		// case, so v itself here is copied.
		return false
	case *ast.ValueSpec:
		for i, name := range x.Names {
			if name == id {
				return len(x.Values) == 0 || len(x.Values) == len(x.Names) && p.fresh(x.Values[i], v)
			}
		}
		return false
	case *ast.IndexExpr:
		if x.X != child {
			return false // v as an index: not of the kinds taken
		}
		if _, isMap := coreType(v.Type()).(*types.Map); isMap {
			return true // map elements are not addressable
		}
		return p.partOK(x, stack)
	case *ast.StarExpr:
		return p.partOK(x, stack)
	case *ast.SelectorExpr:
		s := p.info.Selections[x]
		if s == nil || s.Kind() != types.FieldVal || len(s.Index()) != 1 {
			return false // a method of v, or a field through embedded ones
		}
		return p.partOK(x, stack)
	case *ast.SliceExpr:
		// v[i:j] assigned to v: the same object.
		_, gp := climbParens(x, stack)
		if as, ok := gp.(*ast.AssignStmt); ok && as.Tok == token.ASSIGN && len(as.Lhs) == len(as.Rhs) {
			for i, r := range as.Rhs {
				if ast.Unparen(r) == x {
					l, ok := ast.Unparen(as.Lhs[i]).(*ast.Ident)
					return ok && p.info.Uses[l] == v
				}
			}
		}
		return false
	case *ast.CallExpr:
		b, ok := p.info.Uses[identOf(ast.Unparen(x.Fun))].(*types.Builtin)
		if !ok || len(x.Args) == 0 || x.Args[0] != child {
			return false
		}
		switch b.Name() {
		case "len", "cap", "delete", "clear":
			return true
		}
		return false
	case *ast.RangeStmt:
		return x.X == child
	case *ast.BinaryExpr:
		other := x.Y
		if x.Y == child {
			other = x.X
		}
		return (x.Op == token.EQL || x.Op == token.NEQ) && p.info.Types[other].IsNil()
	}
	return false
}

// partOK reports whether the part of an object that part denotes (v[i],
// *p, p.f), and the parts of it that enclosing field selections and array
// indexing denote, are only read or written, never addressed (condition
// (3)).
func (p *privateFinder) partOK(part ast.Expr, stack []ast.Node) bool {
	n := ast.Node(part)
	for {
		child, parent := climbParens(n, stack)
		switch x := parent.(type) {
		case *ast.SelectorExpr:
			if x.X != child {
				return true
			}
			s := p.info.Selections[x]
			if s == nil {
				return true
			}
			if s.Kind() == types.FieldVal {
				if s.Indirect() {
					return true // the field is behind a pointer: another object
				}
				n = x
				continue
			}
			// A method: a pointer receiver takes the part's address.
			fn, _ := s.Obj().(*types.Func)
			if fn == nil {
				return false
			}
			sig, _ := fn.Type().(*types.Signature)
			if sig == nil || sig.Recv() == nil {
				return false
			}
			if _, ptrRecv := sig.Recv().Type().Underlying().(*types.Pointer); ptrRecv {
				_, partIsPtr := coreType(p.info.TypeOf(child.(ast.Expr))).(*types.Pointer)
				return partIsPtr
			}
			return len(s.Index()) == 1
		case *ast.IndexExpr:
			if x.X == child && isArray(p.info.TypeOf(child.(ast.Expr))) {
				n = x
				continue
			}
			return true
		case *ast.UnaryExpr:
			return x.Op != token.AND
		case *ast.SliceExpr:
			return x.X != child || !isArray(p.info.TypeOf(child.(ast.Expr)))
		}
		return true
	}
}

// climbParens returns the outermost parenthesized form of n and its
// parent, given n's ancestors (stack, innermost last) or, for an n inside
// stack, those of n.
func climbParens(n ast.Node, stack []ast.Node) (child, parent ast.Node) {
	i := len(stack) - 1
	for i >= 0 && stack[i] != n {
		i--
	}
	if i < 0 {
		// n is the node whose ancestors stack holds.
		i = len(stack)
	}
	child = n
	for i--; i >= 0; i-- {
		if pe, ok := stack[i].(*ast.ParenExpr); ok {
			child = pe
			continue
		}
		return child, stack[i]
	}
	return child, nil
}

// fresh reports whether e, assigned to v, is a fresh allocation, nil, or a
// reslice of v (condition (1)).
func (p *privateFinder) fresh(e ast.Expr, v *types.Var) bool {
	e = ast.Unparen(e)
	if p.info.Types[e].IsNil() {
		return true
	}
	switch x := e.(type) {
	case *ast.CompositeLit:
		return true
	case *ast.UnaryExpr:
		_, lit := ast.Unparen(x.X).(*ast.CompositeLit)
		return x.Op == token.AND && lit
	case *ast.CallExpr:
		b, ok := p.info.Uses[identOf(ast.Unparen(x.Fun))].(*types.Builtin)
		return ok && (b.Name() == "make" || b.Name() == "new")
	case *ast.SliceExpr:
		id, ok := ast.Unparen(x.X).(*ast.Ident)
		return ok && p.info.Uses[id] == v
	}
	return false
}

// privateLoc reports whether the access a is to an object private to its
// function's activation (see above): its hook can be left out.
func (r *fileRewriter) privateLoc(a *acc) bool {
	if !r.on(OptPrivate) || len(r.facts.private) == 0 || r.facts.inIsolated(a.pos) {
		return false
	}
	switch a.form {
	case formAddr:
		return r.privateMem(a.loc)
	case formPtr, formMap, formSlice:
		return r.privateRef(a.loc)
	}
	return false
}

// privateRef reports whether e is a private variable (findPrivates).
func (r *fileRewriter) privateRef(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, _ := r.info.Uses[id].(*types.Var)
	return v != nil && r.facts.private[v]
}

// privateMem reports whether the addressable expression x denotes memory
// inside the object of a private variable: v[i], m[k], *p or p.f, or a
// field or array element of one of those.
func (r *fileRewriter) privateMem(x ast.Expr) bool {
	switch y := ast.Unparen(x).(type) {
	case *ast.IndexExpr:
		switch coreType(r.info.TypeOf(y.X)).(type) {
		case *types.Slice, *types.Pointer, *types.Map:
			return r.privateRef(y.X)
		case *types.Array:
			return r.privateMem(y.X)
		}
	case *ast.StarExpr:
		return r.privateRef(y.X)
	case *ast.SelectorExpr:
		s := r.info.Selections[y]
		if s == nil || s.Kind() != types.FieldVal {
			return false
		}
		if _, ptr := coreType(r.info.TypeOf(y.X)).(*types.Pointer); ptr {
			return len(s.Index()) == 1 && r.privateRef(y.X)
		}
		if s.Indirect() {
			return false
		}
		return r.privateMem(y.X)
	}
	return false
}
