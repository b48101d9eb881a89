package instrument

import (
	"go/ast"
	"go/token"
	"go/types"
)

// effects is what running some statements or expressions may do besides
// computing values, as far as the hook optimizations need to know.
type effects struct {
	// call: they may run code other than their own expressions: a call
	// (other than of a conversion, of a builtin that runs no code of the
	// program, of a pure function, see pure.go, or of a byte order's
	// fixed-size accessor, see byteAccessor; so no task-library call), a
	// channel operation, a go, defer or select statement, or a
	// range over a function or channel.
	call bool
	// branch: they contain break, continue, goto, return, fallthrough or
	// a label.
	branch bool
	// unbounded: they contain a for loop without a condition.
	unbounded bool
	// vars are the variables written by name: x for x = …, x.f = …, x++,
	// x.a[i] = … of an array a, and the variables := declares or
	// redeclares, and range assigns.
	vars map[*types.Var]bool
	// mem are the other locations written: through a pointer, a slice, or
	// by copy, clear and append. Map elements are left out: no variable
	// or addressable location is in a map's storage.
	mem []memWrite
}

// memWrite is a write of a location that is not (part of) a variable named
// in the write.
type memWrite struct {
	typ types.Type // the type of the location written
	// elem is set when the location is (part of) an element of a slice:
	// the slice's element type. Such a write can reach a variable only
	// if the variable holds an array of that type, which the slice is a
	// slice of.
	elem types.Type
}

// effectsOf scans nodes, which are statements or expressions; function
// literals in them are not run by them and are skipped.
func (f *facts) effectsOf(nodes ...ast.Node) *effects {
	ef := &effects{vars: map[*types.Var]bool{}}
	for _, n := range nodes {
		if n == nil {
			continue
		}
		ast.Inspect(n, func(n ast.Node) bool { return f.effect(ef, n) })
	}
	return ef
}

// effect records what n does into ef and tells ast.Inspect whether to
// look inside n.
func (f *facts) effect(ef *effects, n ast.Node) bool {
	switch x := n.(type) {
	case *ast.FuncLit:
		return false
	case *ast.CallExpr:
		f.callEffect(ef, x)
	case *ast.UnaryExpr:
		if x.Op == token.ARROW {
			ef.call = true
		}
	case *ast.SendStmt, *ast.GoStmt, *ast.DeferStmt, *ast.SelectStmt:
		ef.call = true
	case *ast.BranchStmt, *ast.LabeledStmt, *ast.ReturnStmt:
		ef.branch = true
	case *ast.ForStmt:
		if x.Cond == nil {
			ef.unbounded = true
		}
	case *ast.RangeStmt:
		switch coreType(f.info.TypeOf(x.X)).(type) {
		case *types.Signature, *types.Chan, nil:
			ef.call = true
		}
		if x.Tok == token.DEFINE {
			f.defines(ef, x.Key, x.Value)
		} else {
			f.writeEffect(ef, x.Key)
			f.writeEffect(ef, x.Value)
		}
	case *ast.AssignStmt:
		if x.Tok == token.DEFINE {
			f.defines(ef, x.Lhs...)
		} else {
			for _, e := range x.Lhs {
				f.writeEffect(ef, e)
			}
		}
	case *ast.IncDecStmt:
		f.writeEffect(ef, x.X)
	case *ast.CaseClause:
		// A type switch's variable is declared anew in each clause.
		if v, ok := f.info.Implicits[x].(*types.Var); ok {
			ef.vars[v] = true
		}
	case *ast.DeclStmt:
		if gd, ok := x.Decl.(*ast.GenDecl); ok && gd.Tok == token.VAR {
			for _, sp := range gd.Specs {
				if vs, ok := sp.(*ast.ValueSpec); ok {
					for _, id := range vs.Names {
						if v, ok := f.info.Defs[id].(*types.Var); ok {
							ef.vars[v] = true
						}
					}
				}
			}
		}
	}
	return true
}

// callEffect records the effects of a call: conversions, the builtins
// that run no code of the program and the byte orders' fixed-size
// accessors (byteAccessor) are not calls, though copy, clear, append and
// the accessors that put write memory.
func (f *facts) callEffect(ef *effects, x *ast.CallExpr) {
	if tv, ok := f.info.Types[x.Fun]; ok && tv.IsType() {
		return
	}
	if h := f.loopHelpers[x]; h != nil {
		ef.mem = append(ef.mem, h.writes...) // a helper's accesses (callee.go)
		return
	}
	if write, _, ok := f.byteAccessor(x); ok {
		if write {
			elem := coreType(f.info.TypeOf(x.Args[0])).(*types.Slice).Elem()
			ef.mem = append(ef.mem, memWrite{typ: elem, elem: elem})
		}
		return
	}
	b, ok := f.callee(x).(*types.Builtin)
	if !ok {
		if !f.pureFunc(x) {
			ef.call = true
		}
		return
	}
	if b.Pkg() != nil && b.Pkg().Path() == "unsafe" {
		ef.call = true
		return
	}
	switch b.Name() {
	case "len", "cap", "min", "max", "real", "imag", "complex", "new", "make", "delete":
	case "append", "copy", "clear":
		if len(x.Args) == 0 {
			return
		}
		if s, ok := coreType(f.info.TypeOf(x.Args[0])).(*types.Slice); ok {
			ef.mem = append(ef.mem, memWrite{typ: s.Elem(), elem: s.Elem()})
		}
	default:
		ef.call = true // panic, recover, print, println, close
	}
}

