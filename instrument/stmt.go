package instrument

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// stmtList rewrites the statements of a block or clause. The list starts a
// stretch of straight-line code of its own (straight.go).
func (r *fileRewriter) stmtList(list []ast.Stmt) {
	outer := r.line
	r.line = r.newStretch()
	r.constRuns(list)
	r.spanRuns(list)
	for _, s := range list {
		r.stmt(s, s.Pos())
	}
	r.line = outer
}

// stmt rewrites s. pre is where statements that must run before s go: the
// start of s, or the start of its labels when s is a labelled loop, switch
// or select (whose label must stay on it for break and continue).
func (r *fileRewriter) stmt(s ast.Stmt, pre token.Pos) {
	switch s.(type) {
	case *ast.ExprStmt, *ast.SendStmt, *ast.IncDecStmt, *ast.AssignStmt,
		*ast.GoStmt, *ast.DeferStmt, *ast.ReturnStmt, *ast.DeclStmt:
	case *ast.LabeledStmt:
		r.line.reset() // a jump target
	case *ast.IfStmt:
		// The stretch may go on through it (ifjoin.go).
	default:
		// A compound statement ends the stretch; its header may still
		// join it (lineFor).
		defer r.line.reset()
	}
	switch s := s.(type) {
	case *ast.LabeledStmt:
		switch s.Stmt.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.LabeledStmt:
			r.stmt(s.Stmt, pre)
		default:
			r.stmt(s.Stmt, s.Stmt.Pos())
		}
	case *ast.BlockStmt:
		r.stmtList(s.List)
	case *ast.ExprStmt, *ast.SendStmt, *ast.IncDecStmt, *ast.AssignStmt,
		*ast.GoStmt, *ast.DeferStmt, *ast.ReturnStmt, *ast.DeclStmt:
		r.simple(s, pre)
	case *ast.IfStmt:
		r.ifStmt(s, pre, false)
	case *ast.ForStmt:
		r.forStmt(s, pre)
	case *ast.RangeStmt:
		r.rangeStmt(s, pre)
	case *ast.SwitchStmt:
		r.switchStmt(s, pre)
	case *ast.TypeSwitchStmt:
		r.typeSwitchStmt(s, pre)
	case *ast.SelectStmt:
		r.selectStmt(s, pre)
	}
}

// collectSimple collects the accesses of a simple statement (or of a go,
// defer, return or declaration statement).
func (c *collector) collectSimple(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.ExprStmt:
		c.read(s.X)
	case *ast.SendStmt:
		c.read(s.Chan)
		c.read(s.Value)
	case *ast.IncDecStmt:
		c.readWrite(s.X)
	case *ast.AssignStmt:
		switch s.Tok {
		case token.DEFINE:
			for _, e := range s.Rhs {
				c.read(e)
			}
			for _, e := range s.Lhs {
				if id := identOf(e); id != nil && c.r.info.Defs[id] == nil {
					c.write(id) // redeclared: an assignment
				}
			}
		case token.ASSIGN:
			mark := len(c.cur.accs)
			for _, e := range s.Lhs {
				c.write(e)
			}
			lhs := append([]*acc(nil), c.cur.accs[mark:]...)
			for _, e := range s.Rhs {
				c.read(e)
			}
			c.lhsAfterRHS(s.Lhs, lhs)
		default:
			mark := len(c.cur.accs)
			c.readWrite(s.Lhs[0])
			lhs := append([]*acc(nil), c.cur.accs[mark:]...)
			c.read(s.Rhs[0])
			if len(c.taskEnds) > 0 {
				// x op= f.Get(): x is read when the operation is done,
				// after the right operand's join.
				for _, a := range lhs {
					a.afterTask = true
				}
			}
			c.afterSyncLHS(lhs)
			c.lhsAfterRHS(s.Lhs, lhs)
		}
	case *ast.GoStmt:
		c.deferred(s.Call)
	case *ast.DeferStmt:
		c.deferred(s.Call)
	case *ast.ReturnStmt:
		for _, e := range s.Results {
			c.read(e)
		}
		c.returnResults(s)
	case *ast.DeclStmt:
		if gd, ok := s.Decl.(*ast.GenDecl); ok && gd.Tok == token.VAR {
			for _, sp := range gd.Specs {
				if vs, ok := sp.(*ast.ValueSpec); ok {
					for _, e := range vs.Values {
						c.read(e)
					}
				}
			}
		}
	}
}

