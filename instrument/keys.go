package instrument

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// A locKey names the location that one hook records, as far as the syntax
// tells: two accesses with equal keys whose dependencies were not written
// in between record the same bytes. The hook optimizations (straight.go,
// sliceloop.go, invariant.go) compare keys; an expression that has no key
// (a call, a map element, a receive, ...) is never optimized.
type locKey struct {
	// text is the canonical form of the hooked expression: the hook's form
	// and the expression, every variable replaced by its identity, so that
	// two variables of one name in different scopes differ.
	text string
	// deps are the variables whose values the location's address depends
	// on (s and i for s[i], p for p.f; not x for x itself, whose address
	// never changes).
	deps []*types.Var
	// memDep reports that the address also depends on memory other than
	// variables (p.next for p.next.f, g.buf for g.buf[k] when g is a
	// pointer), which any write through a pointer may change.
	memDep bool
}

// keyOf returns the key of the location that the hook of a records.
// Only hooks of one location get keys: a variable, field or element
// (formAddr), a pointer's target (formPtr) and a map (formMap).
func (f *facts) keyOf(a *acc) (locKey, bool) {
	kb := &keyBuilder{f: f}
	switch a.form {
	case formAddr:
		kb.addr(a.loc)
		kb.b.WriteString("|A")
	case formPtr:
		kb.value(a.loc)
		kb.b.WriteString("|P")
	case formMap:
		kb.value(a.loc)
		kb.b.WriteString("|M")
	case formCustom:
		if a.embedded == nil {
			return locKey{}, false
		}
		kb.promoted(a.loc, a.embedded)
		kb.b.WriteString("|A")
	default:
		return locKey{}, false
	}
	if kb.failed {
		return locKey{}, false
	}
	return locKey{text: kb.b.String(), deps: kb.deps, memDep: kb.memDep}, true
}

// keyBuilder accumulates the canonical text and the dependencies of a key.
type keyBuilder struct {
	f      *facts
	b      strings.Builder
	deps   []*types.Var
	memDep bool
	failed bool
}

func (kb *keyBuilder) dep(v *types.Var) {
	if !slices.Contains(kb.deps, v) {
		kb.deps = append(kb.deps, v)
	}
}

// variable returns the variable that e names (an identifier or a
// qualified identifier), or nil.
func (f *facts) variable(e ast.Expr) *types.Var {
	var id *ast.Ident
	switch x := e.(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		if !isQualified(f.info, x) {
			return nil
		}
		id = x.Sel
	default:
		return nil
	}
	v, ok := f.info.Uses[id].(*types.Var)
	if !ok || v.IsField() {
		return nil
	}
	return v
}

// addr writes the location e and returns the variable whose storage holds
// it (nil for memory). The address depends on the values read on the way
// (p for p.f, s and i for s[i], not x for x.f), which become dependencies.
func (kb *keyBuilder) addr(e ast.Expr) *types.Var {
	info := kb.f.info
	switch x := e.(type) {
	case *ast.ParenExpr:
		return kb.addr(x.X)
	case *ast.Ident, *ast.SelectorExpr:
		if v := kb.f.variable(x); v != nil {
			fmt.Fprintf(&kb.b, "v%p", v)
			return v
		}
		sel, ok := x.(*ast.SelectorExpr)
		if !ok {
			break
		}
		s := info.Selections[sel]
		if s == nil || s.Kind() != types.FieldVal {
			break
		}
		if embeddedPointer(info.TypeOf(sel.X), s.Index()) {
			return kb.promoted(sel.X, s.Index())
		}
		if _, isPtr := coreType(info.TypeOf(sel.X)).(*types.Pointer); isPtr {
			kb.value(sel.X)
			kb.b.WriteString("->" + sel.Sel.Name)
			return nil
		}
		if tv := info.Types[sel.X]; !tv.Addressable() {
			break
		}
		root := kb.addr(sel.X)
		kb.b.WriteString("." + sel.Sel.Name)
		return root
	case *ast.IndexExpr:
		switch coreType(info.TypeOf(x.X)).(type) {
		case *types.Slice:
			kb.value(x.X)
			kb.b.WriteString("[")
			kb.value(x.Index)
			kb.b.WriteString("]")
			return nil
		case *types.Pointer:
			kb.value(x.X)
			kb.b.WriteString("->[")
			kb.value(x.Index)
			kb.b.WriteString("]")
			return nil
		case *types.Array:
			if tv := info.Types[x.X]; !tv.Addressable() {
				break
			}
			root := kb.addr(x.X)
			kb.b.WriteString("[")
			kb.value(x.Index)
			kb.b.WriteString("]")
			return root
		}
	case *ast.StarExpr:
		kb.b.WriteString("*(")
		kb.value(x.X)
		kb.b.WriteString(")")
		return nil
	}
	kb.failed = true
	return nil
}

