package instrument

import (
	"go/ast"
	"go/printer"
	"go/token"
	"go/types"
	"strings"
)

// Range hooks for the accesses of per-element helpers (optimization
// callee, switched off by Config.Disable[OptCallee] or
// -instr.disable=callee).
//
// Code is often factored into small helpers that a loop calls once per
// element:
//
//	func load(xs []float64, i int) float64 { return xs[i] }
//	func horner(c []float64, x float64) float64 { v := 0.0; for k := len(c) - 1; k >= 0; k-- { v = v*x + c[k] }; return v }
//	for i := lo; i < hi; i++ { ys[i] = horner(c, load(xs, i)) }
//
// The loop rules of sliceloop.go stop at the call: each call pays the
// hooks of its helper. This rule gives such a helper a summary, and a loop
// that calls it the range hooks that the summary says the calls make.
//
// The summary (calleeSummary). A function f declared in the package (not
// a method, not generic, not variadic, every parameter named and none
// named f) has one when its text names no imported package and takes no
// address (no &), and its body is a list of simple statements
// (assignments, declarations, increments, expression statements),
// optionally ended by a return, with at most one loop among them, and
//
//   - the body calls nothing (effects.call: pure functions of pure.go are
//     allowed), has no function literal and no branch but the final
//     return, and assigns no parameter;
//   - nothing in it can panic (panicFree) but an index t[j] of a slice
//     parameter t at an int parameter j, outside the loop, or t[k] inside
//     the loop;
//   - the loop, if any, is `for k := range t`, `for k := 0; k < len(t);
//     k++` or `for k := len(t) - 1; k >= 0; k--` of a slice parameter t,
//     whose body is simple statements that do not assign k;
//   - every access the rewriter would hook in f (the dry collector of
//     access.go, over every statement and header) is one of: t[j] as a
//     whole in a top-level statement outside the loop (an element access,
//     read or write), or a read of t[k] inside the loop, of which one is
//     in a top-level statement of the loop's body (then f reads every
//     element of t: a whole read).
//
// So a call of f that returns made exactly these accesses, in the step of
// its caller (it makes no task-library call, and the code it runs is its
// own and pure functions'), and a call can panic only where one of its
// t[j] is out of range, before or after some of its accesses. Without
// function literals and &, no parameter or local of f is shared
// (shared.go) in the escapes of any file, so the dry collector of the
// calling file, whose escapes are that file's, finds the accesses that f's
// own file hooks; and without imports f's text means the same in every
// file of the package, so its variant can be printed into the calling
// file.
//
// The calling loop (calleeLoop). A loop of sliceloop.go whose body calls
// helpers with summaries, and nothing else that sliceloop would not allow,
// is treated as if each call were its accesses: an element access t[j]
// with the call's arguments a (for t, a variable) and e (for j) is the
// index use a[e] (indexUseOf: e must be the loop's index i, or i±k), and
// a whole read of t is a read of all of the variable a. Every condition of
// sliceLoop must hold with the calls' index uses counted as possible
// panics (tested by the flag) and their writes as writes through a slice
// (effects.mem), and the variables of whole reads must not change in the
// loop. The flag also tests that the loop runs at least once when a whole
// read has a range hook. A call that a top-level statement of the body
// makes in every iteration (not in the right operand of && or ||) is
// sure, and its accesses get range hooks as sliceloop's accesses do:
// ReadSlice(a[lo:hi]) (WriteSlice) for a[e], ReadSlice(a) for a whole
// read, placed before the loop behind the flag. Then every call of a
// helper in the body whose every access a range hook stands for (the same
// index use, a write hook for a write) calls the helper's variant without
// hooks, the method f of a value _tpinstr_nohooks_ID of a type without
// fields, appended to the calling file (a method keeps the name f in the
// call, and the line its tokens): its first parameter, true when the flag
// is false, sends the call to f itself; otherwise it runs f's body,
// printed from its syntax without hooks. Calls elsewhere call f. A calling
// function with goto gets no flag and so no range hooks of calls.
//
// Why a variant that takes a bool: whether a call may go without hooks is
// decided per execution of the loop, by the flag, and the call is an
// expression (often an operand of another call), so the choice must be a
// value the call takes. A clone without hooks alone would need the loop
// twice, which the rewriter cannot write without moving lines; a
// parameter added to f would change f's signature for every caller and
// every func value of f. The variant leaves f and its other callers as
// they are, and testing a bool costs little beside a hook.
//
// Why this hides no race. With the flag true, no index use of the loop is
// out of range, so no statement of the body panics, every call returns,
// every iteration runs every top-level statement, and the loop runs at
// least once: each sure call makes its accesses in every iteration, in
// the step of the loop (no call in the body makes a task-library call, so
// the loop and the range hooks before it are in one step: Surendran and
// Sarkar, RV 2016, Definition 1),
// so the range hooks record exactly accesses that the loop makes: a[e]
// for every value of i, and every element of a, which does not change.
// Each access of a call sent to the variant is one of those, by the same
// step, so its hook may be left out (straight.go's argument, the range
// hook being the first access). With the flag false, no range hook runs
// and every call goes to f, whose hooks are all in place: a call that
// panics part-way has hooked exactly what it did. The cost of the
// variant's dispatch is one test of a bool.
//
// Why not the summaries of analysis/mhp (summarize.go): those say which
// memory a function may reach through its parameters, for the may-happen-
// in-parallel analysis, with the path below a parameter cut and indices
// dropped; a range hook needs the element a call surely accesses, and
// where it can panic, which only this file's syntactic view of the
// helper gives.
//
// Limits: only helpers of the package, and no method, generic or variadic
// helper, none that names an import; no helper whose body has a branch,
// or accesses anything but its slice parameters at its int parameters or
// in one loop over all of one (no fields of elements, no writes of a
// whole slice); a call whose slice argument is not a variable or whose
// index argument is not the loop's index (±k) leaves the loop its hooks.
type calleeSum struct {
	decl  *ast.FuncDecl
	elems []calleeElem // the element accesses t[j]
	tests []calleeElem // every t[j] that can panic (write unused)
	// wholes are the slice parameters whose every element the call reads,
	// and wholeLoc one of the reads of each (for Config.Keep).
	wholes   []int
	wholeLoc []ast.Expr
}

