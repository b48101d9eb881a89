package instrument

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Range hooks for loops over slices.
//
// A loop whose index i takes every value of a range in order, in
//
//	for i := range s { body }          for i, v := range s { body }
//	for i := range len(s) { body }     for i := 0; i < len(s); i++ { body }
//	for i := range n { body }          for i := lo; i <= hi; i++ { body }   (or i < hi)
//
// (s a slice variable, or the temporary that holds the value of a range
// expression that calls something, see rangetemp.go; n, lo and hi int
// expressions) makes one access of t[i+k] per iteration for every t that
// body indexes with i, or with i plus or minus an offset k that the loop
// does not change (i±k only in the last two forms). When every iteration
// surely runs all of body's top-level statements, and one of them reads
// (writes) t[i+k] as a whole, the loop reads (writes) every element of
// the part of t that i+k sweeps: one ReadSlice (WriteSlice) hook of that
// part before the loop records them all, and the per-iteration hooks of
// t[i+k] (and of its fields and array elements, and of reads when the
// range hook writes) are left out. The hook of a t[i+k] that only some
// iterations write, inside an if for instance, stays.
//
// "Surely runs" is checked conservatively: body calls nothing (effects.call:
// no task-library call, no code of the program), has no break, continue,
// goto, return, label or loop without an end, assigns neither i nor s nor
// any slice or string t (an array's elements stay where they are) nor k
// nor hi, by name or through memory that may alias them, and
// cannot panic (panicFree: every index is a constant into an array or i±k
// into a variable t that holds every index the loop makes). Unless the
// loop only indexes s with i, that last condition is tested before the
// loop into a flag: len(t) >= len(s) for each t, or, for lo..hi, lo <= hi
// and 0 <= lo±k <= hi±k < len(t) for each t[i±k]; computed in the
// program's own wrapping int arithmetic, these hold exactly when the loop
// runs and no i±k it computes is out of range (lo±k and hi±k differ by
// hi-lo modulo 2^64, so when both lie in [0, len(t)) in order, they differ
// by exactly hi-lo and every i±k lies between them). If the flag is false, the loop may stop part-way with a
// panic, so the range hooks are not run and every per-element hook runs
// instead, behind the negated flag. A function with goto gets no flag (a
// declaration could be jumped over), and then only the first form.
//
// Why this hides no race. The loop's body makes no task-library call and
// calls nothing that could, so the whole loop, and the range hooks just
// before it, run in one step of one task (Surendran and Sarkar, RV 2016,
// Definition 1). The detector's write and read checks (their Algorithms 8
// and 9) see the range hook as one access per element by that step. Each
// of those accesses is made by the loop (every iteration runs, and reads or
// writes its t[i+k] whole), so the range hook invents none, and each
// left-out hook's access is of one of those elements, by the same step: the
// argument of straight.go (an earlier write of the step stands for the
// step's later accesses of the location, an earlier read for its later
// reads) applies to each element, with the range hook as the first access.
// A range hook's report names the access in the body that it stands for.
type sliceLoop struct {
	// The loop visits every index of the slice drv, a variable, or the
	// temporary named drvName when drv is nil (rangeTemp); or, when
	// drvName is empty, the indices lo through hi (or hi-1 unless
	// inclusive), where a nil lo is 0 and hiOnce says that hi is evaluated
	// once, before the loop, rather than by every iteration's condition.
	drv       *types.Var
	drvName   string
	lo, hi    ast.Expr
	hiText    string // hi already rendered, instead of hi
	inclusive bool
	hiOnce    bool
	// down: the loop counts down from hi to lo (downloop.go), so lo is
	// evaluated by every iteration's condition; loExcl: its bound is lo+1.
	down, loExcl bool

	idx  *types.Var // i
	body *ast.BlockStmt
	// valueRead: a range loop with a value variable, whose header already
	// records a read of every element of s.
	valueRead bool
}

// asBounds returns the loop over the indices of a slice l as a loop with
// bounds, 0 through len(s)-1 (len(s) does not change: s is a temporary or
// a variable the loop does not assign), for index uses with offsets.
func (l *sliceLoop) asBounds() *sliceLoop {
	return &sliceLoop{drv: l.drv, hiText: "len(" + l.drvName + ")", hiOnce: true,
		idx: l.idx, body: l.body, valueRead: l.valueRead}
}

// indexUse is an index expression of a loop's body that the loop's index
// determines: t[i], t[i+k], t[k+i] or t[i-k].
type indexUse struct {
	t   *types.Var
	off ast.Expr // k, or nil for t[i]
	neg bool     // t[i-k]
	key string   // the index expression's key text (keys.go)
}