// defines records the variables that := declares or redeclares.
func (f *facts) defines(ef *effects, lhs ...ast.Expr) {
	for _, e := range lhs {
		id := identOf(e)
		if id == nil {
			continue
		}
		if v, ok := f.info.Defs[id].(*types.Var); ok {
			ef.vars[v] = true
		} else if v, ok := f.info.Uses[id].(*types.Var); ok {
			ef.vars[v] = true
		}
	}
}

// writeEffect records a write of the location e.
func (f *facts) writeEffect(ef *effects, e ast.Expr) {
	if e == nil || isBlank(e) {
		return
	}
	if v := f.rootVar(e); v != nil {
		ef.vars[v] = true
		return
	}
	if ix, ok := ast.Unparen(e).(*ast.IndexExpr); ok {
		if _, isMap := coreType(f.info.TypeOf(ix.X)).(*types.Map); isMap {
			return
		}
	}
	if t := f.info.TypeOf(e); t != nil {
		ef.mem = append(ef.mem, memWrite{typ: t, elem: f.sliceElemOf(e)})
	} else {
		ef.call = true // cannot tell: give up on everything
	}
}

// sliceElemOf returns, when the location e is an element of a slice or a
// part of one (a field, an array element), the slice's element type, and
// nil otherwise.
func (f *facts) sliceElemOf(e ast.Expr) types.Type {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			s := f.info.Selections[x]
			if s == nil || s.Kind() != types.FieldVal || s.Indirect() {
				return nil
			}
			if _, isPtr := coreType(f.info.TypeOf(x.X)).(*types.Pointer); isPtr {
				return nil
			}
			e = x.X
		case *ast.IndexExpr:
			switch u := coreType(f.info.TypeOf(x.X)).(type) {
			case *types.Slice:
				return u.Elem()
			case *types.Array:
				e = x.X
			default:
				return nil
			}
		default:
			return nil
		}
	}
}

// rootVar returns the variable whose own storage holds the location e (x
// for x, x.f, x.a[i] of an array a), or nil when e is reached through a
// pointer, slice or map.
func (f *facts) rootVar(e ast.Expr) *types.Var {
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
			continue
		case *ast.Ident:
			return f.variable(x)
		case *ast.SelectorExpr:
			if v := f.variable(x); v != nil {
				return v
			}
			s := f.info.Selections[x]
			if s == nil || s.Kind() != types.FieldVal || s.Indirect() {
				return nil
			}
			if _, isPtr := coreType(f.info.TypeOf(x.X)).(*types.Pointer); isPtr {
				return nil
			}
			e = x.X
			continue
		case *ast.IndexExpr:
			if !isArray(f.info.TypeOf(x.X)) {
				return nil
			}
			e = x.X
			continue
		}
		return nil
	}
}

// moves reports whether the effects ef may change which location k names:
// write a variable its address depends on, or memory its address is read
// from. (What the location holds does not matter to the optimizations:
// two reads of one location by one step are one read, whatever the step
// wrote to it in between, see straight.go.)
func (ef *effects) moves(esc *escapes, k locKey) bool {
	for _, v := range k.deps {
		if ef.changesVar(esc, v) {
			return true
		}
	}
	return k.memDep && (len(ef.mem) > 0 || ef.pointedVarWritten(esc))
}

// changesVar reports whether ef may change the variable v: by name, or,
// when a pointer may hold its address, by a write of memory that may be a
// part of it. Which memory may be part of v is decided by type (see
// partOf and holdsArrayOf): a write of an int through a pointer cannot
// change a variable of type *T, as only package unsafe can make a pointer
// of one type point to memory of another. A file that uses package unsafe
// gets no such reasoning; a pointer that unsafe code elsewhere made is
// assumed to point to memory of its own type, as Go's types say.
func (ef *effects) changesVar(esc *escapes, v *types.Var) bool {
	if ef.vars[v] {
		return true
	}
	if !esc.pointedTo(v) {
		return false
	}
	if esc.unsafe {
		return len(ef.mem) > 0
	}
	for _, w := range ef.mem {
		if w.elem != nil {
			if holdsArrayOf(v.Type(), w.elem) {
				return true
			}
		} else if partOf(w.typ, v.Type()) {
			return true
		}
	}
	return false
}

// pointedVarWritten reports whether ef writes by name a variable whose
// address a pointer may hold, so that memory read through pointers may
// change.
func (ef *effects) pointedVarWritten(esc *escapes) bool {
	for v := range ef.vars {
		if esc.pointedTo(v) {
			return true
		}
	}
	return false
}