// deferred collects the operands of a go or defer statement's call, which
// are evaluated now; the call itself runs later.
func (c *collector) deferred(call *ast.CallExpr) {
	c.noAt = true
	if kind, _ := c.r.facts.taskKind(call); kind != "" && !c.dry {
		// rt.At records the site of the next task-library call, which
		// would not be this one by the time it runs.
		c.r.skip("task-library call in a go or defer statement")
	}
	if _, isBuiltin := c.r.facts.callee(call).(*types.Builtin); !isBuiltin {
		if tv, ok := c.r.info.Types[call.Fun]; !ok || !tv.IsType() {
			c.read(call.Fun)
		}
	}
	for _, a := range call.Args {
		c.read(a)
	}
}

// simple rewrites a simple statement in a statement list.
func (r *fileRewriter) simple(s ast.Stmt, pre token.Pos) {
	c := newCollector(r)
	c.collectSimple(s)
	pl := placement{pre: pre, end: s.End()}
	if ds, ok := s.(*ast.DeclStmt); ok {
		// var ( a T; b = f(a) ): hooks of b's initializer that name a go
		// after the declaration.
		pl.preForbid = defined(r.info, ds)
		pl.postFallback = true
	}
	isDecl := false
	if as, ok := s.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
		isDecl = true
	}
	if _, ok := s.(*ast.DeclStmt); ok {
		isDecl = true
	}
	if !isDecl || !r.fn.hasGoto {
		pl.hoist = newHoister(r, s)
	}
	// A statement that calls ends the stretch after its hooks, not before
	// them (straight.go, "Statements that call").
	pl.line, pl.calls = r.line, r.facts.effectsOf(s).call
	if pl.calls {
		if points := newHoister(r, s).points; len(points) > 0 {
			pl.first = points[0] // nil when an && or || comes first
		}
	}
	switch s := s.(type) {
	case *ast.AssignStmt, *ast.IncDecStmt, *ast.ExprStmt, *ast.SendStmt:
		if len(c.taskEnds) > 0 || c.afterSync() {
			pl.post = true
			pl.forbid = assigned(r.info, s)
		}
	case *ast.ReturnStmt:
		if len(c.taskEnds) > 0 || c.afterSync() {
			pl.wrap, pl.wrapType, pl.post = r.resultWrap(s)
		}
	case *ast.DeclStmt:
		if v, typ := r.declWrap(s); v != nil {
			c.readsAfterCalls(c.main.accs, v)
			pl.wrap, pl.wrapType, pl.wrapReads = v, typ, true
		}
	}
	if r.emit(c.main, pl) && r.fn.hasGoto {
		// Temporaries in a function with goto: scope them in a block so
		// that no goto jumps over their declaration.
		r.block(pre, s.End())
	}
	if pl.line != nil && !pl.calls {
		pl.line.after(r.facts.effectsOf(s), r.facts.esc)
	} else {
		r.line.reset()
	}
	r.finishCollector(c)
}

// finishCollector places the conditional groups of c and rewrites the
// function literals it met.
func (r *fileRewriter) finishCollector(c *collector) {
	for _, g := range c.groups {
		r.trick(g)
	}
	for _, lit := range c.lits {
		r.funcLit(lit)
	}
}

