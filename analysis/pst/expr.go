package pst

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
)

// Access describes a leaf that reads or writes a location.
type Access struct {
	Path  Path
	Write bool
	// Node is the syntax of the access (the call, for a callee's effect).
	Node ast.Node
	// Via is the callee that makes the access, for an effect of a call.
	Via *types.Func
	// Call is the call whose effect this is (nil for a direct access).
	Call *ast.CallExpr
	// Where is the position of the access inside Via, for messages.
	Where string
	// Isolated is set when Via makes the access inside Isolated.
	Isolated bool
}

// rootOf returns the root for a variable the trees track: any local variable
// and the package-level variables of user packages (see trackGlobal).
func (b *builder) rootOf(v *types.Var) (RootVar, bool) {
	if v == nil || v.IsField() {
		return RootVar{}, false
	}
	if v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
		if !b.trackGlobal(v.Pkg()) {
			return RootVar{}, false
		}
		return RootVar{Var: v, Global: v.Pkg().Path() + "." + v.Name()}, true
	}
	return RootVar{Var: v}, true
}

// trackGlobal decides whether package-level variables of pkg are tracked.
// Those of the standard library are not: its state is internal,
// synchronised, or written only by init, and reporting races on it through
// summaries would be noise. A package is taken for part of the standard
// library when the first element of its path has no dot, unless it is the
// package being analyzed or shares that first element with it.
func (b *builder) trackGlobal(pkg *types.Package) bool {
	return pkg == b.cfg.Pkg || b.trackPath(pkg.Path())
}

// trackGlobalKey applies trackGlobal to the key of a summary's effect
// ("import/path.Name"): a callee's summary may carry effects on variables
// of its own package that the caller does not track.
func (b *builder) trackGlobalKey(key string) bool {
	i := strings.LastIndexByte(key, '.')
	if i < 0 {
		return false
	}
	path := key[:i]
	return (b.cfg.Pkg != nil && path == b.cfg.Pkg.Path()) || b.trackPath(path)
}

func (b *builder) trackPath(path string) bool {
	first := func(p string) string {
		if i := strings.IndexByte(p, '/'); i >= 0 {
			return p[:i]
		}
		return p
	}
	f := first(path)
	if strings.Contains(f, ".") {
		return true
	}
	return b.cfg.Pkg != nil && f == first(b.cfg.Pkg.Path())
}

// access appends a leaf for a read or write of p.
func (b *builder) access(p Path, write bool, at ast.Node) *Node {
	n := b.add(Stmt, at.Pos(), "")
	n.Access = &Access{Path: p, Write: write, Node: at}
	if p.Root.Global == "" {
		n.Scope = b.scope[p.Root.Var]
	}
	return n
}

// ref evaluates the operands of the location expression e (index
// expressions, pointers followed) and returns e's path. When e is not a
// tracked location, ref evaluates e as a value and returns false.
func (b *builder) ref(e ast.Expr) (Path, bool) {
	return b.refEmit(e, true)
}

// pathOf returns the path of e without recording any access.
func (b *builder) pathOf(e ast.Expr) (Path, bool) {
	return b.refEmit(e, false)
}

func (b *builder) refEmit(e ast.Expr, emit bool) (Path, bool) {
	eval := func(x ast.Expr) {
		if emit {
			b.expr(x)
		}
	}
	readPtr := func(p Path, at ast.Node) {
		if emit {
			b.access(p, false, at)
		}
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return b.refEmit(e.X, emit)
	case *ast.Ident:
		v, ok := b.info.ObjectOf(e).(*types.Var)
		if !ok {
			return Path{}, false
		}
		r, ok := b.rootOf(v)
		return Path{Root: r}, ok
	case *ast.SelectorExpr:
		sel := b.info.Selections[e]
		if sel == nil {
			// A qualified identifier: pkg.Var.
			v, ok := b.info.Uses[e.Sel].(*types.Var)
			if !ok {
				return Path{}, false
			}
			r, ok := b.rootOf(v)
			return Path{Root: r}, ok
		}
		if sel.Kind() != types.FieldVal {
			eval(e.X)
			return Path{}, false
		}
		base, ok := b.refEmit(e.X, emit)
		if !ok {
			return Path{}, false
		}
		t := typeOf(b.info, e.X)
		for _, idx := range sel.Index() {
			if p, isPtr := under(t).(*types.Pointer); isPtr {
				readPtr(base, e.X)
				base = base.With(Step{Kind: Deref})
				t = p.Elem()
			}
			st, isStruct := under(t).(*types.Struct)
			if !isStruct || idx >= st.NumFields() {
				return Path{}, false
			}
			f := st.Field(idx)
			base = base.With(Step{Kind: Field, Name: f.Name()})
			t = f.Type()
		}
		return base, true
	case *ast.IndexExpr:
		switch xt := under(typeOf(b.info, e.X)).(type) {
		case *types.Array:
			base, ok := b.refEmit(e.X, emit)
			step := b.indexStep(e.Index, emit)
			return base.With(step), ok
		case *types.Pointer, *types.Slice:
			if p, isPtr := xt.(*types.Pointer); isPtr {
				if _, ok := p.Elem().Underlying().(*types.Array); !ok {
					break
				}
			}
			base, ok := b.refEmit(e.X, emit)
			step := b.indexStep(e.Index, emit)
			if !ok {
				return Path{}, false
			}
			readPtr(base, e.X)
			return base.With(Step{Kind: Deref}).With(step), true
		case *types.Map:
			base, ok := b.refEmit(e.X, emit)
			eval(e.Index)
			if !ok {
				return Path{}, false
			}
			readPtr(base, e.X)
			return base.With(Step{Kind: Deref}).With(Step{Kind: MapElem}), true
		}
		eval(e.X)
		eval(e.Index)
		return Path{}, false
	case *ast.StarExpr:
		base, ok := b.refEmit(e.X, emit)
		if !ok {
			return Path{}, false
		}
		readPtr(base, e.X)
		return base.With(Step{Kind: Deref}), true
	}
	eval(e)
	return Path{}, false
}