// calleeElem is an access (or index) t[j] of a helper: the positions of
// its slice parameter t and its int parameter j.
type calleeElem struct {
	t, j  int
	write bool
	loc   ast.Expr // the access in the helper (for Config.Keep)
}

// calleeSummary returns the summary of the function fn (see calleeSum),
// or nil when it has none.
func (r *fileRewriter) calleeSummary(fn *types.Func) *calleeSum {
	if r.facts.callees == nil {
		r.facts.callees = map[*types.Func]*calleeSum{}
	}
	if s, done := r.facts.callees[fn]; done {
		return s
	}
	r.facts.callees[fn] = nil
	d := r.facts.pures().decls[fn]
	if d == nil {
		return nil
	}
	s := r.summarize(fn, d)
	r.facts.callees[fn] = s
	return s
}

// summarize checks the conditions of calleeSum on d, the declaration of fn.
func (r *fileRewriter) summarize(fn *types.Func, d *ast.FuncDecl) *calleeSum {
	f := r.facts
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Variadic() || sig.Params().Len() == 0 {
		return nil
	}
	params := map[*types.Var]int{}
	for i := 0; i < sig.Params().Len(); i++ {
		p := sig.Params().At(i)
		if p.Name() == "" || p.Name() == "_" || p.Name() == fn.Name() {
			return nil
		}
		params[p] = i
	}
	if !r.selfContained(d) {
		return nil
	}
	list := d.Body.List
	var ret *ast.ReturnStmt
	if n := len(list); n > 0 {
		if rs, ok := list[n-1].(*ast.ReturnStmt); ok {
			ret, list = rs, list[:n-1]
		}
	}
	var loop *wholeLoop
	var straight []ast.Stmt
	for _, s := range list {
		switch s.(type) {
		case *ast.AssignStmt, *ast.IncDecStmt, *ast.DeclStmt, *ast.ExprStmt:
			straight = append(straight, s)
			continue
		}
		if loop != nil {
			return nil
		}
		if loop = r.wholeLoopOf(s, params); loop == nil {
			return nil
		}
	}
	nodes := make([]ast.Node, 0, len(list)+1)
	for _, s := range list {
		nodes = append(nodes, s)
	}
	if ret != nil {
		for _, e := range ret.Results {
			nodes = append(nodes, e)
		}
	}
	ef := f.effectsOf(nodes...)
	if ef.call || ef.branch || ef.unbounded {
		return nil
	}
	for p := range params {
		if ef.vars[p] {
			return nil
		}
	}
	sum := &calleeSum{decl: d}
	// Panics: outside the loop, only t[j] of parameters.
	paramElem := func(x *ast.IndexExpr) (calleeElem, bool) {
		t, okT := params[f.variable(ast.Unparen(x.X))]
		j, okJ := params[f.variable(ast.Unparen(x.Index))]
		if !okT || !okJ || !isSliceType(sig.Params().At(t).Type()) || sig.Params().At(j).Type() != types.Typ[types.Int] {
			return calleeElem{}, false
		}
		return calleeElem{t: t, j: j}, true
	}
	outside := func(x *ast.IndexExpr) bool {
		if tv := f.info.Types[x.Index]; tv.Value != nil {
			_, safe := f.safeIndex(x, nil)
			return safe
		}
		e, ok := paramElem(x)
		if ok && !containsElem(sum.tests, e) {
			sum.tests = append(sum.tests, e)
		}
		return ok
	}
	for _, n := range nodes {
		if loop != nil && n == ast.Node(loop.stmt) {
			// The loop's header; its body is wholeLoopAccesses's.
			if fs, ok := loop.stmt.(*ast.ForStmt); ok {
				n = &ast.BlockStmt{List: []ast.Stmt{fs.Init, &ast.ExprStmt{X: fs.Cond}, fs.Post}}
			} else {
				continue
			}
		}
		if !f.panicFreeNode(n, outside) {
			return nil
		}
	}
	// Accesses: every hooked one is an element access or a read of the
	// loop.
	c := newCollector(r)
	c.dry = true
	for _, s := range straight {
		c.collectSimple(s)
	}
	if ret != nil {
		c.collectSimple(ret)
	}
	if len(c.groups) > 0 {
		return nil // accesses that only some calls make
	}
	for _, a := range c.main.accs {
		ix, ok := ast.Unparen(a.loc).(*ast.IndexExpr)
		if a.form != formAddr || !ok {
			return nil
		}
		e, ok := paramElem(ix)
		if !ok {
			return nil
		}
		e.write, e.loc = a.write, a.loc
		sum.elems = append(sum.elems, e)
	}
	if loop != nil {
		if !r.wholeLoopAccesses(loop, sum) {
			return nil
		}
	}
	if len(sum.elems) == 0 && len(sum.wholes) == 0 {
		return nil
	}
	return sum
}

