package instrument

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strconv"
)

// Range hooks for runs of a byte order's accessors (optimization spanrun,
// switched off by Config.Disable[OptSpanRun] or -instr.disable=spanrun).
//
// Code that decodes or encodes fixed-size words calls the byte orders of
// encoding/binary at consecutive offsets of one buffer, in one statement,
// in consecutive statements, or in a loop:
//
//	in := [4]uint16{be.Uint16(src[i:]), be.Uint16(src[i+2:]), be.Uint16(src[i+4:]), be.Uint16(src[i+6:])}
//	a, b := le.Uint32(hdr[0:]), le.Uint32(hdr[4:])
//	for j, w := range out { be.PutUint16(dst[i+2*j:], w) }
//
// Each call has a hook of the n bytes it reads or writes (stdeffects.go,
// prefixes), guarded by the tests that its slicing and its own length
// check pass. This rule records such a run by one ReadSlice (WriteSlice)
// hook of the whole part, which keeps the shadow memory of the buffer in
// words rather than in bytes (rt/internal/shadow/runs.go) and makes one
// check where there were several.
//
// The accesses (spanUse). A call of a byte order's fixed-size accessor
// (byteAccessor: Uint16/32/64 and PutUint16/32/64 of BigEndian,
// LittleEndian or NativeEndian; never the method of the ByteOrder
// interface, called on a variable of it or promoted from an embedded one)
// whose slice argument is t or t[x:], for t a slice or array variable and
// x an expression of the predeclared type int that makes no call or
// receive (repeatable) and takes no channel's length, reads (writes)
// t[x : x+n]; so does one whose argument is t[x : x+n] itself (the high
// bound written as the same expression plus n). The offset x is split
// into a constant c and the rest e, which must be the same expression (by
// key, keys.go) in every access of a run: x = e + c.
//
// Runs in a window. In a window of construn.go (consecutive simple
// statements that call nothing; the accessors count as no call, see
// byteAccessor) the reads (or the writes) of one t with one e whose parts
// [c, c+n) cover an interval [lo, hi) without a gap, at least two of
// them, made by a statement's own evaluation (not in the right operand of
// && or ||, not in a function literal), are a run. Its hook, placed
// before the first statement f of the window that makes one of them, is
// behind a flag that tests that every access of the run is in range:
//
//	flag := 0 <= B && B <= len(t) && len(t)-B >= hi-lo     (B = e + lo)
//	if flag { ReadSlice(t[B : B+hi-lo]) }
//
// and every hook of the run stays, behind !flag. B is computed in the
// program's wrapping int arithmetic, as the program computes each e + c;
// when the flag holds, each e + c = B + (c - lo) lies in [B, len(t) - n]
// without wrapping, so each slicing and each accessor's length check
// passes. As in construn.go, the statements f through L-1 (L the last
// statement that makes an access of the run) must not panic but at the
// run's own slicings and accessor calls, nor change t or anything e is
// computed from (effects.changesVar, exprMoves); statement L, as any
// statement, has its accesses hooked before it.
//
// Runs in a loop. A loop whose index j takes the values 0, 1, …, N-1 in
// order, for N fixed at entry:
//
//	for j := range N { body }                (N an int expression)
//	for j := range a { body }                (a an array or slice variable, N = len(a))
//	for j, v := range a { body }
//	for j := 0; j < N; j++ { body }          (N not changed by body)
//
// where N is of the predeclared type int (so is x: the flag mixes them
// with len), makes no call or receive (repeatable), does not mention j,
// takes no channel's length (which other goroutines change without a
// race), and cannot panic (the renderer refuses it otherwise), so that N
// rendered before the loop is the value the loop uses; and a ranged
// array is a variable, whose evaluation after the hook can neither panic
// nor run code;
// whose body is simple statements that call nothing (the accessors count
// as no call), do not branch, assign neither j, t nor what e is computed
// from, and cannot panic but at the accessor calls t[x:] below, makes in
// every iteration, by a top-level statement's own evaluation, the access
// of t[x : x+n] with x = e + c + n*j: the stride is the size, so the
// iterations cover [e+c, e+c+n*N) without a gap. Its hook, before the
// loop, is
//
//	flag := 0 <= B && B <= len(t) && N >= 0 && (len(t)-B)/n >= N     (B = e + c)
//	if flag { WriteSlice(t[B : B+n*N]) }
//
// with every per-iteration hook behind !flag. The division keeps n*N from
// wrapping: (len(t)-B)/n >= N holds exactly when len(t)-B >= n*N, and then
// every x the loop computes lies in [B, len(t)-n] without wrapping.
//
// A loop that sliceloop.go hooks too (a decode loop that stores what it
// reads, for k := range out { out[k] = le.Uint32(b[4*k:]) }) gets one flag
// for both rules' range hooks (spanLoopPlan): the runs' tests are added to
// sliceloop's, and the body is checked, as sliceloop checks it, with the
// runs' accessor calls counted as tested; when the flag fails, every
// per-element and per-call hook runs. Each rule's argument holds under
// the shared flag: it holds exactly when both rules' flags would.
//
// Why this hides no race. In both forms nothing between the range hook
// and the accesses it stands for starts, ends or joins a task: the code
// in between is the program's own simple statements and the standard
// library's accessors, which make no task-library call. So the hook and
// the accesses are made by one step of one task (Surendran and Sarkar, RV
// 2016, Definition 1). When the flag holds, every access the hook records
// is surely made after it (nothing in between panics, branches or moves
// t), and together they are exactly the elements the hook names: the
// hook invents no access and leaves out none, and, as construn.go argues
// for the detector's write and read checks (their Algorithms 8 and 9),
// recording a step's access earlier in the same step reports a race on a
// location exactly when the access would have, and leaves the same shadow
// state. When the flag fails, every original hook runs, as without the
// rule. A race found by a range hook is reported at the first access of
// the run, with the range as its expression.

