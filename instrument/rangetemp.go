package instrument

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// A range loop evaluates its range expression once, before the first
// iteration. When that expression calls something (for j, y := range
// b.row(k)), no hook can repeat it: the read of every element that the
// loop's value variable makes would get no hook, and the loop could get no
// range hooks (sliceloop.go), which need the slice's length. rangeTemp
// evaluates such an expression into a temporary just before the loop,
// after the hooks of its operands, and ranges over the temporary:
//
//	_tpinstr_t1 := b.row(k); rt.ReadSlice(_tpinstr_t1, site); for j, y := range _tpinstr_t1 {
//
// Nothing runs between the temporary's declaration and the loop's start
// but hooks, so the expression is evaluated exactly when it was, once.
// The expression must be movable as the statement hoister requires (no
// function literal, && or ||, task-library call or os.Exit in it, see
// hoister.movable), fit on one line and be on the line where the text
// before the loop goes, so that a panic in it keeps its line; the function
// must have no goto (the declaration could be jumped over); and the
// expression must be a slice, not of a type parameter's type.

// rangeTempWanted reports whether the range expression of s should be
// evaluated into a temporary.
func (r *fileRewriter) rangeTempWanted(s *ast.RangeStmt, pre token.Pos) bool {
	if r.fn == nil || r.fn.hasGoto || !hasCalls(r.info, s.X) {
		return false
	}
	t := r.info.TypeOf(s.X)
	if t == nil {
		return false
	}
	if _, isTP := t.(*types.TypeParam); isTP {
		return false
	}
	if _, isSlice := t.Underlying().(*types.Slice); !isSlice {
		return false
	}
	hasValue := s.Value != nil && !isBlank(s.Value)
	indexed := s.Tok == token.DEFINE && s.Key != nil && !isBlank(s.Key)
	if !hasValue && !indexed {
		return false // nothing to hook
	}
	if strings.ContainsRune(r.text(s.X), '\n') || r.tf.Line(pre) != r.tf.Line(s.X.Pos()) {
		return false
	}
	return (&hoister{r: r}).movable(s.X)
}

// rangeTemp declares the temporary of s's range expression before the
// loop at pre, ranges over it instead, places the hook of the loop's reads
// of every element when it has a value variable, and returns the
// temporary's name.
func (r *fileRewriter) rangeTemp(s *ast.RangeStmt, pre token.Pos) string {
	tmp := r.newTemp()
	decl := []string{tmp + " := " + r.text(s.X)}
	r.replaceNode(s.X, tmp)
	if s.Value != nil && !isBlank(s.Value) {
		a := &acc{pos: s.X.Pos(), form: formSlice, loc: s.X, shown: s.X}
		decl = append(decl, r.commit(a, rtCall("ReadSlice", tmp, sitePlaceholder)))
	}
	r.before(pre, decl...)
	return tmp
}

// A range expression that cannot move into a temporary, because rewriting
// changes text inside it (a task library's Get, rt.At(f, site).Get(), or
// a receive, for _, v := range <-ch), is wrapped where it is instead, once
// every other edit of the file is made:
//
//	for _, v := range rt.RangeRead(f.Get(), site) {
//
// rt.RangeRead records the read of every element of the slice, as the
// temporary's rt.ReadSlice does, when the expression is evaluated, once,
// before the first iteration, and returns the slice. When another edit
// replaces text that overlaps the expression without lying inside it, the
// wrap is left out and the loop's reads reach rt.Unchecked, which the
// run's verdict names.

// rangeWrap is a range statement whose expression wrapRanges wraps, with
// where its hooks go and the function it is in.
type rangeWrap struct {
	s   *ast.RangeStmt
	pre token.Pos
	fn  *funcCtx
}

// rangeWrapWanted reports whether the slice that s ranges over, with a
// value variable and no temporary, has calls in its expression that no
// hook before the loop could repeat.
func (r *fileRewriter) rangeWrapWanted(s *ast.RangeStmt) bool {
	if !hasCalls(r.info, s.X) && !hasRecv(s.X) {
		return false
	}
	t := r.info.TypeOf(s.X)
	if _, isTP := t.(*types.TypeParam); t == nil || isTP {
		return false
	}
	return true
}

// hasRecv reports whether e receives from a channel.
func hasRecv(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.ARROW {
			found = true
		}
		_, lit := n.(*ast.FuncLit)
		return !found && !lit
	})
	return found
}

// wrapRanges wraps the expressions of r.rangeWraps (see above).
func (r *fileRewriter) wrapRanges() {
	outer := r.fn
	defer func() { r.fn = outer }()
	for _, w := range r.rangeWraps {
		r.fn = w.fn
		a := &acc{pos: w.s.X.Pos(), form: formSlice, loc: w.s.X, shown: w.s.X}
		if !r.wrapFree(w.s.X) {
			r.before(w.pre, r.unchecked(a, "range expression rewritten across its bounds"))
			continue
		}
		k := r.addSite(a.pos, kindRead, a.shown)
		r.stats.AccessSites++
		r.stats.Hooks++
		start, end := r.off(w.s.X.Pos()), r.off(w.s.X.End())
		r.buf.insert(start, rtName+".RangeRead(", prioInlineOpen) // outside rt.At, a receive's hook
		r.buf.insert(end, ", "+r.siteRef(k)+")", prioInlineClose)
		r.touched = true
	}
}
