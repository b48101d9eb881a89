package instrument

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Range hooks for loops that count down.
//
// A loop
//
//	for i := hi; i >= lo; i-- { body }      (or i > lo, or i -= 1)
//
// for an int i visits the indices hi, hi-1, ..., lo (lo+1 with >) once
// each: the same indices as `for i := lo; i <= hi; i++`, in the other
// order. Horner's rule over a coefficient slice is written this way. It
// is treated as that upward loop by the range hooks of sliceloop.go, with
// one difference: here hi is evaluated once, by the init statement, and
// lo by every iteration's condition, so it is lo that the body must not
// change (by name or through memory, effects.moves) and whose operands
// must not mention i.
//
// Why this hides no race. The order of the iterations plays no part in the
// argument of sliceloop.go: the range hooks stand for a set of element
// accesses that the loop surely makes, all in one step of one task
// (Surendran and Sarkar, RV 2016, Definition 1), and within one step the
// detector's read and write checks (their Algorithms 8 and 9) find the same
// races whatever order the step's accesses come in, as argued there. The
// flag's tests are the ones of the upward loop over the same indices
// (lo <= hi, and 0 <= lo±k <= hi±k < len(t) for each t[i±k]) and one
// more, 0 <= lo (0 <= lo+1 with >): then i-- does not wrap below lo, so
// the loop ends there, after visiting exactly lo..hi, and no i±k it
// computes is out of range. Without that test, a loop down to the most
// negative int would wrap around and go on past the indices its range
// hooks stand for.
func (r *fileRewriter) downSliceLoop(s *ast.ForStmt) *sliceLoop {
	init, ok := s.Init.(*ast.AssignStmt)
	if !ok || init.Tok != token.DEFINE || len(init.Lhs) != 1 || len(init.Rhs) != 1 {
		return nil
	}
	idx, _ := r.info.Defs[identOf(init.Lhs[0])].(*types.Var)
	if idx == nil || !isInt(idx.Type()) {
		return nil
	}
	cond, ok := ast.Unparen(s.Cond).(*ast.BinaryExpr)
	if !ok || (cond.Op != token.GEQ && cond.Op != token.GTR) || !r.isUse(cond.X, idx) {
		return nil
	}
	switch p := s.Post.(type) {
	case *ast.IncDecStmt:
		if p.Tok != token.DEC || !r.isUse(p.X, idx) {
			return nil
		}
	case *ast.AssignStmt:
		if p.Tok != token.SUB_ASSIGN || !r.isUse(p.Lhs[0], idx) || !r.isConstInt(p.Rhs[0], 1) {
			return nil
		}
	default:
		return nil
	}
	return &sliceLoop{lo: cond.Y, loExcl: cond.Op == token.GTR, down: true,
		hi: init.Rhs[0], inclusive: true, hiOnce: true, idx: idx, body: s.Body}
}