// spanUse is one accessor call's access t[x : x+n], x = e + c + stride*j.
type spanUse struct {
	a      *acc
	t      *types.Var
	base   ast.Expr // t as written
	e      ast.Expr // nil when x has no variable part
	eKey   string
	c      int64
	n      int64
	stride int64 // the coefficient of the loop's index (loops only)
}

// spanGroup is what the accesses of one run share: the variable, the
// variable part of the offset (by key) and the kind.
type spanGroup struct {
	t     *types.Var
	eKey  string
	write bool
}

// group returns u's group.
func (u spanUse) group() spanGroup { return spanGroup{u.t, u.eKey, u.a.write} }

// spanCover leaves out, in [start, end), the hooks of the accesses whose
// slice arguments are locs; with a flag, they stay behind !flag.
type spanCover struct {
	start, end token.Pos
	locs       map[ast.Expr]bool
	write      bool
	flag       string
}

func (c *spanCover) scope() (token.Pos, token.Pos) { return c.start, c.end }

func (c *spanCover) apply(r *fileRewriter, a *acc) coverFate {
	if a.form != formSpan || a.write != c.write || !c.locs[a.loc] {
		return coverNone
	}
	if c.flag == "" {
		return coverDrop
	}
	a.fallback = c.flag
	return coverGuard
}

// accessorCalls maps the slice argument of every byte order's accessor
// call in nodes (byteAccessor) to the call.
func (r *fileRewriter) accessorCalls(nodes ...ast.Node) map[ast.Expr]*ast.CallExpr {
	calls := map[ast.Expr]*ast.CallExpr{}
	for _, n := range nodes {
		ast.Inspect(n, func(n ast.Node) bool {
			if x, ok := n.(*ast.CallExpr); ok {
				if _, _, ok := r.facts.byteAccessor(x); ok {
					calls[x.Args[0]] = x
				}
			}
			return true
		})
	}
	return calls
}