// rangeSliceLoop recognizes a range loop over the indices of a slice (a
// variable, or the temporary tmp that holds the value of the range
// expression when tmp is not empty) or of an int.
func (r *fileRewriter) rangeSliceLoop(s *ast.RangeStmt, tmp string) *sliceLoop {
	if !r.on(OptSliceLoop) {
		return nil
	}
	if s.Tok != token.DEFINE || s.Key == nil || isBlank(s.Key) {
		return nil
	}
	idx, _ := r.info.Defs[identOf(s.Key)].(*types.Var)
	if idx == nil {
		return nil
	}
	if tmp != "" {
		return &sliceLoop{drvName: tmp, idx: idx, body: s.Body}
	}
	x := ast.Unparen(s.X)
	_, isCall := x.(*ast.CallExpr)
	if call, ok := x.(*ast.CallExpr); ok && len(call.Args) == 1 {
		// for i := range len(s)
		if b, ok := r.facts.callee(call).(*types.Builtin); ok && b.Name() == "len" {
			if drv := r.facts.sliceVar(ast.Unparen(call.Args[0])); drv != nil {
				return &sliceLoop{drv: drv, drvName: drv.Name(), idx: idx, body: s.Body}
			}
		}
	}
	if drv := r.facts.sliceVar(x); drv != nil {
		return &sliceLoop{drv: drv, drvName: drv.Name(), idx: idx, body: s.Body,
			valueRead: !isCall && s.Value != nil && !isBlank(s.Value)}
	}
	if t := r.info.TypeOf(s.X); t != nil && isInt(t) {
		return &sliceLoop{hi: s.X, hiOnce: true, idx: idx, body: s.Body}
	}
	return nil
}

// stepLoop recognizes `for i := init; i OP bound; i STEP`, for an int i
// declared by the loop, OP one of the two comparison operators ops and
// STEP the increment (or decrement) tok or `i op= 1` with op assign, and
// returns the loop's init statement, its variable and its condition
// (nil when s is not such a loop).
func (r *fileRewriter) stepLoop(s *ast.ForStmt, op1, op2, tok, assign token.Token) (*ast.AssignStmt, *types.Var, *ast.BinaryExpr) {
	init, ok := s.Init.(*ast.AssignStmt)
	if !ok || init.Tok != token.DEFINE || len(init.Lhs) != 1 || len(init.Rhs) != 1 {
		return nil, nil, nil
	}
	idx, _ := r.info.Defs[identOf(init.Lhs[0])].(*types.Var)
	if idx == nil || !isInt(idx.Type()) {
		return nil, nil, nil
	}
	cond, ok := ast.Unparen(s.Cond).(*ast.BinaryExpr)
	if !ok || (cond.Op != op1 && cond.Op != op2) || !r.facts.isUse(cond.X, idx) {
		return nil, nil, nil
	}
	switch p := s.Post.(type) {
	case *ast.IncDecStmt:
		if p.Tok != tok || !r.facts.isUse(p.X, idx) {
			return nil, nil, nil
		}
	case *ast.AssignStmt:
		if p.Tok != assign || !r.facts.isUse(p.Lhs[0], idx) || !r.facts.isConstInt(p.Rhs[0], 1) {
			return nil, nil, nil
		}
	default:
		return nil, nil, nil
	}
	return init, idx, cond
}

// forSliceLoop recognizes `for i := lo; i < hi; i++` (or i <= hi, or
// i += 1), which is `for i := 0; i < len(s); i++` over the indices of s in
// particular, for an int i.
func (r *fileRewriter) forSliceLoop(s *ast.ForStmt) *sliceLoop {
	if !r.on(OptSliceLoop) {
		return nil
	}
	init, idx, cond := r.stepLoop(s, token.LSS, token.LEQ, token.INC, token.ADD_ASSIGN)
	if cond == nil {
		return nil
	}
	if call, ok := ast.Unparen(cond.Y).(*ast.CallExpr); ok && cond.Op == token.LSS && len(call.Args) == 1 && r.facts.isConstInt(init.Rhs[0], 0) {
		if b, ok := r.facts.callee(call).(*types.Builtin); ok && b.Name() == "len" {
			if drv := r.facts.sliceVar(ast.Unparen(call.Args[0])); drv != nil {
				return &sliceLoop{drv: drv, drvName: drv.Name(), idx: idx, body: s.Body}
			}
		}
	}
	return &sliceLoop{lo: init.Rhs[0], hi: cond.Y, inclusive: cond.Op == token.LEQ, idx: idx, body: s.Body}
}
