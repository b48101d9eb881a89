package instrument

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// panicFree reports whether no evaluation of l's body can panic but an
// index out of range, and returns the index expressions that could be:
// those that the loop's index determines (indexUse), each of a different
// variable or offset. The caller tests them before the loop, except s[i]
// of the slice s whose indices the loop visits. It is conservative: a nil
// dereference, a map access, a slice expression, a division by a variable,
// a shift by a signed variable, a comparison of interfaces, a type
// assertion, a conversion to an array and any other index than a constant
// into an array count as possible panics. The caller has checked that the
// body calls nothing (effects.call), so no other code runs.
func (f *facts) panicFree(body *ast.BlockStmt, idx *types.Var) ([]indexUse, bool) {
	return f.panicFreeTested(body, idx, nil)
}

// panicFreeTested is panicFree where the nodes that tested says a test of
// the caller's stands for cannot panic themselves (panicFreeExcept).
func (f *facts) panicFreeTested(body *ast.BlockStmt, idx *types.Var, tested func(ast.Node) bool) ([]indexUse, bool) {
	var uses []indexUse
	ok := f.panicFreeExcept(body, func(x *ast.IndexExpr) bool {
		u, safe := f.safeIndex(x, idx)
		if u != nil && !containsUse(uses, *u) {
			uses = append(uses, *u)
		}
		return safe
	}, tested)
	return uses, ok
}

// panicFreeNode reports whether no evaluation of n can panic, as panicFree
// decides it, where index says whether an index expression can.
func (f *facts) panicFreeNode(root ast.Node, index func(*ast.IndexExpr) bool) bool {
	return f.panicFreeExcept(root, index, nil)
}

// panicFreeExcept is panicFreeNode where the nodes that tested says the
// caller has tested cannot panic themselves (their operands still can).
func (f *facts) panicFreeExcept(root ast.Node, index func(*ast.IndexExpr) bool, tested func(ast.Node) bool) bool {
	ok := true
	ast.Inspect(root, func(n ast.Node) bool {
		if !ok {
			return false
		}
		if n != nil && tested != nil && tested(n) {
			return true
		}
		if e, isExpr := n.(ast.Expr); isExpr {
			if tv, found := f.info.Types[e]; found && (tv.IsType() || tv.Value != nil) {
				return false // a type or a constant: nothing is evaluated
			}
		}
		switch x := n.(type) {
		case *ast.FuncLit:
			return false // made, not run
		case *ast.ArrayType, *ast.MapType, *ast.ChanType, *ast.FuncType, *ast.StructType, *ast.InterfaceType:
			return false
		case *ast.SelectorExpr:
			ok = f.safeSelector(x)
		case *ast.IndexExpr:
			ok = index(x)
		case *ast.SliceExpr, *ast.StarExpr, *ast.TypeAssertExpr:
			// A type switch's x.(type) has no Type and cannot panic.
			ta, isTA := x.(*ast.TypeAssertExpr)
			ok = isTA && ta.Type == nil
		case *ast.CompositeLit:
			_, isMap := coreType(f.info.TypeOf(x)).(*types.Map)
			ok = !isMap
		case *ast.BinaryExpr:
			ok = f.safeBinary(x.Op, x.X, x.Y)
		case *ast.CallExpr:
			ok = f.safeCall(x)
		case *ast.AssignStmt:
			if op, isOp := assignOp[x.Tok]; isOp {
				ok = f.safeBinary(op, x.Lhs[0], x.Rhs[0])
			}
		case *ast.SwitchStmt:
			ok = x.Tag == nil || !compareMayPanic(f.info.TypeOf(x.Tag))
		case *ast.ForStmt:
			ok = false // may not end
		case *ast.RangeStmt:
			switch coreType(f.info.TypeOf(x.X)).(type) {
			case *types.Slice, *types.Array, *types.Map, *types.Basic:
			default:
				ok = false // a pointer to an array may be nil
			}
		}
		return ok
	})
	return ok
}

// assignOp maps the assignment operators that can panic to their binary
// operators.
var assignOp = map[token.Token]token.Token{
	token.QUO_ASSIGN: token.QUO,
	token.REM_ASSIGN: token.REM,
	token.SHL_ASSIGN: token.SHL,
	token.SHR_ASSIGN: token.SHR,
}

func containsUse(us []indexUse, u indexUse) bool {
	for _, w := range us {
		if w.t == u.t && w.key == u.key {
			return true
		}
	}
	return false
}

// safeSelector reports whether x cannot panic: a qualified identifier, or
// a field of a struct value (not through a pointer).
func (f *facts) safeSelector(x *ast.SelectorExpr) bool {
	if isQualified(f.info, x) {
		return true
	}
	s := f.info.Selections[x]
	if s == nil || s.Kind() != types.FieldVal || s.Indirect() {
		return false
	}
	_, isPtr := coreType(f.info.TypeOf(x.X)).(*types.Pointer)
	return !isPtr
}

