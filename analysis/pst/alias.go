package pst

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// Aliases. A path names memory through the variables the code uses, so two
// names of one location (x and *p after p := &x, s[2] and tail[0] after
// tail := s[2:]) would be two unrelated paths, and a race between them
// would go unseen. The builder therefore follows the local variables that
// refer to memory: every expression stored in one (census.stores) is
// resolved to the memory it refers to (a target), and an access through the
// variable gets one more leaf per target, rooted at what the target names.
// Resolution is flow-insensitive (any store may reach any use) and
// follows chains of such variables (q := p, p := &x) up to maxAliasDepth.
// What it cannot resolve (a pointer returned by a call, loaded from a
// field, or stored by a multi-value assignment) has no target: only the
// path as written stands for it.

// maxAliasDepth bounds the chains of variables an alias goes through,
// maxAliases the extra leaves of one access, and maxResolveNesting the
// nested resolutions of one expression (see resolve).
const (
	maxAliasDepth     = 4
	maxAliases        = 8
	maxResolveNesting = 16
)

// target is memory that a pointer, slice, map, unsafe.Pointer or uintptr
// value may refer to.
type target struct {
	// base is the memory referred to: the pointee of a pointer or the map
	// of a map value (both reached as base plus the steps that follow the
	// dereference); for a slice, the array whose elements base.Index(i)
	// hold the slice's elements.
	base Path
	// elem is the type of the location base denotes (for a slice, of its
	// elements), nil when unknown.
	elem types.Type
	// slice marks a slice (or an array reached through a pointer taken
	// from a slice): its element k is base's element lo+k.
	slice bool
	// lo is, when loKnown, the index in base of the slice's element 0; hi
	// is the index in base that bounds it (negative: unknown).
	lo, hi  int64
	loKnown bool
	// symLo is, when not nil, the index in base of the slice's element 0 as
	// an Affine, and symHi (nil: unknown) the index that bounds it: what
	// slicing with bounds that are not constants (s[lo:mid]) keeps known.
	symLo, symHi *Affine
	// exact is set when the base's iteration-indexed steps (Step.Loop)
	// denote the element of the iteration where the value is used: the
	// value was computed there, or by the single store of a variable
	// declared in that iteration.
	exact bool
}

// alias is a location an access may also denote: exact when its target is
// exact (target.exact) for every variable on the way, scoped when it is
// also memory of the instance of its root variable being built.
type alias struct {
	path          Path
	exact, scoped bool
}

// apply returns the location a value of target t reaches through the steps
// that follow its dereference.
func (t target) apply(rest []Step) Path {
	base := t.baseNow()
	if !t.slice {
		return base.Append(rest...)
	}
	if len(rest) > 0 && rest[0].Kind == Index {
		return base.Append(t.shift(rest[0])).Append(rest[1:]...)
	}
	return base.Append(t.shift(Step{Kind: Index})).Append(rest...)
}

// shift turns index k of the slice into an index of its base array. An
// index of unknown value becomes the span of the slice; iteration markers
// survive only where the index is unchanged (the slice starts at element
// 0 of its base).
func (t target) shift(k Step) Step {
	out := t.shiftConst(k)
	if t.symLo == nil || !t.exact && t.symLo.hasLoops() {
		return out
	}
	switch ks := symOf(k); {
	case ks != nil && ks.Hi != nil:
		// Index k of the slice is index symLo+k of the base; a span of
		// indices keeps its width.
		lo, ok1 := t.symLo.add(ks.Lo, 1)
		hi, ok2 := t.symLo.add(*ks.Hi, 1)
		if ok1 && ok2 {
			out.Sym = &SymIndex{Lo: lo, Hi: &hi}
		}
	case ks == nil || ks.Hi == nil:
		// An index of unknown value within the slice's length.
		out.Sym = &SymIndex{Lo: *t.symLo, Hi: t.symHi}
		if t.symHi != nil && !t.exact && t.symHi.hasLoops() {
			out.Sym = nil
		}
	}
	return out
}

// shiftConst is shift for constant bounds.
func (t target) shiftConst(k Step) Step {
	out := Step{Kind: Index}
	if !t.loKnown {
		return out
	}
	switch {
	case k.Const:
		out.Const, out.Value = true, t.lo+k.Value
	case k.Range:
		out.Range, out.Value, out.Hi = true, t.lo+k.Value, t.hi
		if k.Hi >= 0 {
			out.Hi = t.lo + k.Hi
		}
	case t.lo == 0 && (k.Loop != nil || k.Param != nil || t.hi < 0):
		return k
	default:
		out.Range, out.Value, out.Hi = true, t.lo, t.hi
	}
	return out
}