// selfContained reports whether the text of d means the same in every file
// of the package: it names no imported package, by a qualified identifier
// or a dot import.
func (r *fileRewriter) selfContained(d *ast.FuncDecl) bool {
	ok := true
	ast.Inspect(d, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			ok = false
		case *ast.UnaryExpr:
			ok = x.Op != token.AND
		case *ast.Ident:
			obj := r.info.Uses[x]
			if _, isPkg := obj.(*types.PkgName); isPkg {
				ok = false
			} else if obj != nil && obj.Pkg() != nil && obj.Pkg() != r.pkg.Types && obj.Parent() == obj.Pkg().Scope() {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// wholeLoop is the loop of a helper over every index k of its slice
// parameter t.
type wholeLoop struct {
	t    int
	tVar *types.Var
	k    *types.Var
	stmt ast.Stmt
	body *ast.BlockStmt
}

// wholeLoopOf recognizes s as a loop over every index of a slice parameter
// (see calleeSum).
func (r *fileRewriter) wholeLoopOf(s ast.Stmt, params map[*types.Var]int) *wholeLoop {
	f := r.facts
	param := func(e ast.Expr) (*types.Var, int, bool) {
		v := f.sliceVar(ast.Unparen(e))
		i, ok := params[v]
		return v, i, ok && v != nil
	}
	lenOf := func(e ast.Expr) (*types.Var, int, bool) {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return nil, 0, false
		}
		if b, ok := f.callee(call).(*types.Builtin); !ok || b.Name() != "len" {
			return nil, 0, false
		}
		return param(call.Args[0])
	}
	switch s := s.(type) {
	case *ast.RangeStmt:
		if s.Tok != token.DEFINE || s.Key == nil || isBlank(s.Key) || (s.Value != nil && !isBlank(s.Value)) {
			return nil
		}
		k, _ := f.info.Defs[identOf(s.Key)].(*types.Var)
		tv, t, ok := param(s.X)
		if k == nil || !ok {
			return nil
		}
		return &wholeLoop{t: t, tVar: tv, k: k, stmt: s, body: s.Body}
	case *ast.ForStmt:
		if init, k, cond := r.stepLoop(s, token.LSS, token.LSS, token.INC, token.ADD_ASSIGN); cond != nil {
			tv, t, ok := lenOf(cond.Y)
			if !ok || !f.isConstInt(init.Rhs[0], 0) {
				return nil
			}
			return &wholeLoop{t: t, tVar: tv, k: k, stmt: s, body: s.Body}
		}
		if init, k, cond := r.stepLoop(s, token.GEQ, token.GEQ, token.DEC, token.SUB_ASSIGN); cond != nil {
			hi, ok := ast.Unparen(init.Rhs[0]).(*ast.BinaryExpr)
			if !ok || hi.Op != token.SUB || !f.isConstInt(hi.Y, 1) || !f.isConstInt(cond.Y, 0) {
				return nil
			}
			tv, t, ok := lenOf(hi.X)
			if !ok {
				return nil
			}
			return &wholeLoop{t: t, tVar: tv, k: k, stmt: s, body: s.Body}
		}
	}
	return nil
}

// wholeLoopAccesses checks the body of the helper's loop l and adds its
// whole read to sum: simple statements that do not assign k, cannot panic
// but at t[k], and whose hooked accesses are reads of t[k], one of them
// in a top-level statement.
func (r *fileRewriter) wholeLoopAccesses(l *wholeLoop, sum *calleeSum) bool {
	f := r.facts
	ef := f.effectsOf(l.body)
	if ef.call || ef.branch || ef.unbounded || ef.vars[l.k] {
		return false
	}
	isTk := func(x *ast.IndexExpr) bool {
		return f.variable(ast.Unparen(x.X)) == l.tVar && f.isUse(x.Index, l.k)
	}
	safe := f.panicFreeNode(l.body, func(x *ast.IndexExpr) bool {
		if tv := f.info.Types[x.Index]; tv.Value != nil {
			_, safe := f.safeIndex(x, nil)
			return safe
		}
		return isTk(x)
	})
	if !safe {
		return false
	}
	var whole ast.Expr
	for _, s := range l.body.List {
		switch s.(type) {
		case *ast.AssignStmt, *ast.IncDecStmt, *ast.DeclStmt, *ast.ExprStmt:
		default:
			return false
		}
		c := newCollector(r)
		c.dry = true
		c.collectSimple(s)
		for _, g := range append([]*group{c.main}, c.groups...) {
			for _, a := range g.accs {
				ix, ok := ast.Unparen(a.loc).(*ast.IndexExpr)
				if a.form != formAddr || !ok || a.write || !isTk(ix) {
					return false
				}
				if g == c.main && whole == nil {
					whole = a.loc
				}
			}
		}
	}
	if whole == nil {
		return false
	}
	// The loop's header: no hooked access (its operands are parameters
	// and the loop's index).
	c := newCollector(r)
	c.dry = true
	if fs, ok := l.stmt.(*ast.ForStmt); ok {
		c.header(fs.Init)
		c.condGroup(fs.Cond)
		c.collectSimple(fs.Post)
	}
	if len(c.main.accs) > 0 || len(c.groups) > 0 {
		return false
	}
	sum.wholes = append(sum.wholes, l.t)
	sum.wholeLoc = append(sum.wholeLoc, whole)
	return true
}

func containsElem(es []calleeElem, e calleeElem) bool {
	for _, x := range es {
		if x.t == e.t && x.j == e.j {
			return true
		}
	}
	return false
}

func isSliceType(t types.Type) bool {
	_, ok := t.Underlying().(*types.Slice)
	return ok
}

// The calling loop.

// helperCall is a call of a helper with a summary in a loop's body: the
// index uses of the loop that its element accesses and index tests are,
// and the variables it reads whole.
type helperCall struct {
	call   *ast.CallExpr
	fn     *types.Func
	sum    *calleeSum
	elems  []indexUse // sum.elems[n] is elems[n]
	tests  []indexUse
	wholes []*types.Var
	writes []memWrite
	sure   bool
}

// helperCallsIn finds the calls of helpers with summaries in body
// (outside function literals), as index uses of the loop's index idx. It
// fails when a helper's slice argument is not a variable, or its index
// argument is not the loop's index (±k).
func (r *fileRewriter) helperCallsIn(body *ast.BlockStmt, idx *types.Var) (map[*ast.CallExpr]*helperCall, bool) {
	f := r.facts
	calls := map[*ast.CallExpr]*helperCall{}
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			_, isID := ast.Unparen(x.Fun).(*ast.Ident)
			fn, isFn := f.callee(x).(*types.Func)
			if !isID || !isFn || x.Ellipsis.IsValid() {
				return true
			}
			sum := r.calleeSummary(fn)
			if sum == nil {
				return true
			}
			h := &helperCall{call: x, fn: fn, sum: sum}
			use := func(e calleeElem) *indexUse {
				return f.indexUseOf(&ast.IndexExpr{X: x.Args[e.t], Index: x.Args[e.j]}, idx)
			}
			for _, e := range sum.elems {
				u := use(e)
				if u == nil {
					ok = false
					return false
				}
				h.elems = append(h.elems, *u)
				if e.write {
					elem := fn.Type().(*types.Signature).Params().At(e.t).Type().Underlying().(*types.Slice).Elem()
					h.writes = append(h.writes, memWrite{typ: elem, elem: elem})
				}
			}
			for _, e := range sum.tests {
				u := use(e)
				if u == nil {
					ok = false
					return false
				}
				h.tests = append(h.tests, *u)
			}
			for _, t := range sum.wholes {
				v := f.sliceVar(ast.Unparen(x.Args[t]))
				if v == nil {
					ok = false
					return false
				}
				h.wholes = append(h.wholes, v)
			}
			calls[x] = h
		}
		return true
	})
	return calls, ok && len(calls) > 0
}