// spanUseOf returns the access of the hook a when it is of one of the
// accessor calls calls, at an offset e + c + stride*j for the loop index
// j (nil outside loops).
func (r *fileRewriter) spanUseOf(a *acc, j *types.Var, calls map[ast.Expr]*ast.CallExpr) (spanUse, bool) {
	if a.form != formSpan || a.spanTail || a.count != nil || a.countText != nil || a.countLit <= 0 || a.minLen != a.countLit {
		return spanUse{}, false
	}
	call := calls[a.loc]
	if call == nil || call.Pos() != a.pos {
		return spanUse{}, false
	}
	if _, n, _ := r.facts.byteAccessor(call); n != a.countLit {
		return spanUse{}, false
	}
	u := spanUse{a: a, n: int64(a.countLit)}
	var x ast.Expr
	var high ast.Expr
	switch l := ast.Unparen(a.loc).(type) {
	case *ast.SliceExpr:
		if l.Max != nil || l.Slice3 {
			return spanUse{}, false
		}
		u.base, x, high = l.X, l.Low, l.High
	default:
		u.base = l
	}
	u.t = r.facts.variable(ast.Unparen(u.base))
	if u.t == nil {
		return spanUse{}, false
	}
	switch u.t.Type().Underlying().(type) {
	case *types.Slice, *types.Array:
	default:
		return spanUse{}, false
	}
	if x != nil {
		if !isPlainInt(r.info.TypeOf(x)) || !r.repeatable(x) || r.facts.chanLen(x) || !r.affine(x, j, &u, 1) {
			return spanUse{}, false
		}
	}
	if u.e != nil {
		var ok bool
		if u.eKey, ok = r.facts.valueKey(u.e); !ok {
			return spanUse{}, false
		}
	}
	if high != nil {
		// t[x : x+n]: the slice is exactly what the accessor reads, so
		// that when the run's flag holds, its high bound is in range too.
		h := spanUse{}
		if !isPlainInt(r.info.TypeOf(high)) || !r.repeatable(high) || r.facts.chanLen(high) || !r.affine(high, j, &h, 1) {
			return spanUse{}, false
		}
		if h.e != nil {
			k, ok := r.facts.valueKey(h.e)
			if !ok || k != u.eKey {
				return spanUse{}, false
			}
		}
		if (h.e == nil) != (u.e == nil) || h.stride != u.stride || h.c-u.c != u.n {
			return spanUse{}, false
		}
	}
	return u, true
}

// affine adds x, times sign, to u: a constant to u.c, stride*j to
// u.stride, and anything else that does not mention j to u.e (once).
func (r *fileRewriter) affine(x ast.Expr, j *types.Var, u *spanUse, sign int64) bool {
	x = ast.Unparen(x)
	if tv := r.info.Types[x]; tv.Value != nil {
		v, ok := intConst(tv.Value)
		if !ok {
			return false
		}
		u.c += sign * v
		return true
	}
	if j != nil && r.facts.isUse(x, j) {
		u.stride += sign
		return true
	}
	if b, ok := x.(*ast.BinaryExpr); ok {
		switch b.Op {
		case token.ADD:
			if j != nil && r.facts.mentions(b, j) || r.isConstExpr(b.X) || r.isConstExpr(b.Y) {
				return r.affine(b.X, j, u, sign) && r.affine(b.Y, j, u, sign)
			}
		case token.SUB:
			if j != nil && r.facts.mentions(b, j) || r.isConstExpr(b.Y) {
				return r.affine(b.X, j, u, sign) && r.affine(b.Y, j, u, -sign)
			}
		case token.MUL:
			if j != nil {
				for _, p := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
					if tv := r.info.Types[ast.Unparen(p[0])]; tv.Value != nil && r.facts.isUse(ast.Unparen(p[1]), j) {
						v, ok := intConst(tv.Value)
						if !ok {
							return false
						}
						u.stride += sign * v
						return true
					}
				}
			}
		}
	}
	if j != nil && r.facts.mentions(x, j) || u.e != nil || sign != 1 {
		return false
	}
	u.e = x
	return true
}

// isConstExpr reports whether x is a constant.
func (r *fileRewriter) isConstExpr(x ast.Expr) bool {
	return r.info.Types[ast.Unparen(x)].Value != nil
}

