package instrument

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
)

// renderer turns the operands of a location into text for a hook, computed
// before (or after) the statement that makes the access. It only renders
// expressions whose evaluation has no side effect and cannot panic once the
// guards it collects hold; anything else fails, unless the hoister lets a
// call be evaluated once into a temporary.
type renderer struct {
	f      *facts
	e      *emitter
	guards []string
	hoist  *hoister              // nil: no temporaries here
	forbid map[types.Object]bool // variables that may not be named
	rootOK bool                  // forbid does not apply to a hooked variable itself
	pos    token.Pos             // where the hook text goes (for scope)
	failed string                // why rendering failed
}

func (rd *renderer) fail(reason string) (string, bool) {
	if rd.failed == "" {
		rd.failed = reason
	}
	return "", false
}

// reasonForbidden is why a hook that names a variable it may not name is
// skipped: one the statement assigns (for a hook after it) or declares (for
// a hook before it).
const reasonForbidden = "operand assigned or declared by the statement"

// guard adds a condition that must hold before the hook is evaluated.
func (rd *renderer) guard(cond string) {
	for _, g := range rd.guards {
		if g == cond {
			return
		}
	}
	rd.guards = append(rd.guards, cond)
}

// ident renders a use of id, failing when it names a forbidden variable.
func (rd *renderer) ident(id *ast.Ident) (string, bool) {
	if obj := rd.f.info.Uses[id]; obj != nil && rd.forbid[obj] {
		return rd.fail(reasonForbidden)
	}
	return id.Name, true
}

// static reports whether e is a constant or type expression, whose source
// text can be repeated as is.
func (rd *renderer) static(e ast.Expr) bool {
	tv, ok := rd.f.info.Types[e]
	return ok && (tv.Value != nil || tv.IsType())
}

// value renders e evaluated as a value.
func (rd *renderer) value(e ast.Expr) (string, bool) {
	if name, ok := rd.hoistedName(e); ok {
		return name, true
	}
	if rd.static(e) {
		if tv := rd.f.info.Types[e]; tv.Value != nil && tv.Value.Kind() == constant.String {
			return tv.Value.ExactString(), true // source may span lines
		}
		return rd.e.text(e), true
	}
	switch x := e.(type) {
	case *ast.Ident:
		return rd.ident(x)
	case *ast.BasicLit:
		return x.Value, true
	case *ast.ParenExpr:
		s, ok := rd.value(x.X)
		return "(" + s + ")", ok
	case *ast.SelectorExpr:
		if _, ok := rd.f.info.Uses[identOf(x.X)].(*types.PkgName); ok {
			if obj := rd.f.info.Uses[x.Sel]; obj != nil && rd.forbid[obj] {
				return rd.fail(reasonForbidden)
			}
			return identOf(x.X).Name + "." + x.Sel.Name, true
		}
		s := rd.f.info.Selections[x]
		if s == nil || s.Kind() != types.FieldVal {
			return rd.fail("method value in an operand")
		}
		return rd.field(x, s)
	case *ast.IndexExpr:
		return rd.index(x)
	case *ast.StarExpr:
		p, ok := rd.value(x.X)
		if !ok {
			return "", false
		}
		rd.guard(p + " != nil")
		return "(*" + p + ")", true
	case *ast.UnaryExpr:
		switch x.Op {
		case token.ARROW:
			return rd.hoistOrFail(x)
		case token.AND:
			if _, isLit := ast.Unparen(x.X).(*ast.CompositeLit); isLit {
				return rd.fail("composite literal in an operand")
			}
			s, ok := rd.addr(x.X)
			return "&" + s, ok
		}
		s, ok := rd.value(x.X)
		return x.Op.String() + "(" + s + ")", ok
	case *ast.BinaryExpr:
		return rd.binary(x)
	case *ast.CallExpr:
		return rd.call(x)
	case *ast.SliceExpr:
		return rd.slice(x)
	case *ast.TypeAssertExpr:
		return rd.typeAssert(x)
	}
	return rd.fail("operand too complex")
}

// slice renders x[lo:hi:max], guarding its bounds.
func (rd *renderer) slice(x *ast.SliceExpr) (string, bool) {
	var base string
	var ok bool
	capFn := "cap"
	switch t := coreType(rd.f.info.TypeOf(x.X)).(type) {
	case *types.Slice:
		base, ok = rd.value(x.X)
	case *types.Basic:
		if t.Info()&types.IsString == 0 {
			return rd.fail("operand too complex")
		}
		base, ok = rd.value(x.X)
		capFn = "len"
	case *types.Array:
		if tv := rd.f.info.Types[x.X]; !tv.Addressable() {
			return rd.fail("slice of an array value")
		}
		base, ok = rd.addr(x.X)
	case *types.Pointer:
		base, ok = rd.value(x.X)
		if ok {
			rd.guard(base + " != nil")
		}
	default:
		return rd.fail("slice of a type parameter")
	}
	if !ok {
		return "", false
	}
	if !rd.universe("uint", "len", "cap") {
		return rd.fail("predeclared name shadowed")
	}
	var parts [3]string
	for i, e := range []ast.Expr{x.Low, x.High, x.Max} {
		if e == nil {
			continue
		}
		if parts[i], ok = rd.value(e); !ok {
			return "", false
		}
	}
	lo, hi, mx := parts[0], parts[1], parts[2]
	limit := capFn + "(" + base + ")"
	if mx != "" {
		rd.guard("uint(" + mx + ") <= uint(" + limit + ")")
		limit = mx
	}
	if hi != "" {
		rd.guard("uint(" + hi + ") <= uint(" + limit + ")")
		limit = hi
	} else if capFn == "cap" {
		limit = "len(" + base + ")"
	}
	if lo != "" {
		rd.guard("uint(" + lo + ") <= uint(" + limit + ")")
	}
	text := base + "[" + lo + ":" + hi
	if x.Slice3 {
		text += ":" + mx
	}
	return text + "]", true
}