// Bounds of a slice expression for narrow: a constant bound is not
// negative.
const (
	boundMissing = -1 // s[lo:]: the slice's own length
	boundUnknown = -2 // not a constant
)

// narrow returns the target of t sliced as [lo:hi]: lo a constant when
// loKnown, hi a constant or boundMissing or boundUnknown.
func (t target) narrow(lo int64, loKnown bool, hi int64) target {
	if !t.slice {
		// A pointer to an array, sliced: its elements from index 0.
		t.slice, t.lo, t.hi, t.loKnown = true, 0, -1, true
		if a, ok := under(orInvalid(t.elem)).(*types.Array); ok {
			t.elem = a.Elem()
		}
	}
	if !t.loKnown || !loKnown {
		t.loKnown, t.hi = false, -1
		return t
	}
	switch {
	case hi >= 0:
		t.hi = t.lo + hi
	case hi == boundUnknown:
		// Up to the capacity, which no bound of t limits.
		t.hi = -1
	}
	t.lo += lo
	return t
}

func orInvalid(t types.Type) types.Type {
	if t == nil {
		return types.Typ[types.Invalid]
	}
	return t
}

// baseNow returns t's base with its iteration markers if they hold where
// the value is used (exact), without them otherwise.
func (t target) baseNow() Path {
	if t.exact {
		return t.base
	}
	return withoutLoops(t.base)
}

// withoutLoops drops the iteration markers of p's index steps.
func withoutLoops(p Path) Path {
	for i, s := range p.Steps {
		if s.Loop != nil || (s.Sym != nil && s.Sym.hasLoops()) {
			steps := make([]Step, len(p.Steps))
			copy(steps, p.Steps)
			for j := i; j < len(steps); j++ {
				steps[j].Loop = nil
				if steps[j].Sym != nil && steps[j].Sym.hasLoops() {
					steps[j].Sym = nil
				}
			}
			return Path{Root: p.Root, Steps: steps}
		}
	}
	return p
}

// aliases returns the other locations p may denote: for a path through a
// local variable that refers to memory (p starts with a dereference of
// it), the path through each target of each store of the variable, and
// their aliases in turn.
//
// With atNow (the access reads p's root variable in the same step of its
// task as it reaches the memory, see readsRootAtAccess), the values a swap
// x, y = y, x stores in the root itself are left out. Soundness: the swap
// moves values between two variables and creates none, so if their other
// stores never give them one value, they never hold one value at the same
// time; an access through x and one through y reach the same memory only
// if a swap runs between their reads of the variables, and then the swap,
// which writes both, is ordered between the two reads (or races with one
// of them, which is reported on the variable). The two accesses follow
// their reads with no task operation between, so they are ordered too. A
// value copied out of x (p := x) is read earlier than the access through
// p: there, at depth > 0, the swap's stores count.
func (b *builder) aliases(p Path, atNow bool) []alias {
	if p.Root.Global != "" || len(p.Steps) == 0 || p.Steps[0].Kind != Deref || len(b.census.stores[p.Root.Var]) == 0 {
		return nil // the common case, without allocating
	}
	var out []alias
	visited := map[*types.Var]bool{}
	var walk func(p Path, exact bool, depth int)
	walk = func(p Path, exact bool, depth int) {
		if depth == maxAliasDepth || p.Root.Global != "" || p.Root.Var == nil || len(p.Steps) == 0 || p.Steps[0].Kind != Deref {
			return
		}
		v := p.Root.Var
		if visited[v] {
			return
		}
		visited[v] = true
		defer delete(visited, v)
		single := b.census.single(v)
		for _, e := range b.census.stores[v] {
			if atNow && depth == 0 && b.census.swaps[e] {
				continue
			}
			for _, t := range b.resolve(e, depth) {
				if len(out) == maxAliases {
					return
				}
				// The store's iteration markers hold where v is used
				// when v is assigned once, by a declaration inside the
				// iterations the markers name.
				t.exact = exact && t.exact && single
				q := t.apply(p.Steps[1:])
				if q.equal(p) {
					continue // s = append(s, x): s's own memory
				}
				out = append(out, alias{path: q, exact: t.exact, scoped: t.exact && b.within(v, q.Root)})
				walk(q, t.exact, depth+1)
			}
		}
	}
	walk(p, true, 0)
	return out
}

