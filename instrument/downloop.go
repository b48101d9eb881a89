package instrument

import (
	"go/ast"
	"go/token"
)

// Range hooks for loops that count down (optimization downloop, switched off by
// Config.Disable[OptDownLoop] or -instr.disable=downloop).
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
	if !r.on(OptDownLoop) {
		return nil
	}
	init, idx, cond := r.stepLoop(s, token.GEQ, token.GTR, token.DEC, token.SUB_ASSIGN)
	if cond == nil {
		return nil
	}
	return &sliceLoop{lo: cond.Y, loExcl: cond.Op == token.GTR, down: true,
		hi: init.Rhs[0], inclusive: true, hiOnce: true, idx: idx, body: s.Body}
}