// binary renders x op y. An operation that can panic gets a guard that
// rules the panic out, after the guards of its operands: an integer
// division or remainder by a divisor that may be zero (the only panic of
// Go's integer division: the most negative value divided by -1 wraps), a
// shift by a signed count that may be negative. The hook then records the
// access exactly when the statement makes it, as the bounds guards of an
// index do.
func (rd *renderer) binary(x *ast.BinaryExpr) (string, bool) {
	var panics string
	switch x.Op {
	case token.QUO, token.REM:
		if isInteger(rd.f.info.TypeOf(x)) && !rd.nonZeroConst(x.Y) {
			panics = " != 0"
		}
	case token.SHL, token.SHR:
		if !rd.static(x.Y) && !isUnsigned(rd.f.info.TypeOf(x.Y)) {
			panics = " >= 0"
		}
	case token.LAND, token.LOR:
		// The right operand is evaluated only sometimes: its guards
		// would not be right.
		if !rd.static(x.Y) && !rd.trivial(x.Y) {
			return rd.fail("&& or || in an operand")
		}
	}
	a, ok1 := rd.value(x.X)
	b, ok2 := rd.value(x.Y)
	if !ok1 || !ok2 {
		return "", false
	}
	if panics != "" {
		rd.guard(b + panics)
	}
	return "(" + a + " " + x.Op.String() + " " + b + ")", true
}

// trivial reports whether e is an identifier or constant.
func (rd *renderer) trivial(e ast.Expr) bool {
	_, isID := ast.Unparen(e).(*ast.Ident)
	return isID || rd.static(e)
}

func (rd *renderer) nonZeroConst(e ast.Expr) bool {
	tv, ok := rd.f.info.Types[e]
	return ok && tv.Value != nil && constant.Sign(tv.Value) != 0
}

// call renders a call: conversions to basic types, len, cap, min and max
// are pure; any other call must be hoisted.
func (rd *renderer) call(x *ast.CallExpr) (string, bool) {
	if tv, ok := rd.f.info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
		if _, basic := tv.Type.Underlying().(*types.Basic); basic {
			if _, fromBasic := coreType(rd.f.info.TypeOf(x.Args[0])).(*types.Basic); fromBasic {
				a, ok := rd.value(x.Args[0])
				return rd.e.text(x.Fun) + "(" + a + ")", ok
			}
		}
		if pointerLike(tv.Type) && pointerLike(rd.f.info.TypeOf(x.Args[0])) {
			// Conversions between pointer types, unsafe.Pointer and
			// uintptr cannot panic.
			a, ok := rd.value(x.Args[0])
			return "(" + rd.e.text(x.Fun) + ")(" + a + ")", ok
		}
		return rd.fail("conversion in an operand")
	}
	if b, ok := rd.f.callee(x).(*types.Builtin); ok && (b.Name() == "len" || b.Name() == "cap") && len(x.Args) == 1 {
		if !rd.universe(b.Name()) {
			return rd.fail("predeclared name shadowed")
		}
		a, ok := rd.value(x.Args[0])
		return b.Name() + "(" + a + ")", ok
	}
	if b, ok := rd.f.callee(x).(*types.Builtin); ok && (b.Name() == "min" || b.Name() == "max") && !x.Ellipsis.IsValid() {
		// min and max run no code of the program and cannot panic: a
		// clamped index such as xs[max(0, i-1)] repeats as it is.
		if !rd.universe(b.Name()) {
			return rd.fail("predeclared name shadowed")
		}
		args := make([]string, len(x.Args))
		for i, arg := range x.Args {
			a, ok := rd.value(arg)
			if !ok {
				return "", false
			}
			args[i] = a
		}
		return b.Name() + "(" + strings.Join(args, ", ") + ")", true
	}
	return rd.hoistOrFail(x)
}