// promoted writes the location of the field that the path idx of field
// indexes selects from x, through embedded fields some of which are
// pointers, as addr would write the explicit path: s.Soft, promoted
// through an embedded *Config, gets the key of s.Config.Soft, and the read
// of the embedded pointer on the way that of s.Config. A hop through an
// embedded pointer reads the pointer, so the address depends on the
// storage it was read from (the variable of the path so far, or memory).
func (kb *keyBuilder) promoted(x ast.Expr, idx []int) *types.Var {
	info := kb.f.info
	type hop struct {
		name string
		ptr  bool // reached through a pointer
	}
	var hops []hop
	t := info.TypeOf(x)
	_, ptr := coreType(t).(*types.Pointer)
	for _, i := range idx {
		st := derefStruct(t)
		if st == nil || i >= st.NumFields() {
			kb.failed = true
			return nil
		}
		f := st.Field(i)
		hops = append(hops, hop{f.Name(), ptr})
		t = f.Type()
		_, ptr = coreType(t).(*types.Pointer)
	}
	for _, h := range hops[1:] {
		if h.ptr {
			kb.b.WriteString("val(")
		}
	}
	var root *types.Var
	if hops[0].ptr {
		kb.value(x)
	} else {
		if tv := info.Types[x]; !tv.Addressable() {
			kb.failed = true
			return nil
		}
		root = kb.addr(x)
	}
	for k, h := range hops {
		if k > 0 && h.ptr {
			kb.b.WriteString(")")
			if root != nil {
				kb.dep(root)
			} else {
				kb.memDep = true
			}
			root = nil
		}
		if h.ptr {
			kb.b.WriteString("->" + h.name)
		} else {
			kb.b.WriteString("." + h.name)
		}
	}
	return root
}

// varValue writes the value of the variable v, as value writes an
// identifier that denotes it.
func (kb *keyBuilder) varValue(v *types.Var) {
	fmt.Fprintf(&kb.b, "val(v%p)", v)
	kb.dep(v)
}

// value writes the value of e. Reading a location makes the location's
// storage a dependency too: its variable, or memory.
func (kb *keyBuilder) value(e ast.Expr) {
	info := kb.f.info
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		kb.b.WriteString("c(" + tv.Value.ExactString() + ")")
		return
	}
	switch x := e.(type) {
	case *ast.ParenExpr:
		kb.value(x.X)
		return
	case *ast.Ident:
		if tv, ok := info.Types[x]; ok && tv.IsNil() {
			kb.b.WriteString("nil")
			return
		}
	case *ast.BinaryExpr:
		kb.b.WriteString("(")
		kb.value(x.X)
		kb.b.WriteString(" " + x.Op.String() + " ")
		kb.value(x.Y)
		kb.b.WriteString(")")
		return
	case *ast.UnaryExpr:
		switch x.Op {
		case token.AND:
			kb.b.WriteString("&(")
			kb.addr(x.X)
			kb.b.WriteString(")")
			return
		case token.ADD, token.SUB, token.XOR, token.NOT:
			kb.b.WriteString(x.Op.String() + "(")
			kb.value(x.X)
			kb.b.WriteString(")")
			return
		}
		kb.failed = true
		return
	case *ast.CallExpr:
		if len(x.Args) != 1 || x.Ellipsis.IsValid() {
			break
		}
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() {
			kb.b.WriteString("conv{" + types.TypeString(tv.Type, nil) + "}(")
			kb.value(x.Args[0])
			kb.b.WriteString(")")
			return
		}
		if b, ok := kb.f.callee(x).(*types.Builtin); ok && (b.Name() == "len" || b.Name() == "cap") {
			kb.b.WriteString(b.Name() + "(")
			kb.value(x.Args[0])
			kb.b.WriteString(")")
			return
		}
	case *ast.IndexExpr:
		if b, ok := coreType(info.TypeOf(x.X)).(*types.Basic); ok && b.Info()&types.IsString != 0 {
			// Strings are immutable: a byte of one depends only on the
			// string value.
			kb.b.WriteString("str(")
			kb.value(x.X)
			kb.b.WriteString(")[")
			kb.value(x.Index)
			kb.b.WriteString("]")
			return
		}
	}
	switch e.(type) {
	case *ast.Ident, *ast.SelectorExpr, *ast.IndexExpr, *ast.StarExpr:
		kb.b.WriteString("val(")
		root := kb.addr(e)
		kb.b.WriteString(")")
		if root != nil {
			kb.dep(root)
		} else {
			kb.memDep = true
		}
		return
	}
	kb.failed = true
}

