package instrument

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
)

// Range hooks for loops over slices (optimization sliceloop, switched off by
// Config.Disable[OptSliceLoop] or -instr.disable=sliceloop).
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
// declaration could be jumped over), and then only the first form. The
// calls of a byte order's accessors that spanrun.go records by runs are
// the one call a body may make: the flag then also tests the runs (their
// tests are spanrun's), and both rules' range hooks run behind it.
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

// Placing the range hooks.

// elemRep is the first top-level access, of each kind, of one index use
// t[i±k] as a whole.
type elemRep struct {
	use         indexUse
	read, write *acc
}

// rangeHooks places the range hooks of loop l before pre and registers the
// covers that leave out the per-element hooks they stand for, when the
// loop qualifies (see sliceLoop).
func (r *fileRewriter) rangeHooks(l *sliceLoop, pre token.Pos) {
	if l == nil || r.facts.inIsolated(l.body.Pos()) || r.facts.esc.isShared(l.idx) {
		return
	}
	if r.on(OptCallee) && r.calleeLoop(l, pre) {
		return // the body calls helpers (callee.go)
	}
	ef := r.facts.effectsOf(l.body)
	if ef.call || ef.branch || ef.unbounded || ef.vars[l.idx] || (l.drv != nil && r.facts.varChanged(ef, l.drv)) {
		return
	}
	// A byte order's accessors in the body, whose runs spanrun.go
	// records, may panic only where the runs' tests, added to the flag,
	// say they do not.
	sp := r.spanLoopPlan(l, pre)
	uses, ok := r.facts.panicFreeTested(l.body, l.idx, sp.isTested)
	if !ok && sp != nil {
		sp = nil
		uses, ok = r.facts.panicFree(l.body, l.idx)
	}
	if !ok {
		// The body may panic: perhaps only at computed indices, which
		// computed.go tests before the statement that makes them.
		r.computedHooks(l, ef, pre)
		return
	}
	if l.drvName != "" {
		for _, u := range uses {
			if u.off != nil {
				l = l.asBounds()
				break
			}
		}
	}
	var tested []indexUse // the uses the flag tests
	for _, u := range uses {
		if u.t != l.drv || u.off != nil {
			tested = append(tested, u)
		}
	}
	if !r.usesStay(l, ef, uses, pre) {
		return
	}
	b, hooks, ok := r.boundedRanges(l, ef, uses, pre)
	if !ok {
		return
	}
	flag, conds := "", ""
	if len(tested) > 0 || l.drvName == "" || sp != nil {
		if r.fn.hasGoto || !r.facts.universeAt(pre, "len") {
			return
		}
		if len(tested) > 0 || l.drvName == "" {
			if conds, ok = b.tests(r, l, tested, pre); !ok {
				return
			}
		}
		conds = strings.Join(append(nonEmpty(conds), sp.conds()...), " && ")
		flag = r.newTemp()
	}
	calls := make([]string, len(hooks))
	for i, h := range hooks {
		op, kind := "ReadSlice", kindRead
		if h.a.write {
			op, kind = "WriteSlice", kindWrite
		}
		k := r.addSite(h.a.pos, kind, h.a.shown)
		calls[i] = rtCall(op, h.span, r.siteRef(k))
		r.stats.RangeHooks++
		r.addCover(&elemCover{start: l.body.Pos(), end: l.body.End(), t: h.use.t, key: h.use.key, write: h.a.write, flag: flag})
	}
	calls = append(calls, sp.place(r, l.body, pre, flag)...)
	if flag != "" {
		calls = flagged(flag, conds, calls...)
	}
	r.before(pre, calls...)
}

// nonEmpty returns s as a list, empty when s is.
func nonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}

// rangeHook is one range hook of a loop: the first access a of the index
// use use as a whole in the loop's body, and the part of use.t that the
// loop sweeps, rendered.
type rangeHook struct {
	a    *acc
	use  indexUse
	span string
}

// usesStay reports whether the index uses of loop l name, at pre, the
// variables and offsets they name in the loop, which does not change them
// (ef): a slice or string variable must keep its value (writing an element
// of an array variable moves none of them), and an offset must not move.
func (r *fileRewriter) usesStay(l *sliceLoop, ef *effects, uses []indexUse, pre token.Pos) bool {
	for _, u := range uses {
		_, isArr := arrayLen(u.t.Type())
		if !isArr && r.facts.varChanged(ef, u.t) || !r.facts.visibleAt(u.t, pre) {
			return false
		}
		if u.off != nil && (r.facts.exprMoves(ef, u.off) || !r.facts.exprVisibleAt(u.off, pre)) {
			return false
		}
	}
	return l.drv == nil || r.facts.visibleAt(l.drv, pre)
}

