package instrument

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
)

// Range hooks for loops that also index at computed indices (optimization
// computed, switched off by Config.Disable[OptComputed] or
// -instr.disable=computed).
//
// A loop of sliceloop.go whose body can panic only at index expressions
// x[e] at indices e that the loop's index does not determine (x a slice,
// array or string variable the loop does not assign, e an integer
// expression that indexes nothing and cannot panic itself), all in one
// top-level simple statement S (an assignment, ++ or --, or an
// expression),
// before which no statement indexes anything with the loop's index — the
// stencil's
//
//	for j := 0; j < n; j++ {
//		l, r := j-1, j+1
//		if l < 0 { l = n - 1 }
//		if r == n { r = 0 }
//		out[j] = 0.5*row[j] + 0.125*(up[j]+down[j]+row[l]+row[r])    // S
//	}
//
// gets the range hooks of sliceloop.go too, but after the loop instead of
// before it, and behind a flag F that S can clear. As the bounds lo and hi,
// the offsets k, the indices e and the slices are evaluated again inside
// the loop and after it, each must be made of constants and of local
// variables that no other task or goroutine can reach (or arrays), so
// that no write of a racy program's other goroutine can make those
// evaluations panic. Then:
//
//   - Before the loop, F is set to the tests of sliceloop.go for every
//     index use t[i±k] (the loop runs, and no i±k it computes is out of
//     range); a per-element slot P of each covered access below is set
//     to -1.
//   - Before S (and before S's own hooks), when F holds and some computed
//     index of S is out of range — S is about to panic — F is cleared and
//     what the loop has made so far is recorded: for each range hook of
//     t[i±k], the part t[lo±k:i±k] that the finished iterations swept, and
//     each pending slot (below) that part does not hold.
//   - The hooks of the index uses keep running behind !F (elemCover), as
//     with sliceloop.go's flag. After the loop, if F still holds, the
//     range hooks t[lo±k:hi±k] run.
//   - A read x[e] at a computed index of S (a write too, when the range
//     hook of x writes; a write is not recorded by a read), e of type
//     int, where some index use x[i±k] of the same x has a range hook,
//     keeps its hook behind !F. While F holds, it is recorded by the range
//     hook when lo±k <= e <= i±k (the index use has read, or this very
//     iteration will read, x[e]); when i±k < e < hi±k it is put in its
//     slot P, whose previous element, unless the index use has reached it
//     by now, is hooked first; otherwise (e below lo±k or not below
//     hi±k) it is hooked at once.
//
// Why this hides no race. As in sliceloop.go, the loop calls nothing, so
// the loop, the test before S and the hooks after the loop run in one step
// of one task (Surendran and Sarkar, RV 2016, Definition 1), in which the
// detector's read and write checks (their Algorithms 8 and 9) find the
// same races whatever order the step's accesses come in, and in which an
// earlier write of a location stands for the step's later accesses of
// it, an earlier read for its later reads (straight.go). So it suffices
// that the hooks that run record exactly the accesses the loop makes,
// each by a hook of an access of the same kind or a write. While F holds,
// every iteration runs to its end: the only statement that can panic is S
// (the body is panic-free otherwise, as sliceloop.go checks), and S's
// computed indices are in range, or F would have been cleared; and the
// index uses are in range by the tests of F. Hence:
//
//   - If the loop ends with F set (it ran at least once, since the tests
//     of F include lo < hi), every iteration ran every top-level
//     statement, so t[i±k] was accessed for every i in lo..hi-1: the range
//     hooks after the loop record exactly those accesses. A computed
//     access x[e] left out lies in lo±k..hi±k-1 (slot or frontier case),
//     so the range hook of x records it too.
//   - If F is cleared before S in iteration i, the iterations lo..i-1 ran
//     to their end, and iteration i has accessed no element with an index
//     use yet (no statement before S has one): t[lo±k:i±k] is exactly
//     what the index uses accessed. A computed access left out in an
//     earlier iteration i' had e <= i'±k < i±k (recorded by that part) or
//     is the one in its slot (recorded unless the part holds it, since a
//     slot's element is replaced only once the index use has reached it,
//     or after hooking it). From then on every hook runs, as without the
//     optimization; S's own included.
//   - If F is false from the start (the loop does not run, or an index
//     use would be out of range), every hook of the body runs and no range
//     hook does: the original hooks, nothing more. A loop that runs no
//     iteration runs neither S nor any x[e], and records nothing.
//
// So no access is recorded that the program does not make (not even when
// it panics part-way, when F's range hooks never run), and every access
// it makes is recorded by a hook of its own or a range hook of the same
// step that holds its element. The range hooks name the access in the
// body that they stand for, as in sliceloop.go; a slot's hook names the
// computed access. Loops that count down (downloop.go), functions with
// goto and Isolated bodies are left alone.
//
// The slots make the stencil's wrap-around reads free: row[j-1] is behind
// the frontier j, row[n-1] (read when j = 0) waits in its slot until the
// loop's end, and row[j+1] waits in its slot for one iteration. When the
// range hook of x is the whole of x (lo±k <= 0 and hi±k >= len(x), as for
// row), every x[e] that does not panic lies in it, and no computed read
// is hooked at once; but that test alone would not do before the loop: a
// range hook placed there, as sliceloop.go places its own, records the
// elements that iterations after a panic at a computed index never reach.
// Here the range hooks wait for the loop's end, and the test before S
// turns a panic into the exact record of the part done.
type frontier struct {
	flag, slot string // F and P
	front      string // i±k: the last element of x the index use has reached, rendered
	lower, end string // lo±k and hi±k: x[lower:end] is what the range hook records
	lowerZero  bool   // lower is the constant 0, below no index
	x, index   string // x and e, rendered
}