// assigned returns the variables that statement s assigns or declares by
// name.
func assigned(info *types.Info, s ast.Stmt) map[types.Object]bool {
	m := map[types.Object]bool{}
	var lhs []ast.Expr
	switch s := s.(type) {
	case *ast.AssignStmt:
		lhs = s.Lhs
	case *ast.IncDecStmt:
		lhs = []ast.Expr{s.X}
	}
	for _, e := range lhs {
		var id *ast.Ident
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			id = x
		case *ast.SelectorExpr:
			if isQualified(info, x) {
				id = x.Sel
			}
		}
		if id == nil {
			continue
		}
		if obj := info.Defs[id]; obj != nil {
			m[obj] = true
		}
		if obj := info.Uses[id]; obj != nil {
			m[obj] = true
		}
	}
	return m
}

// defined returns the variables that the header statement s declares.
func defined(info *types.Info, s ast.Stmt) map[types.Object]bool {
	m := map[types.Object]bool{}
	if s == nil {
		return m
	}
	ast.Inspect(s, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if id, ok := n.(*ast.Ident); ok {
			if obj := info.Defs[id]; obj != nil {
				m[obj] = true
			}
		}
		return true
	})
	return m
}

// header collects the init statement of an if, for or switch: its hooks go
// before the whole statement.
func (c *collector) header(init ast.Stmt) {
	if init != nil {
		c.collectSimple(init)
	}
}

// condGroup collects cond into a group of its own, hooked just before it
// each time it is evaluated.
func (c *collector) condGroup(cond ast.Expr) {
	if cond == nil {
		return
	}
	g := &group{cond: cond}
	outer := c.cur
	c.cur = g
	c.read(cond)
	c.cur = outer
	if len(g.accs) > 0 {
		c.groups = append([]*group{g}, c.groups...)
	}
}

// ifStmt rewrites an if statement. An `else if` cannot have statements
// before it; when it needs some it becomes `else { hooks; if … }`.
func (r *fileRewriter) ifStmt(s *ast.IfStmt, pre token.Pos, elseIf bool) {
	c := newCollector(r)
	c.header(s.Init)
	if s.Init == nil {
		c.read(s.Cond)
	} else {
		c.condGroup(s.Cond)
	}
	line := r.lineFor(s.Init, s.Cond)
	pl := placement{pre: pre, end: s.End(), line: line}
	if s.Init == nil {
		// Reads after the condition's calls (syncorder.go).
		c.readsAfterCalls(c.main.accs, s.Cond)
		pl.wrap, pl.wrapReads = s.Cond, true
	} else {
		for _, g := range c.groups {
			c.readsAfterCalls(g.accs, g.cond)
		}
	}
	if elseIf {
		mark := r.edits()
		r.emit(c.main, pl)
		if r.edits() > mark {
			r.block(pre, s.End())
		}
	} else {
		r.emit(c.main, pl)
	}
	r.finishCollector(c)
	// The header's stretch, for the branches and after the if
	// (ifjoin.go).
	var hdr *straight
	if line != nil && r.fn != nil && !r.facts.inIsolated(s.Pos()) && r.on(OptIfJoin) {
		line.after(r.facts.effectsOf(s.Init), r.facts.esc)
		hdr = line.snapshot()
	}
	r.stmtListFrom(s.Body.List, hdr)
	switch e := s.Else.(type) {
	case *ast.BlockStmt:
		r.stmtListFrom(e.List, hdr)
	case *ast.IfStmt:
		r.line.restore(hdr)
		r.ifStmt(e, e.Pos(), true)
	}
	if !elseIf {
		r.joinAfterIf(s, hdr)
	}
}

// forStmt rewrites a three-clause for loop: init hooks go before the loop,
// condition hooks run before each evaluation of the condition, and post
// statement hooks are folded into the post statement.
func (r *fileRewriter) forStmt(s *ast.ForStmt, pre token.Pos) {
	c := newCollector(r)
	c.header(s.Init)
	c.condGroup(s.Cond)
	r.emit(c.main, placement{pre: pre, end: s.End(), line: r.lineFor(s.Init)})
	l := r.forSliceLoop(s)
	if l == nil {
		l = r.downSliceLoop(s)
	}
	r.rangeHooks(l, pre)
	r.forSpanLoop(s, pre)
	inv := r.invariantLoop(s, pre)
	r.finishCollector(c)
	if s.Post != nil {
		r.forPost(s.Post, pre)
	}
	r.stmtList(s.Body.List)
	r.declareFlags(inv, pre)
}