// safeIndex reports whether x cannot panic, or can only as an index use
// of the loop l, which it returns: an array element at a constant index
// cannot; t[i], t[i+k], t[k+i] or t[i-k] for a variable t (a slice, array
// or string) and the loop's index i can.
func (f *facts) safeIndex(x *ast.IndexExpr, idx *types.Var) (*indexUse, bool) {
	if _, isSig := f.info.TypeOf(x.X).(*types.Signature); isSig {
		return nil, true // an instantiated generic function
	}
	under := coreType(f.info.TypeOf(x.X))
	if tv := f.info.Types[x.Index]; tv.Value != nil {
		_, isArray := under.(*types.Array)
		return nil, isArray
	}
	u := f.indexUseOf(x, idx)
	if u == nil {
		return nil, false
	}
	switch b := under.(type) {
	case *types.Slice, *types.Array:
	case *types.Basic:
		if b.Info()&types.IsString == 0 {
			return nil, false
		}
	default:
		return nil, false
	}
	return u, true
}

// indexUseOf returns x as an index use of loop l, or nil.
func (f *facts) indexUseOf(x *ast.IndexExpr, idx *types.Var) *indexUse {
	t := f.variable(ast.Unparen(x.X))
	if t == nil {
		return nil
	}
	u := &indexUse{t: t}
	switch ix := ast.Unparen(x.Index).(type) {
	case *ast.Ident:
		if f.info.Uses[ix] != idx {
			return nil
		}
	case *ast.BinaryExpr:
		switch {
		case ix.Op == token.ADD && f.isUse(ix.X, idx):
			u.off = ix.Y
		case ix.Op == token.ADD && f.isUse(ix.Y, idx):
			u.off = ix.X
		case ix.Op == token.SUB && f.isUse(ix.X, idx):
			u.off, u.neg = ix.Y, true
		default:
			return nil
		}
		if f.mentions(u.off, idx) {
			return nil
		}
	default:
		return nil
	}
	key, ok := f.valueKey(x.Index)
	if !ok {
		return nil
	}
	u.key = key
	return u
}

// safeBinary reports whether x op y cannot panic: integer division and
// remainder need a constant non-zero divisor, shifts a constant or
// unsigned count, and == and != operands that are not (and hold no)
// interfaces.
func (f *facts) safeBinary(op token.Token, x, y ast.Expr) bool {
	switch op {
	case token.QUO, token.REM:
		t := f.info.TypeOf(x)
		if _, isFloat := coreType(t).(*types.Basic); isFloat && !isInteger(t) {
			return true // floating point and complex division do not panic
		}
		tv := f.info.Types[y]
		return tv.Value != nil && constant.Sign(tv.Value) != 0
	case token.SHL, token.SHR:
		tv := f.info.Types[y]
		return tv.Value != nil || isUnsigned(tv.Type)
	case token.EQL, token.NEQ:
		return !compareMayPanic(f.info.TypeOf(x)) && !compareMayPanic(f.info.TypeOf(y))
	}
	return true
}

// compareMayPanic reports whether comparing values of type t may panic: t
// is, or holds in a field or element, an interface (whose dynamic value
// may not be comparable), or is a type parameter.
func compareMayPanic(t types.Type) bool {
	if t == nil {
		return true
	}
	if _, isTP := t.(*types.TypeParam); isTP {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Interface:
		return true
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if compareMayPanic(u.Field(i).Type()) {
				return true
			}
		}
	case *types.Array:
		return compareMayPanic(u.Elem())
	}
	return false
}

// safeCall reports whether the call x cannot panic: a conversion that is
// not to an array (or array pointer) from a slice or involving a type
// parameter, a builtin that does not panic with these operands, or a pure
// function that cannot panic (pure.go).
func (f *facts) safeCall(x *ast.CallExpr) bool {
	if tv, ok := f.info.Types[x.Fun]; ok && tv.IsType() {
		if len(x.Args) != 1 {
			return false
		}
		from, to := f.info.TypeOf(x.Args[0]), tv.Type
		if _, tp := from.(*types.TypeParam); tp {
			return false
		}
		if _, tp := to.(*types.TypeParam); tp {
			return false
		}
		if _, fromSlice := from.Underlying().(*types.Slice); fromSlice {
			switch u := to.Underlying().(type) {
			case *types.Array:
				return false
			case *types.Pointer:
				_, toArray := u.Elem().Underlying().(*types.Array)
				return !toArray
			}
		}
		return true
	}
	if f.loopHelpers[x] != nil {
		return true // panics only at its index uses, which the loop tests (callee.go)
	}
	b, ok := f.callee(x).(*types.Builtin)
	if !ok {
		return f.pureSafe(x)
	}
	switch b.Name() {
	case "len", "cap", "min", "max", "real", "imag", "complex", "new", "append", "copy", "clear":
		return true
	case "make":
		for _, a := range x.Args[1:] {
			if tv := f.info.Types[a]; tv.Value == nil {
				return false // a negative size panics
			}
		}
		return true
	case "delete":
		if m, isMap := coreType(f.info.TypeOf(x.Args[0])).(*types.Map); isMap {
			return !compareMayPanic(m.Key())
		}
	}
	return false
}