// intConst returns the value of an integer constant that fits an int64
// with room to add offsets.
func intConst(v constant.Value) (int64, bool) {
	if v.Kind() != constant.Int {
		return 0, false
	}
	n, exact := constant.Int64Val(v)
	return n, exact && n > -1<<40 && n < 1<<40
}

// spanRuns finds the runs of accessors in the windows of the statement
// list (see construn.go's windows) and places their range hooks.
func (r *fileRewriter) spanRuns(list []ast.Stmt) {
	if r.fn == nil || !r.on(OptSpanRun) || r.fn.hasGoto {
		return
	}
	r.windows(list, r.windowSpanRuns)
}

// spanRun is one run: accesses of t[B : B+size] of one kind.
type spanRun struct {
	uses        []spanUse
	lo, hi      int64
	first, last int // statements of the window
}

// windowSpanRuns finds the runs of one window and places them.
func (r *fileRewriter) windowSpanRuns(win []ast.Stmt) {
	type elem struct {
		stmt int
		u    spanUse
	}
	groups := map[spanGroup][]elem{}
	var order []spanGroup
	calls := map[ast.Expr]*ast.CallExpr{}
	for si, s := range win {
		c := newCollector(r)
		c.dry = true
		c.collectSimple(s)
		sc := r.accessorCalls(s)
		for x, call := range sc {
			calls[x] = call
		}
		for _, a := range c.main.accs {
			u, ok := r.spanUseOf(a, nil, sc)
			if !ok || r.coveredElsewhere(a) {
				continue
			}
			k := u.group()
			if _, seen := groups[k]; !seen {
				order = append(order, k)
			}
			groups[k] = append(groups[k], elem{si, u})
		}
	}
	for _, k := range order {
		es := groups[k]
		sort.SliceStable(es, func(i, j int) bool { return es[i].u.c < es[j].u.c })
		for i := 0; i < len(es); {
			run := &spanRun{lo: es[i].u.c, hi: es[i].u.c + es[i].u.n, first: len(win), last: -1}
			j := i
			for ; j < len(es) && es[j].u.c <= run.hi; j++ {
				run.hi = max(run.hi, es[j].u.c+es[j].u.n)
				run.first = min(run.first, es[j].stmt)
				run.last = max(run.last, es[j].stmt)
				run.uses = append(run.uses, es[j].u)
			}
			if len(run.uses) >= 2 {
				r.placeSpanRun(win, run, calls)
			}
			i = j
		}
	}
}

// placeSpanRun places the range hook of a run of a window before its first
// statement and registers its cover, when the conditions hold.
func (r *fileRewriter) placeSpanRun(win []ast.Stmt, run *spanRun, calls map[ast.Expr]*ast.CallExpr) {
	pre := win[run.first].Pos()
	u0 := run.uses[0]
	ok := r.spanCallsSafe(win[run.first:run.last], run.uses, calls, r.constArrayIndex)
	for _, s := range win[run.first:run.last] {
		ef := r.facts.effectsOf(s)
		if r.facts.varChanged(ef, u0.t) || (u0.e != nil && r.facts.exprMoves(ef, u0.e)) {
			ok = false
		}
	}
	if !ok {
		return
	}
	if !r.constSpanOK(u0, run.lo, run.hi-run.lo, true) {
		return
	}
	b, ok := r.spanBase(u0, run.lo, pre)
	if !ok {
		return
	}
	size := strconv.FormatInt(run.hi-run.lo, 10)
	cond := "0 <= " + b.off + " && " + b.off + " <= len(" + b.t + ") && len(" + b.t + ")-" + b.off + " >= " + size
	r.spanHook(run.uses, pre, win[run.last].End(), b, size, cond)
}