// forPost rewrites the post statement of a for loop, where no statement
// can be inserted: `x++` becomes `x, _ = x + 1, func() bool { hooks;
// return true }()`, and assignments get the same extra blank operand. A
// post statement that cannot be rewritten so has its accesses marked
// unchecked before the loop (pre).
func (r *fileRewriter) forPost(post ast.Stmt, pre token.Pos) {
	c := newCollector(r)
	c.collectSimple(post)
	if len(c.main.accs) == 0 {
		r.finishCollector(c)
		return
	}
	reject := func(reason string) {
		for _, a := range c.main.accs {
			if !r.prune(a) {
				r.before(pre, r.unchecked(a, reason))
			}
		}
		r.finishCollector(c)
	}
	if !r.facts.universeAt(post.Pos(), "bool", "true") {
		reject("predeclared name shadowed")
		return
	}
	// Render the hooks first: the post statement is rewritten only when
	// its operands can be repeated.
	var xText string
	switch p := post.(type) {
	case *ast.IncDecStmt:
		rd := &renderer{f: r.facts, e: r.emitter, pos: post.Pos()}
		t, ok := rd.value(p.X) // repeats the statement's own operand: no guard needed
		if !ok {
			reject("post statement of a for loop")
			return
		}
		xText = t
	case *ast.AssignStmt:
		switch {
		case p.Tok == token.ASSIGN && len(p.Lhs) == len(p.Rhs):
		case p.Tok != token.ASSIGN && p.Tok != token.DEFINE:
			rd := &renderer{f: r.facts, e: r.emitter, pos: post.Pos()}
			t, ok := rd.value(p.Lhs[0])
			if !ok {
				reject("post statement of a for loop")
				return
			}
			xText = t
		default:
			reject("post statement of a for loop")
			return
		}
	default:
		reject("post statement of a for loop")
		return
	}
	accs := c.main.accs
	var hooks []string
	for _, a := range accs {
		if r.prune(a) {
			continue
		}
		if s := r.place(a, &renderer{f: r.facts, e: r.emitter, pos: post.Pos()}); s != "" {
			hooks = append(hooks, s)
		}
	}
	if len(hooks) > 0 {
		r.postStmtHooks(post, xText, hooks)
	}
	r.finishCollector(c)
}

// rangeStmt rewrites a range loop: the range expression is evaluated once
// before the loop (its hooks go there: the elements of a slice or array
// read by the loop are recorded as one read, or one at a time when the
// loop may stop early (rangeElemReads), and none for a composite
// literal, which nothing else holds (freshLiteral); a range expression that calls
// something is first evaluated into a temporary, see rangetemp.go), and
// assignments to existing iteration variables are hooked at the start of
// each iteration.
func (r *fileRewriter) rangeStmt(s *ast.RangeStmt, pre token.Pos) {
	c := newCollector(r)
	hasValue := s.Value != nil && !isBlank(s.Value)
	useTemp := r.rangeTempWanted(s, pre)
	switch t := c.under(s.X).(type) {
	case *types.Slice:
		c.read(s.X)
		switch {
		case !hasValue || useTemp || freshLiteral(s.X):
		case r.rangeWrapWanted(s):
			r.rangeWraps = append(r.rangeWraps, rangeWrap{s, pre, r.fn})
		case r.rangeElemReads(s):
		default:
			c.add(&acc{pos: s.X.Pos(), form: formSlice, loc: s.X})
		}
	case *types.Array:
		if hasValue || hasCalls(r.info, s.X) {
			c.read(s.X)
		}
	case *types.Pointer:
		if _, toArray := t.Elem().Underlying().(*types.Array); toArray {
			if hasValue || hasCalls(r.info, s.X) {
				c.read(s.X)
			}
			if hasValue {
				c.loc2(s.X, s.X, formPtr, false, true)
			}
		} else {
			c.read(s.X)
		}
	case *types.Map:
		c.read(s.X)
		if !freshLiteral(s.X) {
			c.loc2(s.X, s.X, formMap, false, true)
		}
	default:
		c.read(s.X)
	}
	r.emit(c.main, placement{pre: pre, end: s.End(), line: r.lineFor(s.X)})
	r.finishCollector(c)
	tmp := ""
	if useTemp {
		tmp = r.rangeTemp(s, pre)
	}
	r.rangeHooks(r.rangeSliceLoop(s, tmp), pre)
	r.rangeSpanLoop(s, pre)
	inv := r.invariantLoop(s, pre)
	if s.Tok == token.ASSIGN {
		kc := newCollector(r)
		kc.write(s.Key)
		kc.write(s.Value)
		at := s.Body.Lbrace + 1
		r.emit(kc.main, placement{pre: at, end: at})
		r.finishCollector(kc)
	}
	r.stmtList(s.Body.List)
	r.declareFlags(inv, pre)
}

