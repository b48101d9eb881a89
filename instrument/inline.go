package instrument

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
)

// Fields of a call's value, hooked in place. A hook goes before its
// statement and names the location it records, so a location reached
// through a call's value needs the call in a temporary first, which the
// hoister (hoist.go) can do only for the calls a statement makes first:
// in
//
//	return Stats{Served: s.served.Load(), Version: s.Current().Version}
//
// s.Current() comes after another call, and the read of Version would have
// no hook; nor would (<-ch).version, whose receive is rewritten in place.
// Such a field access is hooked where it happens instead: the call's (or
// the receive's) value passes through rt.ReadField (or rt.WriteField), which
// records the access of the named field of what it points to, if not nil,
// and returns it unchanged:
//
//	Version: _tpinstr_rt.ReadField(s.Current(), "Version", site).Version
//
// Why this records exactly the access. The wrapper runs when the call
// returns, in the same goroutine or task, and the field is loaded (or
// stored) right after it, with nothing in between: no call, receive or
// task-library operation, so the record and the access are one step of one
// task (Surendran and Sarkar, RV 2016, Definition 1) and the same event of
// one goroutine. The address is the field's: the wrapper adds the field's
// offset, found by reflection from the struct type and the name, along
// the path of embedded struct fields that the selector follows (a path
// through an embedded pointer is left unchecked: it loads the pointer
// too). A nil value records nothing, and the selector then panics as it
// would have. Evaluation order is unchanged: only the call's value is
// wrapped, in place.

// inlineField hooks the access a in place when it is a field selected
// from the value of a call or a receive (see above), and reports whether
// it did.
func (r *fileRewriter) inlineField(a *acc) bool {
	if a.form != formAddr {
		return false
	}
	sel, ok := ast.Unparen(a.loc).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s := r.info.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal {
		return false
	}
	var call ast.Expr
	switch x := ast.Unparen(sel.X).(type) {
	case *ast.CallExpr:
		if tv, ok := r.info.Types[x.Fun]; !ok || tv.IsType() {
			return false // a conversion: no call
		}
		call = x
	case *ast.UnaryExpr:
		if x.Op != token.ARROW {
			return false
		}
		call = x // a receive: its value is wrapped as a call's is
	default:
		return false
	}
	t := r.info.TypeOf(sel.X)
	if _, isPtr := coreType(t).(*types.Pointer); !isPtr || derefStruct(t) == nil || embeddedPointer(t, s.Index()) {
		return false
	}
	hook, kind := "ReadField", kindRead
	if a.write {
		hook, kind = "WriteField", kindWrite
	}
	k := r.addSite(a.pos, kind, a.shown)
	r.stats.AccessSites++
	r.stats.Hooks++
	r.insertAt(call.Pos(), rtName+"."+hook+"(", prioInlineOpen)
	r.insertAt(call.End(), ", "+strconv.Quote(sel.Sel.Name)+", "+r.siteRef(k)+")", prioInlineClose)
	return true
}