// boundedRanges finds the bounds of loop l and plans its range hooks:
// the range hooks of sliceloop, which computed uses too. With a value
// read, the header's ReadSlice of s stands for the reads of s[i]. It
// reports false when there is nothing to hook.
func (r *fileRewriter) boundedRanges(l *sliceLoop, ef *effects, uses []indexUse, pre token.Pos) (bounds, []rangeHook, bool) {
	b, ok := r.loopBounds(l, ef, pre)
	if !ok {
		return b, nil, false
	}
	if l.valueRead {
		r.addCover(&elemCover{start: l.body.Pos(), end: l.body.End(), t: l.drv, key: r.facts.varKey(l.idx)})
	}
	hooks := r.planRanges(l, b, uses, pre)
	return b, hooks, len(hooks) > 0
}

// planRanges returns the range hooks of loop l with bounds b: one per index
// use that a top-level statement accesses as a whole (elemReps), a write
// when some statement writes it, whose span renders.
func (r *fileRewriter) planRanges(l *sliceLoop, b bounds, uses []indexUse, pre token.Pos) []rangeHook {
	var hooks []rangeHook
	for _, rep := range r.elemReps(l, uses) {
		a := rep.write
		if a == nil {
			a = rep.read
		}
		if r.cfg.Keep != nil && !r.cfg.Keep(a.loc) {
			continue // the static analysis prunes these accesses anyway
		}
		if span, ok := b.span(r, l, rep.use, pre); ok {
			hooks = append(hooks, rangeHook{a, rep.use, span})
		}
	}
	return hooks
}

func containsString(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// elemReps finds, in the top-level simple statements of l's body and the
// headers of its top-level if and switch statements, which every
// iteration runs, the first read and the first write of each index use as
// a whole, in the order the accesses come.
func (r *fileRewriter) elemReps(l *sliceLoop, uses []indexUse) []*elemRep {
	var reps []*elemRep
	find := func(u indexUse) *elemRep {
		for _, rep := range reps {
			if rep.use.t == u.t && rep.use.key == u.key {
				return rep
			}
		}
		rep := &elemRep{use: u}
		reps = append(reps, rep)
		return rep
	}
	for _, s := range l.body.List {
		c := newCollector(r)
		c.dry = true
		switch s := s.(type) {
		case *ast.ExprStmt, *ast.AssignStmt, *ast.IncDecStmt, *ast.DeclStmt:
			c.collectSimple(s)
		case *ast.IfStmt:
			// The header runs in every iteration; its && and || operands
			// go to groups of their own, not to c.main.
			c.header(s.Init)
			c.read(s.Cond)
		case *ast.SwitchStmt:
			c.header(s.Init)
			c.read(s.Tag)
		default:
			continue
		}
		for _, a := range c.main.accs {
			ix, ok := ast.Unparen(a.loc).(*ast.IndexExpr)
			if a.form != formAddr || !ok {
				continue
			}
			u := r.facts.indexUseOf(ix, l.idx)
			if u == nil || !containsUse(uses, *u) {
				continue
			}
			rep := find(*u)
			if a.write && rep.write == nil {
				rep.write = a
			}
			if !a.write && rep.read == nil {
				rep.read = a
			}
		}
	}
	return reps
}

// The cover of the per-element hooks that the range hooks stand for.

// elemCover leaves out, inside a loop body, the hooks of the accesses of
// t[x] (x the index expression whose key is key) and of its parts that a
// range hook before the loop stands for (rangeHooks): reads and writes
// when it is a write, reads when it is a read. With a flag, the hooks stay
// behind !flag, for the loops whose range hooks did not run.
type elemCover struct {
	start, end token.Pos
	t          *types.Var
	key        string
	write      bool
	flag       string
}

func (c *elemCover) scope() (token.Pos, token.Pos) { return c.start, c.end }

func (c *elemCover) apply(r *fileRewriter, a *acc) coverFate {
	if a.form != formAddr || (a.write && !c.write) {
		return coverNone
	}
	if !r.facts.isElemOf(a.loc, c.t, c.key) {
		return coverNone
	}
	if c.flag == "" {
		return coverDrop
	}
	a.fallback = c.flag
	return coverGuard
}

// Rendering the bounds of a loop and the flag's tests.

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
		if r.facts.chanLen(l.lo) {
			return bounds{}, false // other goroutines change it without a race
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
		if r.facts.chanLen(l.hi) {
			return bounds{}, false // other goroutines change it without a race
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