// rangeElemReads hooks, at the start of each iteration, the read of the
// element that `for k, v := range s` assigns to v, when the loop may stop
// before its last element (earlyExit): a read of every element of s before
// the loop, as other range loops get, would record reads of the elements a
// search that returns early never reaches. It applies to a slice variable
// s that the body does not assign, with k and v declared by the loop (k
// named by the rewriter when it is blank) and not shadowing s, and reports
// whether it placed the hook. The element k of s is the one the iteration
// read: the range expression was evaluated once, into the slice that s
// still holds.
func (r *fileRewriter) rangeElemReads(s *ast.RangeStmt) bool {
	if s.Tok != token.DEFINE || s.Key == nil || !earlyExit(s.Body) || r.facts.inIsolated(s.Pos()) {
		return false
	}
	v := r.facts.sliceVar(ast.Unparen(s.X))
	if v == nil || r.facts.varChanged(r.facts.effectsOf(s.Body), v) || !r.facts.visibleAt(v, s.Body.Lbrace+1) {
		return false
	}
	key := identOf(s.Key)
	if key == nil {
		return false
	}
	name := key.Name
	if name == "_" {
		// A temporary's number, under a name of its own (an index, not
		// computed.go's slot).
		name = strings.Replace(r.newTemp(), "_tpinstr_t", "_tpinstr_i", 1)
		r.replaceNode(key, name)
	}
	site := r.siteRef(r.addSite(s.X.Pos(), kindRead, s.X))
	r.stats.AccessSites++
	r.stats.Hooks++
	// As every read hook, behind rt.Repeat: a search that a loop repeats
	// reads the same elements again in the same step.
	elem := "&" + v.Name() + "[" + name + "]"
	r.firstInBody(s.Body, "if !"+rtCall("Repeat", elem)+" { "+rtCall("Read", elem, site)+" }; ")
	return true
}

// earlyExit reports whether body, a loop's, may leave the loop before its
// last iteration other than by a panic: it has a return, a goto, a break
// (one that ends a nested switch or loop counts too) or a continue with a
// label, outside function literals.
func earlyExit(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = true
		case *ast.BranchStmt:
			if x.Tok == token.BREAK || x.Tok == token.GOTO || x.Label != nil {
				found = true
			}
		}
		return !found
	})
	return found
}

// isBlank reports whether e is the blank identifier.
func isBlank(e ast.Expr) bool {
	id := identOf(e)
	return id != nil && id.Name == "_"
}

// hasCalls reports whether e contains a function call or receive (so that
// len(e) of an array is not constant and e is evaluated).
func hasCalls(info *types.Info, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if tv, ok := info.Types[x.Fun]; !ok || !tv.IsType() {
				found = true
			}
		case *ast.UnaryExpr:
			if x.Op == token.ARROW {
				found = true
			}
		}
		return !found
	})
	return found
}