// within reports whether the instance of local variable v being built
// lives inside the instance of root's variable being built: then v refers
// to memory of that instance of root.
func (b *builder) within(v *types.Var, root RootVar) bool {
	if root.Global != "" {
		return true
	}
	sv, sr := b.scope[v], b.scope[root.Var]
	return sv != nil && sr != nil && IsAncestor(sr, sv)
}

// through returns the locations reached from the value of e by the steps
// that follow its dereference, for an e that is not itself a path (&x,
// s[2:], a conversion through unsafe.Pointer).
func (b *builder) through(e ast.Expr, rest []Step) []Path {
	var out []Path
	for _, t := range b.resolve(e, 0) {
		out = append(out, t.apply(rest))
	}
	return out
}

// resolve returns the memory the value of e may refer to. depth counts
// the variables followed; resolving also nests through paths whose base is
// not itself a path (refEmit asks pointeeOf), which b.resolving bounds.
func (b *builder) resolve(e ast.Expr, depth int) []target {
	if depth > maxAliasDepth || b.resolving > maxResolveNesting {
		return nil
	}
	b.resolving++
	defer func() { b.resolving-- }()
	e = ast.Unparen(e)
	t := typeOf(b.info, e)
	if p, ok := b.pathOf(e); ok {
		switch u := under(t).(type) {
		case *types.Pointer:
			return []target{{base: p.With(Step{Kind: Deref}), elem: u.Elem(), exact: true}}
		case *types.Slice:
			zero := constAffine(0)
			return []target{{base: p.With(Step{Kind: Deref}), elem: u.Elem(), slice: true, loKnown: true, hi: -1, exact: true, symLo: &zero}}
		case *types.Map:
			return []target{{base: p.With(Step{Kind: Deref}), exact: true}}
		case *types.Array:
			// Only slicing asks for the memory of an array value.
			return []target{{base: p, elem: t, exact: true}}
		case *types.Basic:
			// An unsafe.Pointer or uintptr variable: what was stored.
			if v := rootVar(p); v != nil && len(p.Steps) == 0 {
				single := b.census.single(v)
				var out []target
				for _, s := range b.census.stores[v] {
					for _, t := range b.resolve(s, depth+1) {
						t.exact = t.exact && single
						out = append(out, t)
					}
				}
				return out
			}
		}
		return nil
	}
	switch e := e.(type) {
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			if p, ok := b.pathOf(e.X); ok {
				return []target{{base: p, elem: typeOf(b.info, e.X), exact: true}}
			}
		}
	case *ast.SliceExpr:
		lo, loKnown := b.constInt(e.Low, 0)
		hi, hiKnown := b.constInt(e.High, boundMissing)
		if !hiKnown || hi < boundMissing {
			hi = boundUnknown
		}
		symLo, symLoOK := constAffine(0), true
		if e.Low != nil {
			symLo, symLoOK = b.affineOf(e.Low)
		}
		var symHi Affine
		symHiOK := false
		if e.High != nil {
			symHi, symHiOK = b.upperOf(e.High)
		}
		var out []target
		for _, t := range b.resolve(e.X, depth) {
			n := t.narrow(lo, loKnown, hi)
			n.symLo, n.symHi = nil, nil
			if t.symLo != nil && symLoOK {
				if l, ok := t.symLo.add(symLo, 1); ok {
					n.symLo = &l
					switch {
					case e.High == nil:
						n.symHi = t.symHi // the slice's own end
					case symHiOK:
						if h, ok := t.symLo.add(symHi, 1); ok {
							n.symHi = &h
						}
					}
				}
			}
			out = append(out, n)
		}
		return out
	case *ast.BinaryExpr:
		// Address arithmetic on uintptr values: somewhere in the objects
		// of the operands.
		var out []target
		for _, x := range []ast.Expr{e.X, e.Y} {
			for _, t := range b.resolve(x, depth+1) {
				out = append(out, b.whole(t))
			}
		}
		return out
	case *ast.CallExpr:
		return b.resolveCall(e, t, depth)
	}
	return nil
}