// indexStep evaluates an index expression and abstracts it.
func (b *builder) indexStep(idx ast.Expr, emit bool) Step {
	if emit {
		b.expr(idx)
	}
	s := Step{Kind: Index}
	if tv := b.info.Types[idx]; tv.Value != nil {
		if v, ok := constant.Int64Val(constant.ToInt(tv.Value)); ok {
			s.Const, s.Value = true, v
			return s
		}
	}
	if id, ok := ast.Unparen(idx).(*ast.Ident); ok {
		if v, ok := b.info.Uses[id].(*types.Var); ok {
			s.Loop = b.iterVar[v]
			if b.sig != nil && b.census.writes[v] == 0 && !b.census.addr[v] && ParamIndex(b.sig, v) >= 0 {
				s.Param = v
			}
		}
	}
	return s
}

// expr evaluates e as a value, recording the reads it makes.
func (b *builder) expr(e ast.Expr) {
	switch e := e.(type) {
	case nil:
	case *ast.Ident, *ast.SelectorExpr, *ast.IndexExpr, *ast.StarExpr, *ast.ParenExpr:
		if p, ok := b.ref(e); ok {
			b.access(p, false, e)
		}
	case *ast.BasicLit:
	case *ast.CompositeLit:
		_, isStruct := under(typeOf(b.info, e)).(*types.Struct)
		for _, elt := range e.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if !isStruct {
					b.expr(kv.Key)
				}
				b.expr(kv.Value)
				continue
			}
			b.expr(elt)
		}
	case *ast.FuncLit:
		b.funcLitValue(e)
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			// Taking an address reads nothing but the operands of the
			// location.
			b.ref(e.X)
			return
		}
		b.expr(e.X)
	case *ast.BinaryExpr:
		b.expr(e.X)
		if e.Op == token.LAND || e.Op == token.LOR {
			b.conditionally(func() { b.expr(e.Y) })
			return
		}
		b.expr(e.Y)
	case *ast.CallExpr:
		b.call(e)
	case *ast.SliceExpr:
		if _, ok := under(typeOf(b.info, e.X)).(*types.Array); ok {
			b.ref(e.X) // slicing an array takes its address
		} else {
			b.expr(e.X)
		}
		b.expr(e.Low)
		b.expr(e.High)
		b.expr(e.Max)
	case *ast.TypeAssertExpr:
		b.expr(e.X)
	case *ast.KeyValueExpr:
		b.expr(e.Value)
	case *ast.IndexListExpr:
		b.expr(e.X)
	}
}

// funcLitValue builds a function literal used as a value: unless it is the
// literal of a resolvable variable (built at its uses), it may be invoked any
// number of times, by any task, at any time from now on.
func (b *builder) funcLitValue(lit *ast.FuncLit) {
	if b.census.skipLit[lit] {
		return
	}
	b.opaque(lit, "function literal")
}

// opaque builds Loop{Escape{body}}: invocations of a closure of unknown use.
func (b *builder) opaque(lit *ast.FuncLit, origin string) {
	l := b.add(Loop, lit.Pos(), origin)
	l.Pseudo = true
	b.in(l, func() {
		e := b.add(Escape, lit.Pos(), origin)
		b.funcBody(nil, lit.Type, lit.Body, e)
	})
}