// constSpanOK reports whether the hook t[B : B+size] and its flag compile,
// on every platform, as far as their constant parts go (Go rejects a
// constant index that is negative, beyond an array's length or beyond
// int's range, even in code that never runs): B = c is not negative when
// x has no variable part, and, when the size is known (sizeKnown), it and
// a constant B+size lie below 2^31, B+size within an array's length.
func (r *fileRewriter) constSpanOK(u spanUse, c, size int64, sizeKnown bool) bool {
	if u.e == nil && c < 0 {
		return false
	}
	if !sizeKnown {
		return true
	}
	if size < 0 || size > 1<<31-1 {
		return false
	}
	if u.e == nil {
		if c+size > 1<<31-1 {
			return false
		}
		if n, isArr := arrayLen(u.t.Type()); isArr && c+size > n {
			return false
		}
	}
	return true
}

// spanBaseText is a run's slice and base offset B, rendered.
type spanBaseText struct {
	t, off string
	src    string // B as the source would write it, for reports
}

// spanBase renders t and B = e + c at pos.
func (r *fileRewriter) spanBase(u spanUse, c int64, pos token.Pos) (spanBaseText, bool) {
	if !r.facts.visibleAt(u.t, pos) || !r.facts.universeAt(pos, "len") {
		return spanBaseText{}, false
	}
	rd := &renderer{f: r.facts, e: r.emitter, pos: pos}
	t, ok := rd.value(u.base)
	if !ok {
		return spanBaseText{}, false
	}
	off := strconv.FormatInt(c, 10)
	src := off
	if u.e != nil {
		src = r.text(u.e)
		switch {
		case c > 0:
			src += "+" + strconv.FormatInt(c, 10)
		case c < 0:
			src += strconv.FormatInt(c, 10)
		}
		if !r.facts.exprVisibleAt(u.e, pos) {
			return spanBaseText{}, false
		}
		e, ok := rd.value(u.e)
		if !ok {
			return spanBaseText{}, false
		}
		off = "(" + e + ")"
		if c != 0 {
			off = "(" + e + " + " + strconv.FormatInt(c, 10) + ")"
		}
	}
	if len(rd.guards) > 0 {
		return spanBaseText{}, false
	}
	return spanBaseText{t: t, off: off, src: src}, true
}

// spanCallsSafe reports whether nothing in nodes can panic but the
// slicing and the accessor calls of uses, which the flag tests: the
// operands of those (the receiver, the offset, the value put) must not
// panic either.
func (r *fileRewriter) spanCallsSafe(nodes []ast.Stmt, uses []spanUse, calls map[ast.Expr]*ast.CallExpr, index func(*ast.IndexExpr) bool) bool {
	tested := r.spanTested(uses, calls)
	for _, s := range nodes {
		if !r.facts.panicFreeExcept(s, index, func(n ast.Node) bool { return tested[n] }) {
			return false
		}
	}
	return true
}

// spanTested returns the nodes of the accessor calls of uses that a run's
// test stands for: each call (its length check), its slice expression,
// and the method it selects on a byte order's value (not through a
// pointer), which cannot panic; their operands are still checked.
func (r *fileRewriter) spanTested(uses []spanUse, calls map[ast.Expr]*ast.CallExpr) map[ast.Node]bool {
	tested := map[ast.Node]bool{}
	for _, u := range uses {
		call := calls[u.a.loc]
		tested[u.a.loc] = true
		tested[call] = true
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			if ms := r.info.Selections[sel]; ms != nil && !ms.Indirect() {
				if _, isPtr := coreType(r.info.TypeOf(sel.X)).(*types.Pointer); !isPtr {
					tested[sel] = true
				}
			}
		}
	}
	return tested
}

// constArrayIndex is the index rule of panicFreeNode that allows only a
// constant index into an array.
func (r *fileRewriter) constArrayIndex(x *ast.IndexExpr) bool {
	if tv := r.info.Types[x.Index]; tv.Value != nil {
		if _, isArr := coreType(r.info.TypeOf(x.X)).(*types.Array); isArr {
			return true
		}
	}
	return false
}

// spanHook places, before pre, the range hook of uses, t[B : B+size]
// behind the flag cond, and registers the cover that keeps their hooks in
// [pre, end) behind the negated flag.
func (r *fileRewriter) spanHook(uses []spanUse, pre, end token.Pos, b spanBaseText, size, cond string) {
	flag := r.newTemp()
	r.before(pre, flagged(flag, cond, r.spanCall(uses, b, size, pre, end, flag))...)
}