// hook renders the hook of a covered access whose hook without the
// optimization is call behind guards, and whose op and operands are
// those of call (its site sitePlaceholder, which the text uses more than
// once).
func (fr *frontier) hook(call string, guards []string, write bool) string {
	op := "Read"
	if write {
		op = "Write"
	}
	e, j, p := fr.index, fr.front, fr.slot
	evict := rtCall(op, "&"+fr.x+"["+p+"]", sitePlaceholder)
	outside := e + " > " + j
	if !fr.lowerZero {
		outside = e + " < " + fr.lower + " || " + outside
	}
	return hookStmt(call, append([]string{"!" + fr.flag}, guards...)) +
		" else if " + fr.flag + " && (" + outside + ") { if " + e + " > " + j + " && " + e + " < " + fr.end +
		" { if " + p + " > " + j + " && " + p + " != " + e + " { " + evict + " }; " + p + " = " + e +
		" } else { " + call + " } }"
}

// computedAccess is an index expression of S at a computed index.
type computedAccess struct {
	ix    *ast.IndexExpr
	t     *types.Var
	x, e  string // rendered at S
	isInt bool
}

// computedCover gives the frontier guard to the hooks of the covered
// computed accesses of S.
type computedCover struct {
	start, end token.Pos
	// by index expression and whether the access writes
	guards map[computedKey]*frontier
}

type computedKey struct {
	ix    *ast.IndexExpr
	write bool
}

func (c *computedCover) scope() (token.Pos, token.Pos) { return c.start, c.end }

func (c *computedCover) apply(r *fileRewriter, a *acc) coverFate {
	if a.form != formAddr {
		return coverNone
	}
	ix, ok := ast.Unparen(a.loc).(*ast.IndexExpr)
	if !ok {
		return coverNone
	}
	fr := c.guards[computedKey{ix, a.write}]
	if fr == nil {
		return coverNone
	}
	a.fallback = fr.flag
	a.frontier = fr
	return coverGuard
}