// embeddedPointer reports whether the field path idx from a value of type
// t (or of what t points to) goes through an embedded pointer field, or
// cannot be followed.
func embeddedPointer(t types.Type, idx []int) bool {
	for _, i := range idx[:len(idx)-1] {
		st := derefStruct(t)
		if st == nil || i >= st.NumFields() {
			return true
		}
		t = st.Field(i).Type()
		if _, isPtr := coreType(t).(*types.Pointer); isPtr {
			return true
		}
	}
	return false
}

// holdsArrayOf reports whether a value of type t holds, in its own storage,
// an array of elements of type elem (so that a slice of elem may share its
// storage), or cannot tell because a type parameter is involved.
func holdsArrayOf(t, elem types.Type) bool {
	if hasTypeParam(t, 0) || hasTypeParam(elem, 0) {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Array:
		return types.Identical(u.Elem(), elem) || holdsArrayOf(u.Elem(), elem)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if holdsArrayOf(u.Field(i).Type(), elem) {
				return true
			}
		}
	}
	return false
}

// partOf reports whether a value of type outer holds a value of type inner
// in its own storage (outer itself, a field or an array element,
// recursively), or cannot tell because a type parameter is involved.
func partOf(inner, outer types.Type) bool {
	if hasTypeParam(inner, 0) || hasTypeParam(outer, 0) {
		return true
	}
	if types.Identical(inner, outer) {
		return true
	}
	switch u := outer.Underlying().(type) {
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if partOf(inner, u.Field(i).Type()) {
				return true
			}
		}
	case *types.Array:
		return partOf(inner, u.Elem())
	}
	return false
}

// hasTypeParam reports whether t mentions a type parameter, which could
// be instantiated with any type, or is too deep to tell (depth counts the
// constructors walked).
func hasTypeParam(t types.Type, depth int) bool {
	if depth > 8 {
		return true
	}
	switch u := t.(type) {
	case *types.TypeParam:
		return true
	case *types.Named:
		for i := 0; i < u.TypeArgs().Len(); i++ {
			if hasTypeParam(u.TypeArgs().At(i), depth+1) {
				return true
			}
		}
		if u.TypeArgs().Len() == 0 {
			return false // a declared type: its structure is checked where it matters
		}
		return hasTypeParam(u.Underlying(), depth+1)
	case *types.Pointer:
		return hasTypeParam(u.Elem(), depth+1)
	case *types.Slice:
		return hasTypeParam(u.Elem(), depth+1)
	case *types.Array:
		return hasTypeParam(u.Elem(), depth+1)
	case *types.Map:
		return hasTypeParam(u.Key(), depth+1) || hasTypeParam(u.Elem(), depth+1)
	case *types.Chan:
		return hasTypeParam(u.Elem(), depth+1)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if hasTypeParam(u.Field(i).Type(), depth+1) {
				return true
			}
		}
	}
	return false
}

// valueKey returns the key text of the value of e, and false when e has
// none (keyBuilder.value failed).
func (f *facts) valueKey(e ast.Expr) (string, bool) {
	kb := &keyBuilder{f: f}
	kb.value(e)
	return kb.b.String(), !kb.failed
}