// spanCall renders the range hook of uses, t[B : B+size], and registers
// the cover that keeps their hooks in [pre, end) behind !flag.
func (r *fileRewriter) spanCall(uses []spanUse, b spanBaseText, size string, pre, end token.Pos, flag string) string {
	first := uses[0].a
	locs := map[ast.Expr]bool{}
	for _, u := range uses {
		locs[u.a.loc] = true
		if u.a.pos < first.pos {
			first = u.a
		}
	}
	op, kind := "ReadSlice", kindRead
	if first.write {
		op, kind = "WriteSlice", kindWrite
	}
	span := b.t + "[" + b.off + " : " + b.off + "+" + size + "]"
	k := r.addSite(first.pos, kind, first.shown)
	r.sites[k].expr = squeeze(r.text(uses[0].base) + "[" + b.src + ":" + b.src + "+" + size + "]")
	r.stats.RangeHooks++
	r.addCover(&spanCover{start: pre, end: end, locs: locs, write: first.write, flag: flag})
	return rtCall(op, span, r.siteRef(k))
}

// spanLoopRun is one planned run of a loop: its accesses (one per
// iteration), t[B : B+size] and the test that every iteration's access is
// in range.
type spanLoopRun struct {
	uses       []spanUse
	b          spanBaseText
	size, cond string
}

// spanLoop places the range hook of the accessor calls of a loop's body
// (see above) before pre: the loop's index j runs through 0..N-1, N
// rendered by count, before the loop, over the indices of the slice
// variable drv when it is not nil; the body must not move moved.
func (r *fileRewriter) spanLoop(j, drv *types.Var, body *ast.BlockStmt, count func(rd *renderer) (string, bool), countVal constant.Value, moved []ast.Expr, pre token.Pos) {
	if r.fn != nil && r.fn.spanLoops[body] {
		return // placed with the loop's sliceloop hooks (spanLoopPlan)
	}
	runs, _ := r.planSpanLoop(j, drv, body, count, countVal, moved, pre, true)
	for _, run := range runs {
		r.spanHook(run.uses, pre, body.End(), run.b, run.size, run.cond)
	}
}

