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
	// Where is the position of the access made through Via, for
	// messages, and In the function it is in (Via itself, or a function
	// Via calls).
	Where, In string
	// Isolated is set when Via makes the access inside Isolated.
	Isolated bool
	// Written is set on the leaf of a location the access may denote
	// through an alias (see aliases): it is the leaf of the access as the
	// code writes it (*p for x after p := &x).
	Written *Node
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
	if b.captured(v) {
		return RootVar{Var: v, Global: b.capturedGlobal(v)}, true
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
	return b.accessLeaves(Access{Path: p, Write: write, Node: at}, at.Pos())
}

// accessLeaves appends the leaf of access a (its path normalized, see
// normalize) and a leaf for each location it may also denote through an
// alias (see aliases). An alias leaf is scoped to an instance of its root
// variable (Node.Scope) only when the alias says so.
func (b *builder) accessLeaves(a Access, pos token.Pos) *Node {
	a.Path = b.normalize(a.Path)
	n := b.add(Stmt, pos, "")
	acc := a
	n.Access = &acc
	if a.Path.Root.Global == "" {
		n.Scope = b.scope[a.Path.Root.Var]
	}
	for _, al := range b.aliases(a.Path, len(b.census.swaps) > 0 && b.readsRootAtAccess(a)) {
		m := b.add(Stmt, pos, "")
		c := a
		c.Path, c.Written = b.normalize(al.path), n
		m.Access = &c
		if al.scoped && c.Path.Root.Global == "" {
			m.Scope = b.scope[c.Path.Root.Var]
		}
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
		t := typeOf(b.info, e.X)
		base, ok := b.refEmit(e.X, emit)
		pointee := false
		if !ok {
			// A pointer that is not a path: (&x).f, or a conversion.
			if _, isPtr := under(t).(*types.Pointer); !isPtr {
				return Path{}, false
			}
			if base, ok = b.pointeeOf(e.X, nil); !ok {
				return Path{}, false
			}
			pointee = true
		}
		for _, idx := range sel.Index() {
			if p, isPtr := under(t).(*types.Pointer); isPtr {
				if !pointee {
					readPtr(base, e.X)
					base = base.With(Step{Kind: Deref})
				}
				t = p.Elem()
			}
			pointee = false
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
				// s[2:][0], (*[4]byte)(unsafe.Pointer(&w))[2]
				return b.pointeeOf(e.X, []Step{step})
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
			// *(*uint16)(unsafe.Pointer(&w))
			return b.pointeeOf(e.X, nil)
		}
		readPtr(base, e.X)
		return base.With(Step{Kind: Deref}), true
	}
	eval(e)
	return Path{}, false
}

// pointeeOf returns the location that the pointer or slice value of e,
// an expression that is not a path, refers to, followed by the steps of
// rest: when e resolves to exactly one target (see resolve).
func (b *builder) pointeeOf(e ast.Expr, rest []Step) (Path, bool) {
	switch ast.Unparen(e).(type) {
	case *ast.UnaryExpr, *ast.SliceExpr, *ast.BinaryExpr, *ast.CallExpr:
	default:
		// A selector, index or dereference that is not a path has no
		// target either: do not resolve it again.
		return Path{}, false
	}
	ps := b.through(e, rest)
	if len(ps) != 1 {
		return Path{}, false
	}
	return ps[0], true
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
	if a, ok := b.affineOf(idx); ok && len(a.Terms) > 0 {
		s.Sym = point(a)
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
