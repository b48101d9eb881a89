package instrument

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Pure functions. The hook optimizations need stretches of code that make
// no task-library call and change no location behind their back; a call
// usually ends such a stretch. A call of a pure function does not: a
// function or a method (not generic, not of a generic type) declared in
// the package being rewritten, called statically (an interface's method
// has no declaration here), whose body calls nothing but builtins that run
// no code of the program and other pure functions, contains no function
// literal, go, defer, select or channel operation, and writes nothing but
// its own receiver, parameters, results and local variables (any write
// through a pointer, a pointer receiver's included, or into a slice
// disqualifies it; its locals are new at every call, so the caller holds
// no pointer to them before it, and a value receiver is a copy). Vector
// arithmetic such as func (v Vec) Dot(w Vec) float64 is pure, and so are
// the functions of math, math/cmplx and math/bits (pureStd). Running
// such a call starts, ends and joins no task, so it stays in the caller's
// step (Surendran and Sarkar, RV 2016, Definition 1), and it changes no
// memory the caller can see. Its own accesses of shared memory have hooks
// in its own body, made by the same step, which the caller's optimizations
// neither rely on nor leave out. A pure function that cannot panic (for
// range hooks, panicFree) is safe as well. The optimization pure is this
// allowance; switched off (Config.Disable[OptPure], -instr.disable=pure),
// no function is pure.

// pureState is the memo of the purity of the package's functions.
type pureState struct {
	decls map[*types.Func]*ast.FuncDecl
	pure  map[*types.Func]bool // false while being decided: recursion is not pure
	safe  map[*types.Func]bool // pure and cannot panic
}

// pureFunc reports whether the call x calls a pure function.
func (f *facts) pureFunc(x *ast.CallExpr) bool {
	fn, ok := f.callee(x).(*types.Func)
	if !ok {
		return false
	}
	if pure, _ := pureStd(fn); pure {
		return !f.disable[OptPure]
	}
	return f.pureDecl(fn) != nil
}

// pureStd reports whether fn is a function of the standard library known
// to be pure in the sense above: the functions (not methods) of math,
// math/cmplx and math/bits compute from their arguments only. safe adds
// that it cannot panic (math/bits divides, and panics on a zero divisor).
func pureStd(fn *types.Func) (pure, safe bool) {
	if fn.Pkg() == nil || fn.Type().(*types.Signature).Recv() != nil {
		return false, false
	}
	switch fn.Pkg().Path() {
	case "math", "math/cmplx":
		return true, true
	case "math/bits":
		return true, false
	}
	return false, false
}

// pureDecl returns the declaration of fn when fn is pure, or nil.
func (f *facts) pureDecl(fn *types.Func) *ast.FuncDecl {
	if f.disable[OptPure] {
		return nil // the optimization "pure" is off: every call is a call
	}
	ps := f.pures()
	d := ps.decls[fn]
	if d == nil {
		return nil
	}
	if p, done := ps.pure[fn]; done {
		if p {
			return d
		}
		return nil
	}
	ps.pure[fn] = false // until decided: a recursive call is not pure
	ok := f.isPure(d)
	ps.pure[fn] = ok
	if !ok {
		return nil
	}
	return d
}

// pureSafe reports whether the call x calls a pure function that cannot
// panic.
func (f *facts) pureSafe(x *ast.CallExpr) bool {
	fn, ok := f.callee(x).(*types.Func)
	if !ok {
		return false
	}
	if _, safe := pureStd(fn); safe {
		return !f.disable[OptPure]
	}
	ps := f.pures()
	if s, done := ps.safe[fn]; done {
		return s
	}
	ps.safe[fn] = false
	d := f.pureDecl(fn)
	s := d != nil && f.bodyPanicFree(d.Body)
	ps.safe[fn] = s
	return s
}

// pures returns the memo, indexing the package's function declarations
// the first time.
func (f *facts) pures() *pureState {
	if f.pure != nil {
		return f.pure
	}
	ps := &pureState{decls: map[*types.Func]*ast.FuncDecl{}, pure: map[*types.Func]bool{}, safe: map[*types.Func]bool{}}
	for _, file := range f.pkg.Syntax {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || fd.Type.TypeParams != nil || genericRecv(fd) {
				continue
			}
			if fn, ok := f.info.Defs[fd.Name].(*types.Func); ok {
				ps.decls[fn] = fd
			}
		}
	}
	f.pure = ps
	return ps
}

// genericRecv reports whether d is a method of a generic type.
func genericRecv(d *ast.FuncDecl) bool {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return false
	}
	t := d.Recv.List[0].Type
	if st, ok := t.(*ast.StarExpr); ok {
		t = st.X
	}
	switch ast.Unparen(t).(type) {
	case *ast.IndexExpr, *ast.IndexListExpr:
		return true
	}
	return false
}

// isPure checks the body of d (see the comment at the top of the file).
func (f *facts) isPure(d *ast.FuncDecl) bool {
	lits := false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			lits = true
		}
		return !lits
	})
	if lits {
		return false
	}
	ef := f.effectsOf(d.Body)
	if ef.call || len(ef.mem) > 0 {
		return false
	}
	for v := range ef.vars {
		if !declaredIn(v, d) {
			return false
		}
	}
	return true
}

// declaredIn reports whether v is declared inside the declaration d (a
// parameter, result or local variable).
func declaredIn(v *types.Var, d *ast.FuncDecl) bool {
	return v.Pos() >= d.Pos() && v.Pos() < d.End() && v.Pos() != token.NoPos
}

// bodyPanicFree reports whether nothing in body can panic (panicFree with
// no loop index: every index must be a constant into an array).
func (f *facts) bodyPanicFree(body *ast.BlockStmt) bool {
	uses, ok := f.panicFree(body, nil)
	return ok && len(uses) == 0
}
