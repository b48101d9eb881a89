package pst

import "go/types"

// under returns the underlying type of t; for a type parameter, the core
// type of its constraint (the one underlying type of every type in its type
// set, as for S ~[]E), so that indexing or dereferencing a value of
// parameter type is seen as what it is. Without a core type it returns the
// constraint interface.
func under(t types.Type) types.Type {
	if tp, ok := types.Unalias(t).(*types.TypeParam); ok {
		if c := coreOf(tp.Constraint()); c != nil {
			return c
		}
	}
	return t.Underlying()
}

// coreOf returns the single underlying type of the type terms of a
// constraint, or nil if there is none or more than one.
func coreOf(constraint types.Type) types.Type {
	iface, ok := constraint.Underlying().(*types.Interface)
	if !ok {
		return constraint.Underlying()
	}
	var core types.Type
	consider := func(u types.Type) bool {
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
				if !consider(e.Term(j).Type().Underlying()) {
					return nil
				}
			}
		default:
			u := e.Underlying()
			if inner, ok := u.(*types.Interface); ok {
				c := coreOf(inner)
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