// field renders the field selection x.f, guarding every pointer it goes
// through.
func (rd *renderer) field(x *ast.SelectorExpr, s *types.Selection) (string, bool) {
	var base string
	var ok bool
	if _, isPtr := coreType(rd.f.info.TypeOf(x.X)).(*types.Pointer); isPtr {
		base, ok = rd.value(x.X)
		if ok {
			rd.guard(base + " != nil")
		}
	} else if tv := rd.f.info.Types[x.X]; tv.Addressable() {
		base, ok = rd.addr(x.X)
	} else {
		base, ok = rd.value(x.X)
	}
	if !ok {
		return "", false
	}
	// Walk the embedded fields that lead to f, guarding the pointers.
	t := rd.f.info.TypeOf(x.X)
	idx := s.Index()
	path := base
	for i, fi := range idx {
		st := derefStruct(t)
		if st == nil || fi >= st.NumFields() {
			return rd.fail("field path")
		}
		f := st.Field(fi)
		if i == len(idx)-1 {
			break
		}
		if !f.Exported() && f.Pkg() != rd.f.pkg.Types {
			return rd.fail("unexported embedded field of another package")
		}
		path += "." + f.Name()
		if _, isPtr := f.Type().Underlying().(*types.Pointer); isPtr {
			rd.guard(path + " != nil")
		}
		t = f.Type()
	}
	return base + "." + x.Sel.Name, true
}

// derefStruct returns the struct type of t or of *t.
func derefStruct(t types.Type) *types.Struct {
	u := coreType(t)
	if p, ok := u.(*types.Pointer); ok {
		u = coreType(p.Elem())
	}
	st, _ := u.(*types.Struct)
	return st
}

// index renders x[i], guarding the bounds.
func (rd *renderer) index(x *ast.IndexExpr) (string, bool) {
	if _, isSig := rd.f.info.TypeOf(x.X).(*types.Signature); isSig {
		return rd.e.text(x), true // an instantiated generic function
	}
	var base string
	var ok bool
	needBound := true
	switch coreType(rd.f.info.TypeOf(x.X)).(type) {
	case *types.Map:
		base, ok = rd.value(x.X)
		needBound = false
	case *types.Array:
		if tv := rd.f.info.Types[x.X]; tv.Addressable() {
			base, ok = rd.addr(x.X)
		} else {
			base, ok = rd.value(x.X)
		}
		needBound = !rd.static(x.Index)
	case *types.Pointer:
		base, ok = rd.value(x.X)
		if ok {
			rd.guard(base + " != nil")
		}
		needBound = !rd.static(x.Index)
	case *types.Slice, *types.Basic:
		base, ok = rd.value(x.X)
	default:
		return rd.fail("index of a type parameter")
	}
	if !ok {
		return "", false
	}
	i, ok := rd.value(x.Index)
	if !ok {
		return "", false
	}
	if needBound {
		if !rd.universe("uint", "len") {
			return rd.fail("predeclared name shadowed")
		}
		rd.guard("uint(" + i + ") < uint(len(" + base + "))")
	}
	return base + "[" + i + "]", true
}

// addr renders the addressable expression e (the operand of &).
func (rd *renderer) addr(e ast.Expr) (string, bool) {
	switch x := e.(type) {
	case *ast.Ident:
		return rd.ident(x)
	case *ast.ParenExpr:
		s, ok := rd.addr(x.X)
		return "(" + s + ")", ok
	case *ast.StarExpr:
		return rd.value(x)
	case *ast.SelectorExpr, *ast.IndexExpr:
		return rd.value(x)
	}
	return rd.fail("operand too complex")
}

// typeAssert renders x.(T), guarded by the file's helper that tests the
// assertion (emitter.isName): a type assertion has no side effect, and
// with the guard it cannot panic. The operand is converted to any, which
// keeps its dynamic type and value, so the test holds exactly when x.(T)
// does, for an interface T as for a concrete one.
func (rd *renderer) typeAssert(x *ast.TypeAssertExpr) (string, bool) {
	if x.Type == nil {
		return rd.fail("operand too complex") // x.(type) is a type switch's
	}
	s, ok := rd.value(x.X)
	if !ok {
		return "", false
	}
	t := rd.e.text(x.Type)
	if strings.ContainsRune(t, '\n') {
		return rd.fail("operand spans lines")
	}
	rd.e.usesIs = true
	rd.guard(rd.e.isName() + "[" + t + "](" + s + ")")
	return s + ".(" + t + ")", true
}

// universe reports whether each name means the predeclared object at the
// hook's position (a user may shadow len, nil, bool, ...).
func (rd *renderer) universe(names ...string) bool {
	return rd.f.universeAt(rd.pos, names...)
}

// pointerLike reports whether t is a pointer, unsafe.Pointer or uintptr.
func pointerLike(t types.Type) bool {
	switch u := coreType(t).(type) {
	case *types.Pointer:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer || u.Kind() == types.Uintptr
	}
	return false
}

func isInteger(t types.Type) bool {
	b, ok := coreType(t).(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

func isUnsigned(t types.Type) bool {
	b, ok := coreType(t).(*types.Basic)
	return ok && b.Info()&types.IsUnsigned != 0
}

// qualified reports whether e is a qualified identifier pkg.Name.
func (rd *renderer) qualified(e ast.Expr) bool { return isQualified(rd.f.info, e) }
