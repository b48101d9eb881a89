package instrument

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// Allocations whose deaths the checker learns. The checker keeps alive
// every object a checked run accessed, so that no new object can take its
// address while its accesses are remembered (docs/architecture.md, "Why
// accesses pin memory"). An object registered with rt.Alloc or
// rt.AllocSlice is not pinned: the checker gives it a finalizer and clears
// its shadow state before its memory can be reused (rt/internal/shadow,
// owned.go, argues why that is exact). Registration costs a finalizer, so
// the runtime registers only objects of at least allocMin bytes that hold
// no pointers, and the rewriter wraps only the allocations that may be
// such objects:
//
//	new(T), &T{…}     →  _tpinstr_rt.Alloc(new(T)), _tpinstr_rt.Alloc(&T{…})
//	                      (T holds no pointers and is at least allocMin bytes,
//	                      or its size or pointers depend on a type parameter)
//	make(S, n…)       →  _tpinstr_rt.AllocSlice(make(S, n…))
//	                      (S a slice type whose elements hold no pointers;
//	                      the size is decided at run time)
//	runtime.SetFinalizer(x, f)  →  _tpinstr_rt.SetFinalizer(x, f)
//	                      (the checker may have set a finalizer of its own)
//
// Only allocations inside function bodies are wrapped: a package-level
// initializer runs before any checked run, and wrapping &T{…} there would
// turn data the linker lays out into code of an init function.
//
// Like every edit of the rewriter, a wrap inserts text around the
// expression and leaves the expression's own edits inside it. A wrap is
// dropped when another edit replaces text that overlaps the expression
// without lying inside it (a hoisted operand), so that the inserted
// parentheses always balance.

// allocMin is the size from which the runtime registers an object
// (checker.AllocMin; the runtime decides again at run time, so a
// difference costs calls, never exactness).
const allocMin = 1024

// allocs wraps the allocations of the file's function bodies.
func (r *fileRewriter) allocs() {
	var inBody func(n ast.Node) bool
	inBody = func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr:
			r.allocCall(x)
		case *ast.UnaryExpr:
			if x.Op == token.AND {
				if _, ok := ast.Unparen(x.X).(*ast.CompositeLit); ok {
					if p, ok := r.info.TypeOf(x).(*types.Pointer); ok && mayRegister(r.pkg.TypesSizes, p.Elem(), true) {
						r.wrapAlloc(x, "Alloc")
					}
				}
			}
		}
		return true
	}
	for _, d := range r.file.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Body != nil {
				ast.Inspect(d.Body, inBody)
			}
		case *ast.GenDecl:
			ast.Inspect(d, func(n ast.Node) bool {
				if lit, ok := n.(*ast.FuncLit); ok {
					ast.Inspect(lit.Body, inBody)
					return false
				}
				return true
			})
		}
	}
}

// allocCall wraps a call of new or make, or redirects runtime.SetFinalizer.
func (r *fileRewriter) allocCall(x *ast.CallExpr) {
	switch fn := r.facts.callee(x).(type) {
	case *types.Builtin:
		switch fn.Name() {
		case "new":
			if p, ok := r.info.TypeOf(x).(*types.Pointer); ok && mayRegister(r.pkg.TypesSizes, p.Elem(), true) {
				r.wrapAlloc(x, "Alloc")
			}
		case "make":
			t := r.info.TypeOf(x)
			if t == nil {
				return
			}
			if s, ok := t.Underlying().(*types.Slice); ok && mayRegister(r.pkg.TypesSizes, s.Elem(), false) && !r.smallMake(x, s.Elem()) {
				r.wrapAlloc(x, "AllocSlice")
			}
		}
	case *types.Func:
		if fn.Pkg() != nil && fn.Pkg().Path() == "runtime" && fn.Name() == "SetFinalizer" {
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok {
					r.buf.replace(r.off(x.Fun.Pos()), r.off(x.Fun.End()), rtName+".SetFinalizer")
					r.keepUsed(id.Name + ".SetFinalizer")
					r.touched = true
				}
			}
		}
	}
}

// smallMake reports whether make call x, of a slice of elem, has a
// constant capacity too small for the runtime to register its array.
func (r *fileRewriter) smallMake(x *ast.CallExpr, elem types.Type) bool {
	if len(x.Args) < 2 || hasTypeParam(types.Unalias(elem), 0) {
		return false
	}
	n := int64(-1)
	for _, a := range x.Args[1:] {
		tv, ok := r.info.Types[a]
		if !ok || tv.Value == nil {
			return false
		}
		v, exact := constant.Int64Val(constant.ToInt(tv.Value))
		if !exact {
			return false
		}
		n = max(n, v)
	}
	sizes := r.pkg.TypesSizes
	if sizes == nil {
		sizes = types.SizesFor("gc", "amd64")
	}
	return n*sizes.Sizeof(elem) < allocMin
}

// wrapAlloc wraps expression e in the hook name, unless another edit
// replaces text that overlaps e without lying inside it.
func (r *fileRewriter) wrapAlloc(e ast.Expr, name string) {
	if !r.wrapFree(e) {
		return
	}
	a, b := r.off(e.Pos()), r.off(e.End())
	// Inside the wrappers that open before and close after e at the same
	// offsets (rt.At, a send's hook), outside e's own.
	r.buf.insert(a, rtName+"."+name+"(", prioAtOpen+10)
	r.buf.insert(b, ")", prioAtClose-10)
	r.touched = true
}

// wrapFree reports whether text can be inserted around e: no edit made so
// far replaces text that overlaps e without lying inside it.
func (r *fileRewriter) wrapFree(e ast.Expr) bool {
	a, b := r.off(e.Pos()), r.off(e.End())
	for _, ed := range r.buf.edits {
		if ed.start == ed.end {
			continue
		}
		inside := a <= ed.start && ed.end <= b && (a < ed.start || ed.end < b)
		if ed.start < b && ed.end > a && !inside {
			return false
		}
	}
	return true
}

// keepUsed declares `var _ = ref` after the file once, so that an import
// whose only use a hook replaced stays used.
func (r *fileRewriter) keepUsed(ref string) {
	line := "var _ = " + ref + " // keeps the import used"
	for _, t := range r.trailer {
		if t == line {
			return
		}
	}
	r.trailer = append(r.trailer, line)
}

// mayRegister reports whether an object of type t may be one the runtime
// registers: it may hold no pointers and, when sized is set, may be at
// least allocMin bytes. A type parameter leaves both to the runtime.
func mayRegister(sizes types.Sizes, t types.Type, sized bool) bool {
	if hasTypeParam(types.Unalias(t), 0) { // keys.go
		return true
	}
	if holdsPointers(t) {
		return false
	}
	if sizes == nil {
		sizes = types.SizesFor("gc", "amd64")
	}
	return !sized || sizes.Sizeof(t) >= allocMin
}

// holdsPointers reports whether a value of type t (without type
// parameters) contains a pointer the garbage collector follows.
func holdsPointers(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() == types.String || u.Kind() == types.UnsafePointer || u.Kind() == types.UntypedString || u.Kind() == types.UntypedNil
	case *types.Array:
		return u.Len() > 0 && holdsPointers(u.Elem())
	case *types.Struct:
		for i := range u.NumFields() {
			if holdsPointers(u.Field(i).Type()) {
				return true
			}
		}
		return false
	}
	return true // pointers, slices, maps, channels, functions, interfaces
}
