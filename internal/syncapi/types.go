package syncapi

import (
	"go/ast"
	"go/types"
)

// CoreType returns the underlying type of t; for a type parameter, the core
// type of its constraint: the one underlying type shared by every type of
// its type set (as []E for S ~[]E), so that indexing or dereferencing a
// value of parameter type is seen as what it is. It returns nil for a type
// parameter without a core type (its type set has several underlying
// types, or only methods).
func CoreType(t types.Type) types.Type {
	if tp, ok := types.Unalias(t).(*types.TypeParam); ok {
		return constraintCore(tp.Constraint())
	}
	return t.Underlying()
}

// constraintCore returns the single underlying type of the type terms of a
// constraint, or nil if there is none or more than one. An embedded
// interface with methods only restricts nothing and is passed over.
func constraintCore(constraint types.Type) types.Type {
	iface, ok := constraint.Underlying().(*types.Interface)
	if !ok {
		return CoreType(constraint)
	}
	var core types.Type
	consider := func(u types.Type) bool {
		if u == nil {
			return false
		}
		if core == nil {
			core = u
			return true
		}
		return types.Identical(core, u)
	}
	for i := 0; i < iface.NumEmbeddeds(); i++ {
		switch e := iface.EmbeddedType(i).(type) {
		case *types.Union:
			for j := 0; j < e.Len(); j++ {
				if !consider(CoreType(e.Term(j).Type())) {
					return nil
				}
			}
		default:
			u := CoreType(e)
			if u == nil {
				return nil
			}
			if _, isIface := u.(*types.Interface); isIface {
				c := constraintCore(u)
				if c == nil {
					continue // methods only, or no single core
				}
				u = c
			}
			if !consider(u) {
				return nil
			}
		}
	}
	return core
}

// Callee returns the object a call calls: a *types.Func (function or
// method, its generic origin), a *types.Builtin, or nil (a call of a
// function value or a conversion).
func Callee(info *types.Info, call *ast.CallExpr) types.Object {
	var id *ast.Ident
	switch f := stripInst(call.Fun).(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		if s := info.Selections[f]; s != nil {
			if fn, ok := s.Obj().(*types.Func); ok {
				return fn.Origin()
			}
			return nil
		}
		id = f.Sel
	default:
		return nil
	}
	switch o := info.Uses[id].(type) {
	case *types.Func:
		return o.Origin()
	case *types.Builtin:
		return o
	}
	return nil
}

// IsNamed reports whether t, or the element of pointer t when ptr, is the
// named type pkgPath.name (any instance of it for a generic type).
func IsNamed(t types.Type, ptr bool, pkgPath, name string) bool {
	if ptr {
		p, ok := types.Unalias(t).(*types.Pointer)
		if !ok {
			return false
		}
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	obj := n.Origin().Obj()
	return obj.Pkg() != nil && obj.Pkg().Path() == pkgPath && obj.Name() == name
}