// computedIndexes finds the statement S of l's body (see frontier) and its
// computed accesses, and returns with them the index uses of the loop in
// the whole body; ok is false when the body does not qualify.
func (r *fileRewriter) computedIndexes(l *sliceLoop, ef *effects) (s ast.Stmt, comp []computedAccess, uses []indexUse, ok bool) {
	f := r.facts
	for _, st := range l.body.List {
		var here []*ast.IndexExpr
		var stUses []indexUse
		fine := f.panicFreeNode(st, func(x *ast.IndexExpr) bool {
			u, safe := f.safeIndex(x, l.idx)
			if u != nil {
				if !containsUse(stUses, *u) {
					stUses = append(stUses, *u)
				}
				return safe
			}
			if safe {
				return true
			}
			here = append(here, x)
			return true // tested before S, or the loop is rejected
		})
		if !fine {
			return nil, nil, nil, false
		}
		if len(here) > 0 {
			if s != nil {
				return nil, nil, nil, false // computed indices in two statements
			}
			switch st.(type) {
			case *ast.AssignStmt, *ast.ExprStmt, *ast.IncDecStmt:
			default:
				return nil, nil, nil, false
			}
			s = st
			for _, x := range here {
				c, good := r.computedAccessOf(x, ef, st.Pos())
				if !good {
					return nil, nil, nil, false
				}
				comp = append(comp, c)
			}
		}
		if s == nil && len(stUses) > 0 {
			return nil, nil, nil, false // an index use before S
		}
		for _, u := range stUses {
			if !containsUse(uses, u) {
				uses = append(uses, u)
			}
		}
	}
	return s, comp, uses, s != nil
}

// computedAccessOf checks the index expression x of S, at pos, as a
// computed access: of a slice, array or string variable that the loop
// does not assign, at an index that cannot panic, repeated at pos.
func (r *fileRewriter) computedAccessOf(x *ast.IndexExpr, ef *effects, pos token.Pos) (computedAccess, bool) {
	f := r.facts
	t := f.variable(ast.Unparen(x.X))
	if t == nil || !isInteger(f.info.TypeOf(x.Index)) {
		return computedAccess{}, false
	}
	switch b := coreType(t.Type()).(type) {
	case *types.Slice:
		if f.varChanged(ef, t) {
			return computedAccess{}, false
		}
	case *types.Array:
	case *types.Basic:
		if b.Info()&types.IsString == 0 || f.varChanged(ef, t) {
			return computedAccess{}, false
		}
	default:
		return computedAccess{}, false
	}
	noIndex := f.panicFreeNode(x.Index, func(*ast.IndexExpr) bool { return false })
	if !noIndex {
		return computedAccess{}, false
	}
	rd := &renderer{f: f, e: r.emitter, pos: pos}
	xt, ok1 := rd.value(x.X)
	e, ok2 := rd.value(x.Index)
	if !ok1 || !ok2 || len(rd.guards) > 0 {
		return computedAccess{}, false
	}
	return computedAccess{ix: x, t: t, x: xt, e: e, isInt: isInt(f.info.TypeOf(x.Index))}, true
}

