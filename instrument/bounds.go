package instrument

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"
)

// bounds is the range of a loop's index rendered for the range hooks and
// the flag's tests before the loop: first through last, inclusive, or up
// to end, exclusive (end is empty for a loop with an inclusive bound);
// zero for a loop over a slice. The values are kept too when constant: Go
// rejects a constant slice index that is negative or out of an array's
// bounds, and a constant expression that overflows, even in code that
// never runs, so such loops keep their per-element hooks.
type bounds struct {
	first, last, end bound
}

// bound is one rendered bound and its value when constant.
type bound struct {
	text string
	val  constant.Value // nil unless constant
}

// loopBounds renders the bounds of l, a loop with bounds, checking that
// the loop does not change them.
func (r *fileRewriter) loopBounds(l *sliceLoop, ef *effects, pre token.Pos) (bounds, bool) {
	if l.drvName != "" {
		return bounds{}, true
	}
	rd := &renderer{f: r.facts, e: r.emitter, pos: pre}
	first := bound{text: "0", val: constant.MakeInt64(0)}
	if l.lo != nil {
		text, ok := rd.value(l.lo)
		if !ok || !r.facts.exprVisibleAt(l.lo, pre) {
			return bounds{}, false
		}
		first = bound{text: text, val: r.info.Types[l.lo].Value}
		if l.down && (r.facts.exprMoves(ef, l.lo) || r.facts.mentions(l.lo, l.idx)) {
			return bounds{}, false
		}
		if l.loExcl {
			first = plusOne(first)
		}
	}
	hi := bound{text: l.hiText}
	if hi.text == "" {
		text, ok := rd.value(l.hi)
		if !ok || !r.facts.exprVisibleAt(l.hi, pre) {
			return bounds{}, false
		}
		if !l.hiOnce && (r.facts.exprMoves(ef, l.hi) || r.facts.mentions(l.hi, l.idx)) {
			return bounds{}, false
		}
		hi = bound{text: text, val: r.info.Types[l.hi].Value}
	}
	if len(rd.guards) > 0 {
		return bounds{}, false // an operand that could panic
	}
	b := bounds{first: first, last: hi}
	if !l.inclusive {
		b.end = hi
		b.last = bound{text: "(" + hi.text + " - 1)"}
		if hi.val != nil {
			b.last.val = constant.BinaryOp(hi.val, token.SUB, constant.MakeInt64(1))
		}
	}
	return b, b.last.val == nil || fitsIndex(b.last.val)
}

// shifted renders x±k for the index use u.
func (r *fileRewriter) shifted(x bound, u indexUse, pre token.Pos) (bound, bool) {
	if u.off == nil {
		return x, true
	}
	rd := &renderer{f: r.facts, e: r.emitter, pos: pre}
	k, ok := rd.value(u.off)
	if !ok || len(rd.guards) > 0 {
		return bound{}, false
	}
	op := token.ADD
	if u.neg {
		op = token.SUB
	}
	out := bound{text: "(" + x.text + " " + op.String() + " " + k + ")"}
	if kv := r.info.Types[u.off].Value; kv != nil && x.val != nil {
		out.val = constant.BinaryOp(x.val, op, kv)
		if !fitsIndex(out.val) {
			return bound{}, false
		}
	}
	return out, true
}

// plusOne renders x+1.
func plusOne(x bound) bound {
	out := bound{text: "(" + x.text + " + 1)"}
	if x.val != nil {
		out.val = constant.BinaryOp(x.val, token.ADD, constant.MakeInt64(1))
	}
	return out
}

// fitsIndex reports whether the constant v is an integer well inside the
// range of int on every platform.
func fitsIndex(v constant.Value) bool {
	n, exact := constant.Int64Val(constant.ToInt(v))
	return exact && n > -1<<31 && n < 1<<31-1
}