// planSpanLoop returns the runs of a loop's body (see spanLoop) and the
// nodes of their accessor calls that the runs' tests stand for (the
// calls, their slice expressions and their methods' selectors). With
// alone, each run's calls must be the only way the body can panic but at
// drv[j] and constant indices of arrays; without, the caller checks the
// body, with those nodes tested.
func (r *fileRewriter) planSpanLoop(j, drv *types.Var, body *ast.BlockStmt, count func(rd *renderer) (string, bool), countVal constant.Value, moved []ast.Expr, pre token.Pos, alone bool) ([]spanLoopRun, map[ast.Node]bool) {
	if j == nil || !r.on(OptSpanRun) || r.fn == nil || r.fn.hasGoto || r.facts.inIsolated(body.Pos()) || r.facts.esc.isShared(j) {
		return nil, nil
	}
	for _, s := range body.List {
		switch s.(type) {
		case *ast.ExprStmt, *ast.AssignStmt, *ast.IncDecStmt, *ast.DeclStmt:
		default:
			return nil, nil
		}
	}
	ef := r.facts.effectsOf(body)
	if ef.call || ef.branch || ef.unbounded || ef.vars[j] {
		return nil, nil
	}
	for _, x := range moved {
		if r.facts.exprMoves(ef, x) {
			return nil, nil
		}
	}
	// An index cannot panic when it is a constant into an array, or j
	// into the slice drv whose indices the loop visits and which the
	// body does not change.
	index := func(x *ast.IndexExpr) bool {
		if r.constArrayIndex(x) {
			return true
		}
		return drv != nil && r.facts.isUse(ast.Unparen(x.X), drv) && r.facts.isUse(ast.Unparen(x.Index), j) && !r.facts.varChanged(ef, drv)
	}
	calls := r.accessorCalls(body)
	groups := map[spanGroup][]spanUse{}
	var order []spanGroup
	for _, s := range body.List {
		c := newCollector(r)
		c.dry = true
		c.collectSimple(s)
		for _, a := range c.main.accs {
			u, ok := r.spanUseOf(a, j, calls)
			if !ok || u.stride != u.n || r.coveredElsewhere(a) {
				continue
			}
			k := u.group()
			if _, seen := groups[k]; !seen {
				order = append(order, k)
			}
			groups[k] = append(groups[k], u)
		}
	}
	var runs []spanLoopRun
	tested := map[ast.Node]bool{}
	for _, k := range order {
		us := groups[k]
		u0 := us[0]
		if len(us) != 1 {
			continue // two accesses per iteration overlap, or leave gaps
		}
		if r.facts.varChanged(ef, u0.t) || (u0.e != nil && r.facts.exprMoves(ef, u0.e)) {
			continue
		}
		if alone && !r.spanCallsSafe(body.List, us, calls, index) {
			continue
		}
		size, known := int64(0), countVal != nil
		if known {
			n, exact := constant.Int64Val(constant.ToInt(countVal))
			if !exact || n < 0 || n > (1<<31-1)/u0.n {
				continue // the hook's constant bounds would not compile
			}
			size = u0.n * n
		}
		if !r.constSpanOK(u0, u0.c, size, known) {
			continue
		}
		b, ok := r.spanBase(u0, u0.c, pre)
		if !ok {
			continue
		}
		rd := &renderer{f: r.facts, e: r.emitter, pos: pre}
		n, ok := count(rd)
		if !ok || len(rd.guards) > 0 {
			continue
		}
		stride := strconv.FormatInt(u0.n, 10)
		cond := "0 <= " + b.off + " && " + b.off + " <= len(" + b.t + ") && " + n + " >= 0 && (len(" + b.t + ")-" + b.off + ")/" + stride + " >= " + n
		runs = append(runs, spanLoopRun{uses: us, b: b, size: stride + "*(" + n + ")", cond: cond})
		for node := range r.spanTested(us, calls) {
			tested[node] = true
		}
	}
	return runs, tested
}

// forSpanLoop places the range hooks of `for j := 0; j < N; j++` (or
// j += 1), N repeatable and not changed by the body.
func (r *fileRewriter) forSpanLoop(s *ast.ForStmt, pre token.Pos) {
	if !r.on(OptSpanRun) {
		return
	}
	init, j, cond := r.stepLoop(s, token.LSS, token.LSS, token.INC, token.ADD_ASSIGN)
	if cond == nil || !r.facts.isConstInt(init.Rhs[0], 0) || !isPlainInt(j.Type()) || !r.steadyCount(cond.Y, j, pre) {
		return
	}
	r.spanLoop(j, nil, s.Body, func(rd *renderer) (string, bool) { return rd.value(cond.Y) }, r.info.Types[cond.Y].Value, []ast.Expr{cond.Y}, pre)
}

// rangeSpanLoop places the range hooks of `for j := range x`, x an int
// that is repeatable, an array or a slice variable, with or without a
// value variable: the range expression is evaluated once, before the
// loop, as the range hook's count is.
func (r *fileRewriter) rangeSpanLoop(s *ast.RangeStmt, pre token.Pos) {
	if !r.on(OptSpanRun) || s.Tok != token.DEFINE || s.Key == nil || isBlank(s.Key) {
		return
	}
	j, _ := r.info.Defs[identOf(s.Key)].(*types.Var)
	if j == nil || !isPlainInt(j.Type()) {
		return
	}
	var count func(rd *renderer) (string, bool)
	var countVal constant.Value
	var drv *types.Var
	switch t := coreType(r.info.TypeOf(s.X)).(type) {
	case *types.Array:
		// A variable: evaluating it after the range hook can neither
		// panic nor call nor receive.
		if r.facts.variable(ast.Unparen(s.X)) == nil {
			return
		}
		n := strconv.FormatInt(t.Len(), 10)
		count = func(*renderer) (string, bool) { return n, true }
		countVal = constant.MakeInt64(t.Len())
	case *types.Slice:
		if drv = r.facts.sliceVar(ast.Unparen(s.X)); drv == nil {
			return
		}
		count = func(rd *renderer) (string, bool) {
			v, ok := rd.value(s.X)
			return "len(" + v + ")", ok
		}
	case *types.Basic:
		if !r.steadyCount(s.X, j, pre) {
			return
		}
		count = func(rd *renderer) (string, bool) { return rd.value(s.X) }
		countVal = r.info.Types[s.X].Value
	default:
		return
	}
	r.spanLoop(j, drv, s.Body, count, countVal, nil, pre)
}