// computedHooks places the range hooks of loop l after the loop, the test
// of S's computed indices before S, and the covers of the index uses and
// the computed accesses, when the loop qualifies (see frontier). ef are
// the effects of l's body, which calls nothing, has no branch and assigns
// neither the loop's index nor the slice it ranges over.
func (r *fileRewriter) computedHooks(l *sliceLoop, ef *effects, pre token.Pos) {
	if !r.on(OptComputed) || l.down || r.fn.hasGoto || !r.facts.universeAt(pre, "len", "true") {
		return
	}
	s, comp, uses, ok := r.computedIndexes(l, ef)
	if !ok || len(uses) == 0 {
		return
	}
	at := s.Pos()
	if !r.facts.universeAt(at, "len", "uint", "false") || !r.facts.visibleAt(l.idx, at) {
		return
	}
	if l.drvName != "" {
		if l.drv == nil {
			return // the temporary of a range expression (rangetemp.go)
		}
		l = l.asBounds()
	}
	if !r.usesStay(l, ef, uses, pre) || !r.usesStay(l, ef, uses, at) {
		return
	}
	// The bounds are evaluated again, inside the loop and after it: they
	// must not move, nor mean something else in the body, nor be open to
	// another goroutine.
	for _, e := range []ast.Expr{l.lo, l.hi} {
		if e != nil && (r.facts.exprMoves(ef, e) || r.facts.mentions(e, l.idx) || !r.facts.exprVisibleAt(e, at) || !r.steady(e)) {
			return
		}
	}
	if l.drv != nil && !r.steadyVar(l.drv) {
		return
	}
	for _, u := range uses {
		if !r.steadyVar(u.t) || u.off != nil && !r.steady(u.off) {
			return
		}
	}
	for _, c := range comp {
		if !r.steadyVar(c.t) || !r.steady(c.ix.Index) {
			return
		}
	}
	b, hooks, ok := r.boundedRanges(l, ef, uses, pre)
	if !ok {
		return
	}
	conds, ok := b.tests(r, l, uses, pre)
	if !ok {
		return
	}
	// The part of each t that the finished iterations swept, t[lo±k:i±k].
	idx := bound{text: l.idx.Name()}
	done := make([]string, len(hooks))
	for i, h := range hooks {
		lo, ok1 := r.shifted(b.first, h.use, pre)
		hi, ok2 := r.shifted(idx, h.use, pre)
		if !ok1 || !ok2 {
			return
		}
		done[i] = h.use.t.Name() + "[" + lo.text + ":" + hi.text + "]"
	}
	flag := r.newTemp()
	var exits, prefix []string
	for i, h := range hooks {
		op, kind := "ReadSlice", kindRead
		if h.a.write {
			op, kind = "WriteSlice", kindWrite
		}
		k := r.addSite(h.a.pos, kind, h.a.shown)
		exits = append(exits, rtCall(op, h.span, r.siteRef(k)))
		prefix = append(prefix, rtCall(op, done[i], r.siteRef(k)))
		r.stats.RangeHooks++
		r.addCover(&elemCover{start: l.body.Pos(), end: l.body.End(), t: h.use.t, key: h.use.key, write: h.a.write, flag: flag})
	}
	// The covered computed accesses, each with its frontier and slot.
	cov := &computedCover{start: l.body.Pos(), end: l.body.End(), guards: map[computedKey]*frontier{}}
	var slots []string
	var flush []string
	var inRange []string
	reads, writes := accessKinds(s)
	for _, c := range comp {
		test := "uint(" + c.e + ") < uint(len(" + c.x + "))"
		if !containsString(inRange, test) {
			inRange = append(inRange, test)
		}
		if _, isStr := coreType(c.t.Type()).(*types.Basic); isStr || !c.isInt {
			continue // a string's bytes are not hooked
		}
		for _, write := range []bool{false, true} {
			if !write && !reads[c.ix] || write && !writes[c.ix] {
				continue
			}
			h := frontHook(hooks, c.t, write)
			if h == nil {
				continue
			}
			lo, ok1 := r.shifted(b.first, h.use, pre)
			front, ok2 := r.shifted(idx, h.use, pre)
			end, ok3 := r.shifted(b.end, h.use, pre)
			if b.end.text == "" {
				end, ok3 = r.shifted(b.last, h.use, pre)
				end = plusOne(end)
			}
			if !ok1 || !ok2 || !ok3 {
				continue
			}
			fr := &frontier{flag: flag, slot: r.newTemp(), front: front.text, lower: lo.text, end: end.text,
				x: c.x, index: c.e}
			fr.lowerZero = lo.val != nil && constant.Sign(lo.val) <= 0
			cov.guards[computedKey{c.ix, write}] = fr
			slots = append(slots, fr.slot+" := -1")
			op := "Read"
			if write {
				op = "Write"
			}
			// The slot's element is recorded unless the part the
			// finished iterations swept holds it.
			flush = append(flush, "if "+fr.slot+" >= "+front.text+" { "+
				rtCall(op, "&"+c.x+"["+fr.slot+"]", r.siteRef(r.addSite(c.ix.Pos(), kindOf(write), c.ix)))+" }")
		}
	}
	if len(cov.guards) > 0 {
		r.addCover(cov)
	}
	decl := append([]string{flag + " := " + conds}, slots...)
	r.before(pre, decl...)
	check := "if " + flag + " && !(" + strings.Join(inRange, " && ") + ") { " + flag + " = false; " +
		strings.Join(append(prefix, flush...), "; ") + " }"
	r.before(at, check)
	r.after(l.body.End(), "if "+flag+" { "+strings.Join(exits, "; ")+" }")
}