// resolveCall resolves conversions and the built-in functions whose result
// refers to the memory of an argument.
func (b *builder) resolveCall(call *ast.CallExpr, t types.Type, depth int) []target {
	if tv, ok := b.info.Types[call.Fun]; ok && tv.IsType() && len(call.Args) == 1 {
		return b.convert(b.resolve(call.Args[0], depth), t)
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr); isSel {
		id, ok = sel.Sel, true
	}
	if !ok || len(call.Args) == 0 {
		return nil
	}
	bi, ok := b.info.Uses[id].(*types.Builtin)
	if !ok {
		return nil
	}
	switch bi.Name() {
	case "append":
		// The result may share the array of the first argument, with the
		// same indices.
		return b.resolve(call.Args[0], depth)
	case "Add", "Slice", "SliceData", "String", "StringData":
		// unsafe: somewhere in the object of the pointer argument.
		var out []target
		for _, t := range b.resolve(call.Args[0], depth+1) {
			w := b.whole(t)
			if bi.Name() == "Slice" {
				w.slice, w.loKnown = true, false
			}
			out = append(out, w)
		}
		return out
	}
	return nil
}

// convert returns the targets of a value converted to type to: through
// unsafe.Pointer and uintptr the memory is unchanged; a pointer of another
// element type views it as that type (a View step, resolved to bytes when
// the leaf is made).
func (b *builder) convert(ts []target, to types.Type) []target {
	var out []target
	for _, t := range ts {
		switch u := under(to).(type) {
		case *types.Basic:
			out = append(out, t) // unsafe.Pointer, uintptr
		case *types.Slice:
			if t.slice && sameType(t.elem, u.Elem()) {
				out = append(out, t)
			}
		case *types.Pointer:
			out = append(out, b.view(t, u.Elem()))
		}
	}
	return out
}

// view returns target t seen through a pointer to elem.
func (b *builder) view(t target, elem types.Type) target {
	if t.slice {
		if a, ok := under(elem).(*types.Array); ok && sameType(a.Elem(), t.elem) {
			return t // (*[4]E)(s): the slice's own elements
		}
		// Element lo of the slice, viewed as elem.
		t = target{base: t.base.With(t.shift(Step{Kind: Index, Const: true})), elem: t.elem, exact: t.exact}
	}
	if sameType(t.elem, elem) {
		return t
	}
	if fits(b.cfg.Sizes, elem, t.elem) {
		t.base = t.base.With(Step{Kind: View, Type: elem})
		t.elem = elem
		return t
	}
	w := b.whole(t)
	w.elem = elem
	return w
}

// whole returns a target for all of the object t's base is in (the path up
// to its last dereference), of unknown layout.
func (b *builder) whole(t target) target {
	cut := 0
	for i, s := range t.base.Steps {
		if s.Kind == Deref || s.Kind == MapElem {
			cut = i + 1
		}
	}
	steps := append(append([]Step(nil), t.base.Steps[:cut]...), Step{Kind: View})
	return target{base: Path{Root: t.base.Root, Steps: steps}, exact: t.exact}
}

// constInt returns the value of a constant integer expression, or def for
// a missing one; ok is false for an expression that is not constant.
func (b *builder) constInt(e ast.Expr, def int64) (int64, bool) {
	if e == nil {
		return def, true
	}
	tv := b.info.Types[e]
	if tv.Value == nil {
		return 0, false
	}
	v, ok := constant.Int64Val(constant.ToInt(tv.Value))
	return v, ok
}

// sameType reports whether memory of type a, seen as type b, has the same
// layout: the same underlying type (nil a is unknown).
func sameType(a, b types.Type) bool {
	return a != nil && types.Identical(under(a), under(b))
}

// rootVar returns the local variable p starts from, nil for a global.
func rootVar(p Path) *types.Var {
	if p.Root.Global != "" {
		return nil
	}
	return p.Root.Var
}

// readsRootAtAccess reports whether access a reads its root variable in
// the same step of its task as it reaches the memory: a direct access
// whose expression calls nothing, or the effect of a callee that performs
// no task operation, at a call whose arguments call nothing.
func (b *builder) readsRootAtAccess(a Access) bool {
	if a.Node == nil {
		return false
	}
	if a.Via != nil {
		s := b.summary(a.Via)
		if s == nil || s.Ops != 0 || s.Spawns != EscNone || a.Call == nil {
			return false
		}
		for _, arg := range a.Call.Args {
			if hasCall(arg) {
				return false
			}
		}
		return true
	}
	return !hasCall(a.Node)
}

// hasCall reports whether n contains a call (a conversion counts).
func hasCall(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if _, ok := m.(*ast.CallExpr); ok {
			found = true
		}
		return !found
	})
	return found
}