// steadyCount reports whether the count n of a loop over j, rendered
// before the loop, is the value the loop uses: a plain int that makes no
// call or receive, takes no channel's length, does not mention j, and
// names at pre what it names in the loop's header. (The renderer refuses
// an operand that could panic.)
func (r *fileRewriter) steadyCount(n ast.Expr, j *types.Var, pre token.Pos) bool {
	return isPlainInt(r.info.TypeOf(n)) && r.repeatable(n) && !r.facts.chanLen(n) &&
		!r.facts.mentions(n, j) && r.facts.exprVisibleAt(n, pre)
}

// spanLoopPlan plans the accessor runs of loop l of sliceloop.go, whose
// range hooks and flag they then share (rangeHooks): a loop over the
// indices of a slice variable, or over 0..N-1 (range N, or from 0 while
// below N, N of the predeclared int, steady). It returns nil when the
// loop is of another form or has no run.
func (r *fileRewriter) spanLoopPlan(l *sliceLoop, pre token.Pos) *spanPlan {
	if !r.on(OptSpanRun) || l.down || !isPlainInt(l.idx.Type()) {
		return nil
	}
	var count func(rd *renderer) (string, bool)
	var countVal constant.Value
	var moved []ast.Expr
	switch {
	case l.drv != nil && l.drvName == l.drv.Name():
		count = func(rd *renderer) (string, bool) { return "len(" + l.drvName + ")", true }
	case l.drvName == "" && l.hi != nil && !l.inclusive && (l.lo == nil || r.facts.isConstInt(l.lo, 0)) && r.steadyCount(l.hi, l.idx, pre):
		count = func(rd *renderer) (string, bool) { return rd.value(l.hi) }
		countVal = r.info.Types[l.hi].Value
		if !l.hiOnce {
			moved = []ast.Expr{l.hi}
		}
	default:
		return nil
	}
	runs, tested := r.planSpanLoop(l.idx, l.drv, l.body, count, countVal, moved, pre, false)
	if len(runs) == 0 {
		return nil
	}
	return &spanPlan{runs: runs, tested: tested}
}

// spanPlan is the planned accessor runs of a loop that sliceloop hooks.
type spanPlan struct {
	runs   []spanLoopRun
	tested map[ast.Node]bool
}

// isTested reports whether the runs' tests stand for the node n's panics.
func (p *spanPlan) isTested(n ast.Node) bool { return p != nil && p.tested[n] }

// conds returns the runs' tests.
func (p *spanPlan) conds() []string {
	var cs []string
	if p != nil {
		for _, run := range p.runs {
			cs = append(cs, run.cond)
		}
	}
	return cs
}

// place renders the runs' range hooks, behind the loop's flag, and
// registers their covers.
func (p *spanPlan) place(r *fileRewriter, body *ast.BlockStmt, pre token.Pos, flag string) []string {
	if p == nil {
		return nil
	}
	if r.fn.spanLoops == nil {
		r.fn.spanLoops = map[*ast.BlockStmt]bool{}
	}
	r.fn.spanLoops[body] = true
	var calls []string
	for _, run := range p.runs {
		calls = append(calls, r.spanCall(run.uses, run.b, run.size, pre, body.End(), flag))
	}
	return calls
}