// steady reports whether e is made of constants, local variables that no
// other task or goroutine can reach (escapes.isShared), operators,
// conversions and the builtins len, cap, min and max: its value changes
// only when the function assigns one of those variables, so that the
// range hooks may evaluate it again inside the loop and after it without
// a write by another goroutine of a racy program making them panic.
func (r *fileRewriter) steady(e ast.Expr) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		if !ok || n == nil {
			return false
		}
		if x, isExpr := n.(ast.Expr); isExpr {
			if tv, found := r.info.Types[x]; found && (tv.IsType() || tv.Value != nil) {
				return false // a type or a constant
			}
		}
		switch x := n.(type) {
		case *ast.Ident:
			if v, isVar := r.info.Uses[x].(*types.Var); isVar {
				ok = r.steadyVar(v)
			}
		case *ast.BinaryExpr, *ast.UnaryExpr, *ast.ParenExpr, *ast.BasicLit:
			if u, isUnary := x.(*ast.UnaryExpr); isUnary && u.Op == token.ARROW {
				ok = false
			}
		case *ast.CallExpr:
			if tv, found := r.info.Types[x.Fun]; found && tv.IsType() {
				return true
			}
			b, isBuiltin := r.facts.callee(x).(*types.Builtin)
			ok = isBuiltin && (b.Name() == "len" || b.Name() == "cap" || b.Name() == "min" || b.Name() == "max")
			if ok {
				for _, a := range x.Args {
					ok = ok && r.steady(a)
				}
			}
			return false
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// steadyVar reports whether no other task or goroutine can change v, or
// change what its length is and where its elements are: a local variable
// that does not escape (escapes.isShared), or an array variable.
func (r *fileRewriter) steadyVar(v *types.Var) bool {
	if _, isArr := arrayLen(v.Type()); isArr {
		return true
	}
	return !r.facts.esc.isShared(v)
}

// accessKinds returns the index expressions that the simple statement s
// reads and those it writes as a whole: the operands of an assignment's
// left side are written (and read too by an assignment operation or
// ++ and --), an operand of & is neither, and any other is read.
func accessKinds(s ast.Stmt) (reads, writes map[*ast.IndexExpr]bool) {
	reads, writes = map[*ast.IndexExpr]bool{}, map[*ast.IndexExpr]bool{}
	lhs := map[ast.Expr]bool{}
	readsToo := false
	switch s := s.(type) {
	case *ast.AssignStmt:
		for _, e := range s.Lhs {
			lhs[ast.Unparen(e)] = true
		}
		readsToo = s.Tok != token.ASSIGN && s.Tok != token.DEFINE
	case *ast.IncDecStmt:
		lhs[ast.Unparen(s.X)] = true
		readsToo = true
	}
	addrOf := map[ast.Expr]bool{}
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				addrOf[ast.Unparen(n.X)] = true
			}
		case *ast.IndexExpr:
			switch {
			case lhs[n]:
				writes[n] = true
				reads[n] = readsToo
			case !addrOf[n]:
				reads[n] = true
			}
		}
		return true
	})
	return reads, writes
}

// frontHook returns the range hook of x that can stand for a computed
// access of x (a write only if it writes), or nil.
func frontHook(hooks []rangeHook, x *types.Var, write bool) *rangeHook {
	for i, h := range hooks {
		if h.use.t == x && (h.a.write || !write) {
			return &hooks[i]
		}
	}
	return nil
}

// kindOf returns the site kind of a read or write.
func kindOf(write bool) string {
	if write {
		return kindWrite
	}
	return kindRead
}
