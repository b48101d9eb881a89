package mhp

import (
	"go/types"

	"github.com/tpinstr/tpinstr/analysis/pst"
)

// inFuture computes Summary.InFuture: which function-valued parameters are
// invoked only by the body of the future whose handle the function returns,
// every invocation over before that body returns. A caller that stores the
// handle in a variable then builds such a callback as the body of a future
// joined by the Gets on that variable (pst's futureCallback), which is the
// Get rule of futureOrders applied across the call.
//
// It holds when:
//
//   - the function returns one value, and every return statement of its
//     body returns the handle of one NewFuture call F, directly or through
//     the variable its declaration stores it in (pst.Future.Var), so the
//     caller's handle is F's;
//   - F is built once in the tree, and no Loop, Async or Escape node lies
//     above it: each call of the function creates exactly one F, in the
//     caller's task;
//   - every use of the parameter is a leaf inside F's body that F's body
//     waits for (out up to F is EscNone) and that invokes it in place
//     (pst.CalledSync), and the parameter is not stored anywhere;
//   - the function has no goto, which could repeat code without a Loop.
func inFuture(t *Tree, sig *types.Signature) []bool {
	if t.HasGoto || sig.Results().Len() != 1 || !pst.IsFuture(sig.Results().At(0).Type()) {
		return nil
	}
	f := t.returnedFuture()
	if f == nil {
		return nil
	}
	for n := f.Parent; n != nil; n = n.Parent {
		if n.Kind == pst.Loop || n.Kind == pst.Async || n.Kind == pst.Escape {
			return nil
		}
	}
	n := sig.Params().Len()
	if sig.Recv() != nil {
		n++
	}
	ok := make([]bool, n)
	bad := make([]bool, n)
	for _, l := range t.Leaves {
		if l.Use == nil {
			continue
		}
		idx := pst.ParamIndex(sig, l.Use.Param)
		if idx < 0 {
			continue
		}
		if l.Use.Mode == pst.CalledSync && pst.IsAncestor(f, l) && t.out(l, f, false).esc == pst.EscNone {
			ok[idx] = true
		} else {
			bad[idx] = true
		}
	}
	for v := range t.Stored {
		if idx := pst.ParamIndex(sig, v); idx >= 0 {
			bad[idx] = true
		}
	}
	any := false
	for i := range ok {
		ok[i] = ok[i] && !bad[i]
		any = any || ok[i]
	}
	if !any {
		return nil
	}
	return ok
}

// returnedFuture returns the future node whose handle every return
// statement of the tree's function body returns, nil if there is none or
// its NewFuture call is built more than once.
func (t *Tree) returnedFuture() *pst.Node {
	if len(t.Returns) == 0 {
		return nil
	}
	first := t.Returns[0]
	for _, r := range t.Returns {
		if r.Results != 1 || r != first || (r.Call == nil && r.Var == nil) {
			return nil
		}
	}
	var found *pst.Node
	for _, f := range t.Futures {
		if f.Op != pst.OpNewFuture {
			continue
		}
		if (first.Call != nil && f.Future.Call == first.Call) || (first.Var != nil && f.Future.Var == first.Var) {
			if found != nil {
				return nil // built more than once
			}
			found = f
		}
	}
	return found
}