// markSure marks the helper calls that every iteration of a loop with
// body makes, when nothing in it panics: those in the top-level simple
// statements and in the headers of top-level if and switch statements,
// outside the right operands of && and ||.
func markSure(body *ast.BlockStmt, calls map[*ast.CallExpr]*helperCall) {
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BinaryExpr:
			if x.Op == token.LAND || x.Op == token.LOR {
				ast.Inspect(x.X, visit)
				return false
			}
		case *ast.CallExpr:
			if h := calls[x]; h != nil {
				h.sure = true
			}
		}
		return true
	}
	for _, s := range body.List {
		var nodes []ast.Node
		switch s := s.(type) {
		case *ast.ExprStmt, *ast.AssignStmt, *ast.IncDecStmt, *ast.DeclStmt:
			nodes = append(nodes, s)
		case *ast.IfStmt:
			nodes = append(nodes, s.Init, s.Cond)
		case *ast.SwitchStmt:
			nodes = append(nodes, s.Init, s.Tag)
		}
		for _, n := range nodes {
			if n != nil {
				ast.Inspect(n, visit)
			}
		}
	}
}

// calleeLoop places the range hooks of loop l, whose body calls helpers,
// before pre, and sends the calls they stand for to the helpers' variants
// without hooks (see calleeSum). It reports false, having changed
// nothing, when the loop does not qualify.
func (r *fileRewriter) calleeLoop(l *sliceLoop, pre token.Pos) bool {
	f := r.facts
	calls, ok := r.helperCallsIn(l.body, l.idx)
	if !ok {
		return false
	}
	f.loopHelpers = calls
	defer func() { f.loopHelpers = nil }()
	ef := f.effectsOf(l.body)
	if ef.call || ef.branch || ef.unbounded || ef.vars[l.idx] || (l.drv != nil && f.varChanged(ef, l.drv)) {
		return false
	}
	uses, ok := f.panicFree(l.body, l.idx)
	if !ok {
		return false
	}
	sorted := sortedCalls(calls)
	for _, h := range sorted {
		for _, u := range h.tests {
			if !containsUse(uses, u) {
				uses = append(uses, u)
			}
		}
	}
	if l.drvName != "" {
		for _, u := range uses {
			if u.off != nil {
				l = l.asBounds()
				break
			}
		}
	}
	var tested []indexUse
	for _, u := range uses {
		if u.t != l.drv || u.off != nil {
			tested = append(tested, u)
		}
	}
	if !r.usesStay(l, ef, uses, pre) {
		return false
	}
	b, ok := r.loopBounds(l, ef, pre)
	if !ok {
		return false
	}
	markSure(l.body, calls)

	// The range hooks of index uses: those of the body's own accesses
	// (elemReps), and those of sure calls.
	hooks := r.planRanges(l, b, uses, pre)
	keep := func(loc ast.Expr) bool { return r.cfg.Keep == nil || r.cfg.Keep(loc) }
	hookOf := func(u indexUse) int {
		for n, h := range hooks {
			if h.use.t == u.t && h.use.key == u.key {
				return n
			}
		}
		return -1
	}
	for _, h := range sorted {
		if !h.sure {
			continue
		}
		for n, e := range h.sum.elems {
			u := h.elems[n]
			if !keep(e.loc) {
				continue
			}
			a := &acc{pos: h.call.Pos(), write: e.write, form: formAddr, shown: h.call}
			if k := hookOf(u); k >= 0 {
				if e.write && !hooks[k].a.write {
					hooks[k].a = a
				}
				continue
			}
			if span, ok := b.span(r, l, u, pre); ok {
				hooks = append(hooks, rangeHook{a: a, use: u, span: span})
			}
		}
	}
	// Whole reads of sure calls, of variables the loop does not change.
	type wholeHook struct {
		v *types.Var
		a *acc
	}
	var wholes []wholeHook
	wholeOf := func(v *types.Var) bool {
		for _, w := range wholes {
			if w.v == v {
				return true
			}
		}
		return false
	}
	for _, h := range sorted {
		if !h.sure {
			continue
		}
		for n, v := range h.wholes {
			if !keep(h.sum.wholeLoc[n]) || wholeOf(v) || f.varChanged(ef, v) || !f.visibleAt(v, pre) {
				continue
			}
			wholes = append(wholes, wholeHook{v, &acc{pos: h.call.Pos(), form: formSlice, shown: h.call}})
		}
	}
	if len(hooks) == 0 && len(wholes) == 0 {
		return false
	}
	flag, conds := "", ""
	if len(tested) > 0 || l.drvName == "" || len(wholes) > 0 {
		if r.fn.hasGoto || !f.universeAt(pre, "len") {
			return false
		}
		if len(tested) > 0 || l.drvName == "" {
			if conds, ok = b.tests(r, l, tested, pre); !ok {
				return false
			}
		}
		if len(wholes) > 0 && l.drvName != "" {
			if conds != "" {
				conds += " && "
			}
			conds += "len(" + l.drvName + ") > 0"
		}
		flag = r.newTemp()
	}
	if l.valueRead {
		r.addCover(&elemCover{start: l.body.Pos(), end: l.body.End(), t: l.drv, key: f.varKey(l.idx)})
	}
	var texts []string
	for _, h := range hooks {
		op, kind := "ReadSlice", kindRead
		if h.a.write {
			op, kind = "WriteSlice", kindWrite
		}
		k := r.addSite(h.a.pos, kind, h.a.shown)
		texts = append(texts, rtCall(op, h.span, r.siteRef(k)))
		r.stats.RangeHooks++
		r.addCover(&elemCover{start: l.body.Pos(), end: l.body.End(), t: h.use.t, key: h.use.key, write: h.a.write, flag: flag})
	}
	for _, w := range wholes {
		k := r.addSite(w.a.pos, kindRead, w.a.shown)
		texts = append(texts, rtCall("ReadSlice", w.v.Name(), r.siteRef(k)))
		r.stats.RangeHooks++
	}
	if flag != "" {
		texts = flagged(flag, conds, texts...)
	}
	r.before(pre, texts...)

	// Send the calls the range hooks stand for to the variants.
	hooked := "false"
	if flag != "" {
		hooked = "!" + flag
	}
	for _, h := range sorted {
		covered := true
		for n, e := range h.sum.elems {
			if !keep(e.loc) {
				continue
			}
			k := hookOf(h.elems[n])
			covered = covered && k >= 0 && (hooks[k].a.write || !e.write)
		}
		for n, v := range h.wholes {
			covered = covered && (!keep(h.sum.wholeLoc[n]) || wholeOf(v))
		}
		if !covered {
			continue
		}
		r.insertAt(ast.Unparen(h.call.Fun).Pos(), r.variant(h.fn, h.sum)+".", prioVariantDot)
		r.insertAt(h.call.Lparen+1, hooked+", ", prioVariantArg)
		r.stats.HelperCalls++
	}
	return true
}