// switchStmt rewrites an expression switch. The tag is evaluated once, after
// the init statement; case expressions only until one matches, so the
// hooks of a case of a tagless switch run just before it, and those of a
// case compared with a tag are skipped.
func (r *fileRewriter) switchStmt(s *ast.SwitchStmt, pre token.Pos) {
	c := newCollector(r)
	c.header(s.Init)
	c.read(s.Tag)
	pl := placement{pre: pre, end: s.End(), preForbid: defined(r.info, s.Init), line: r.lineFor(s.Init, s.Tag)}
	if s.Tag != nil {
		// Reads after the tag's calls, or the init statement's
		// (syncorder.go).
		c.readsAfterCalls(c.main.accs, s.Tag)
		pl.wrap, pl.wrapReads = s.Tag, true
	}
	r.emit(c.main, pl)
	r.finishCollector(c)
	for _, cl := range s.Body.List {
		cc := cl.(*ast.CaseClause)
		for _, e := range cc.List {
			ec := newCollector(r)
			if s.Tag == nil {
				ec.condGroup(e)
			} else {
				ec.read(e)
				for _, a := range ec.main.accs {
					if !r.prune(a) {
						r.before(pre, r.unchecked(a, "case expression of a switch with a tag"))
					}
				}
				ec.main.accs = nil
			}
			r.finishCollector(ec)
		}
		r.stmtList(cc.Body)
	}
}

// typeSwitchStmt rewrites a type switch.
func (r *fileRewriter) typeSwitchStmt(s *ast.TypeSwitchStmt, pre token.Pos) {
	c := newCollector(r)
	c.header(s.Init)
	var x ast.Expr
	switch a := s.Assign.(type) {
	case *ast.ExprStmt:
		x = a.X
	case *ast.AssignStmt:
		x = a.Rhs[0]
	}
	if ta, ok := ast.Unparen(x).(*ast.TypeAssertExpr); ok {
		c.read(ta.X)
	}
	r.emit(c.main, placement{pre: pre, end: s.End(), preForbid: defined(r.info, s.Init)})
	r.finishCollector(c)
	for _, cl := range s.Body.List {
		r.stmtList(cl.(*ast.CaseClause).Body)
	}
}

// selectStmt rewrites a select statement: every channel operand and sent
// value is evaluated on entry, so their hooks go before the select; a
// received value assigned to existing variables is hooked at the start of
// its clause.
func (r *fileRewriter) selectStmt(s *ast.SelectStmt, pre token.Pos) {
	c := newCollector(r)
	var lhs [][]ast.Expr
	for _, cl := range s.Body.List {
		cc := cl.(*ast.CommClause)
		var assign []ast.Expr
		switch comm := cc.Comm.(type) {
		case *ast.SendStmt:
			c.read(comm.Chan)
			c.read(comm.Value)
		case *ast.ExprStmt:
			if u, ok := ast.Unparen(comm.X).(*ast.UnaryExpr); ok {
				c.read(u.X)
			}
		case *ast.AssignStmt:
			if u, ok := ast.Unparen(comm.Rhs[0]).(*ast.UnaryExpr); ok {
				c.read(u.X)
			}
			if comm.Tok == token.ASSIGN {
				assign = comm.Lhs
			}
		}
		lhs = append(lhs, assign)
	}
	r.emit(c.main, placement{pre: pre, end: s.End()})
	r.finishCollector(c)
	for i, cl := range s.Body.List {
		cc := cl.(*ast.CommClause)
		if len(lhs[i]) > 0 {
			kc := newCollector(r)
			for _, e := range lhs[i] {
				kc.write(e)
			}
			at := cc.Colon + 1
			r.emit(kc.main, placement{pre: at, end: at})
			r.finishCollector(kc)
		}
		r.stmtList(cc.Body)
	}
}

// freshLiteral reports whether e is a composite literal (of a slice or a
// map): the range statement allocates the object and ranges over it, and
// no other code holds a reference to it, so reading its elements cannot
// race (the reads of the literal's own operands are collected apart).
func freshLiteral(e ast.Expr) bool {
	_, ok := ast.Unparen(e).(*ast.CompositeLit)
	return ok
}
