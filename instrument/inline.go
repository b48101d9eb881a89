package instrument

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"
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
// An element of a call's slice, and a map indexed from a call's value, are
// hooked the same way, through rt.ReadIndex(s, i, site)[i] (or
// WriteIndex) and rt.ReadMapIndex(m, site)[k] (or WriteMapIndex), when
// the index can be evaluated twice: it makes no call or receive (a
// constant, variables, arithmetic), so evaluating it once more, with
// nothing in between, gives the same value and changes nothing. This
// is what hooks f.Get()[i] of a future's slice, whose Get the rewriter
// changes in place and so cannot move.
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

// inlineIndex hooks the access a in place when it is an element of a
// call's or a receive's slice value, or a map value indexed (see above),
// and reports whether it did.
func (r *fileRewriter) inlineIndex(a *acc) bool {
	var call, index ast.Expr
	var hook string
	switch a.form {
	case formAddr:
		ix, ok := ast.Unparen(a.loc).(*ast.IndexExpr)
		if !ok {
			return false
		}
		if _, isSlice := coreType(r.info.TypeOf(ix.X)).(*types.Slice); !isSlice {
			return false
		}
		call, index, hook = ix.X, ix.Index, "Index"
	case formMap:
		call, hook = a.loc, "MapIndex"
	default:
		return false
	}
	if !r.valueOfCall(call) {
		return false
	}
	args := ""
	if index != nil {
		text := string(r.src[r.off(index.Pos()):r.off(index.End())])
		if !r.repeatable(index) || strings.ContainsRune(text, '\n') {
			return false
		}
		args = ", int(" + text + ")"
	}
	r.wrapValue(a, call, hook, args)
	return true
}

// wrapValue hooks the access a in place: the value of call passes through
// rt.ReadX or rt.WriteX (X is what), with args (each after a comma) and
// the access's site after it.
func (r *fileRewriter) wrapValue(a *acc, call ast.Expr, what, args string) {
	op, kind := "Read", kindRead
	if a.write {
		op, kind = "Write", kindWrite
	}
	k := r.addSite(a.pos, kind, a.shown)
	r.stats.AccessSites++
	r.stats.Hooks++
	r.insertAt(call.Pos(), rtName+"."+op+what+"(", prioInlineOpen)
	r.insertAt(call.End(), args+", "+r.siteRef(k)+")", prioInlineClose)
}

// valueOfCall reports whether e is the value of a call (not a conversion)
// or of a receive.
func (r *fileRewriter) valueOfCall(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		tv, ok := r.info.Types[x.Fun]
		return ok && !tv.IsType()
	case *ast.UnaryExpr:
		return x.Op == token.ARROW
	}
	return false
}

// repeatable reports whether evaluating e again, right after it was
// evaluated, gives the same value and has no effect: it makes no call
// (other than conversions and len, cap, min and max) and no receive.
func (r *fileRewriter) repeatable(e ast.Expr) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			ok = false
		case *ast.UnaryExpr:
			if x.Op == token.ARROW {
				ok = false
			}
		case *ast.CallExpr:
			if tv, found := r.info.Types[x.Fun]; found && tv.IsType() {
				return true // a conversion
			}
			if b, isBuiltin := r.facts.callee(x).(*types.Builtin); isBuiltin {
				switch b.Name() {
				case "len", "cap", "min", "max":
					return true
				}
			}
			ok = false
		}
		return ok
	})
	return ok
}

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
	if !r.valueOfCall(sel.X) {
		return false // a conversion, or no call: the hook goes before the statement
	}
	t := r.info.TypeOf(sel.X)
	if _, isPtr := coreType(t).(*types.Pointer); !isPtr || derefStruct(t) == nil || embeddedPointer(t, s.Index()) {
		return false
	}
	// A receive's value is wrapped as a call's is.
	r.wrapValue(a, ast.Unparen(sel.X), "Field", ", "+strconv.Quote(sel.Sel.Name))
	return true
}