// sortedCalls returns the helper calls in the order of the source.
func sortedCalls(calls map[*ast.CallExpr]*helperCall) []*helperCall {
	out := make([]*helperCall, 0, len(calls))
	for _, h := range calls {
		out = append(out, h)
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].call.Pos() < out[j-1].call.Pos(); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// variant returns the name of the value whose method fn.Name() is the
// variant of fn without hooks, appending the method to the file's trailer
// the first time (and the value and its type before it): fn's parameters
// after a bool that sends the call to fn, and fn's body, printed from its
// syntax (fn may be declared in another file; the summary checked that
// its text means the same in this one). A method keeps the name of fn in
// the call, so the call's line keeps its tokens: `load(xs, i)` becomes
// `_tpinstr_nohooks_ID.load(!flag, xs, i)`.
func (r *fileRewriter) variant(fn *types.Func, sum *calleeSum) string {
	name := "_tpinstr_nohooks_" + r.id
	if r.variants == nil {
		r.variants = map[*types.Func]bool{}
		r.trailer = append(r.trailer, "// "+name+" holds the variants without hooks of helpers whose calls\n"+
			"// range hooks of their loop stand for, as methods named as the helpers.\n"+
			"var "+name+" "+name+"T\n\n"+
			"// "+name+"T is the type of "+name+".\n"+
			"type "+name+"T struct{}")
	}
	if r.variants[fn] {
		return name
	}
	r.variants[fn] = true
	d := sum.decl
	fields := func(l *ast.FieldList) ([]string, int) {
		var out []string
		named := 0
		for _, fld := range l.List {
			var names []string
			for _, n := range fld.Names {
				names = append(names, n.Name)
			}
			named += len(names)
			out = append(out, strings.TrimSpace(strings.Join(names, ", ")+" "+r.printed(fld.Type)))
		}
		return out, named
	}
	params, _ := fields(d.Type.Params)
	var args []string
	for _, fld := range d.Type.Params.List {
		for _, n := range fld.Names {
			args = append(args, n.Name)
		}
	}
	results := ""
	if d.Type.Results != nil && len(d.Type.Results.List) > 0 {
		res, named := fields(d.Type.Results)
		results = " " + res[0]
		if len(res) > 1 || named > 0 {
			results = " (" + strings.Join(res, ", ") + ")"
		}
	}
	call := fn.Name() + "(" + strings.Join(args, ", ") + ")"
	dispatch := "return " + call
	if results == "" {
		dispatch = call + "; return"
	}
	body := strings.TrimSpace(r.printed(d.Body))
	body = strings.TrimSuffix(strings.TrimPrefix(body, "{"), "}")
	var b strings.Builder
	b.WriteString("// " + fn.Name() + " is " + fn.Name() + " without its access hooks; with hooked set it calls " + fn.Name() + ".\n")
	b.WriteString("func (" + name + "T) " + fn.Name() + "(_tpinstr_hooked bool, " + strings.Join(params, ", ") + ")" + results + " {\n")
	b.WriteString("\tif _tpinstr_hooked {\n\t\t" + dispatch + "\n\t}")
	b.WriteString(strings.TrimRight(body, " \t\n") + "\n}")
	r.trailer = append(r.trailer, b.String())
	return name
}

// printed returns the source of n as go/printer prints it.
func (r *fileRewriter) printed(n ast.Node) string {
	var b strings.Builder
	if err := printer.Fprint(&b, r.pkg.Fset, n); err != nil {
		return "" // a strings.Builder does not fail
	}
	return b.String()
}