// span renders the part of u.t that the loop's index use u sweeps, or
// fails when a constant index of it would not compile.
func (b bounds) span(r *fileRewriter, l *sliceLoop, u indexUse, pre token.Pos) (string, bool) {
	if l.drvName != "" {
		if u.t == l.drv {
			return l.drvName, true
		}
		return u.t.Name() + "[:len(" + l.drvName + ")]", true
	}
	lo, ok := r.shifted(b.first, u, pre)
	if !ok {
		return "", false
	}
	var hi bound
	if b.end.text != "" {
		hi, ok = r.shifted(b.end, u, pre)
	} else {
		hi, ok = r.shifted(b.last, u, pre)
		hi = plusOne(hi)
	}
	if !ok || !r.constSliceOK(u, lo.val, hi.val) {
		return "", false
	}
	return u.t.Name() + "[" + lo.text + ":" + hi.text + "]", true
}

// constSliceOK reports whether u.t[lo:hi] compiles as far as the constant
// ones of lo and hi go: not negative, in order, within an array's length.
func (r *fileRewriter) constSliceOK(u indexUse, lo, hi constant.Value) bool {
	zero := constant.MakeInt64(0)
	for _, v := range []constant.Value{lo, hi} {
		if v == nil {
			continue
		}
		if !fitsIndex(v) || constant.Compare(v, token.LSS, zero) {
			return false
		}
		if n, isArr := arrayLen(u.t.Type()); isArr && constant.Compare(v, token.GTR, constant.MakeInt64(n)) {
			return false
		}
	}
	return lo == nil || hi == nil || constant.Compare(lo, token.LEQ, hi)
}

// arrayLen returns the length of t's array type.
func arrayLen(t types.Type) (int64, bool) {
	a, ok := t.Underlying().(*types.Array)
	if !ok {
		return 0, false
	}
	return a.Len(), true
}

// tests renders the condition under which no index use of the loop is
// out of range (see sliceLoop): for a loop over a slice s, len(t) >=
// len(s) for every other t; for bounds, that the loop runs and that
// 0 <= first±k <= last±k < len(t) for every t[i±k], computed in the
// program's int arithmetic, which holds exactly when every i±k the loop
// computes, wrapping as int arithmetic wraps, is in range.
func (b bounds) tests(r *fileRewriter, l *sliceLoop, uses []indexUse, pre token.Pos) (string, bool) {
	var conds []string
	if l.drvName != "" {
		for _, u := range uses {
			c := "len(" + u.t.Name() + ") >= len(" + l.drvName + ")"
			if !containsString(conds, c) {
				conds = append(conds, c)
			}
		}
		return strings.Join(conds, " && "), len(conds) > 0
	}
	zero := bound{text: "0", val: constant.MakeInt64(0)}
	add := func(x bound, op token.Token, y bound) bool {
		if x.val != nil && y.val != nil {
			return constant.Compare(x.val, op, y.val) // a constant test: true adds nothing, false fails
		}
		c := x.text + " " + op.String() + " " + y.text
		if !containsString(conds, c) {
			conds = append(conds, c)
		}
		return true
	}
	// First, that the loop runs at all: the tests after it are then
	// computed from a last index that did not wrap.
	ok := b.end.text == "" && add(b.first, token.LEQ, b.last) || b.end.text != "" && add(b.first, token.LSS, b.end)
	if l.down {
		// A loop counting down ends below its first index without
		// wrapping when that index is not negative (downloop.go).
		ok = ok && add(zero, token.LEQ, b.first)
	}
	for _, u := range uses {
		lo, ok1 := r.shifted(b.first, u, pre)
		hi, ok2 := r.shifted(b.last, u, pre)
		n := bound{text: "len(" + u.t.Name() + ")"}
		if al, isArr := arrayLen(u.t.Type()); isArr {
			n.val = constant.MakeInt64(al)
		}
		ok = ok && ok1 && ok2 && add(zero, token.LEQ, lo) && add(lo, token.LEQ, hi) && add(hi, token.LSS, n)
	}
	if len(conds) == 0 {
		conds = append(conds, "true") // every test is constant and true
	}
	return strings.Join(conds, " && "), ok
}
