package instrument

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// The order of an assignment's write and the synchronisation of its
// right-hand side. In x = <-c, x = f() (f may lock, receive or wait) and
// x op= <-c, Go evaluates the right-hand side first and writes x last:
// the write comes after the acquire the right-hand side makes. A hook
// placed before the statement would record the write before that
// acquire, so that an access of x which the acquire orders before the
// write would be reported as racing with it (Go's race detector
// instruments the store where the compiler makes it, after the call or
// receive). So, as for a task-library call, the writes of a simple
// statement that receives from a channel or calls a function that is not
// pure (pure.go) are hooked after the statement, and so are its reads
// that come after the last such operation, in source order.
//
// A hook after the statement evaluates its operands after the right-hand
// side ran, which may have changed them: a call may reassign a captured
// variable or write the memory that a pointer path goes through. A hook
// moves after the statement only when the address it names cannot change
// that way (stableLoc): a variable itself, or a path of fields and
// elements whose pointers, slices, maps and indexes are constants or local
// variables no other code can reach (escapes.isShared false: no closure
// captures them and their address is not taken), which only the statement
// itself could assign (the renderer refuses those). Other hooks stay
// before the statement, as they were.

// noteSync records that the call or receive e may synchronise: the
// statement's writes are hooked after it.
func (c *collector) noteSync(e ast.Expr) {
	c.syncEnds = append(c.syncEnds, e.End())
}

// noteCall records the call x when it may synchronise: any call of a
// function value, method or function that is not pure, nor a byte order's
// accessor (byteAccessor). Builtins and conversions do not (they never
// reach here).
func (c *collector) noteCall(x *ast.CallExpr) {
	if c.r.facts.pureFunc(x) {
		return
	}
	if _, _, ok := c.r.facts.byteAccessor(x); ok {
		return
	}
	c.noteSync(x)
}

// afterSync marks, when the statement synchronises and calls no
// task-library function (whose own rule applies), the accesses that must
// stay before it (keepPre) and those that come after its last
// synchronisation (afterTask). It reports whether the statement's hooks
// are placed around it.
func (c *collector) afterSync() bool {
	if len(c.syncEnds) == 0 || len(c.taskEnds) > 0 {
		return false
	}
	last := c.syncEnds[0]
	for _, e := range c.syncEnds[1:] {
		if e > last {
			last = e
		}
	}
	for _, a := range c.main.accs {
		if c.lhsPost[a] {
			a.afterTask = true // syncassign.go
			continue
		}
		if !a.write && a.pos < last {
			continue // a read before the synchronisation: before the statement
		}
		if !c.stableAcc(a) {
			a.keepPre = true
			continue
		}
		if !a.write {
			a.afterTask = true
		}
	}
	return true
}

// afterSyncLHS marks the read of the left operand of x op= y when y
// synchronises: Go reads x after evaluating y.
func (c *collector) afterSyncLHS(lhs []*acc) {
	if len(c.syncEnds) == 0 || len(c.taskEnds) > 0 {
		return
	}
	for _, a := range lhs {
		if !a.write && c.stableAcc(a) {
			a.afterTask = true
		}
	}
}

// stableAcc reports whether the operands of a's hook denote the same
// location after the statement as before it.
func (c *collector) stableAcc(a *acc) bool {
	switch a.form {
	case formAddr:
		return c.stableLoc(a.loc)
	case formPtr, formMap, formSlice:
		return c.stableValue(a.loc)
	case formSpan:
		return !a.spanTail && c.stableValue(a.loc) && (a.count == nil || c.stableValue(a.count))
	}
	return false
}

// stableLoc reports whether the address of the location e cannot change
// while the statement's right-hand side runs.
func (c *collector) stableLoc(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.ParenExpr:
		return c.stableLoc(x.X)
	case *ast.Ident:
		return c.varOf(x) != nil
	case *ast.SelectorExpr:
		if c.varOf(x) != nil {
			return true
		}
		s := c.r.info.Selections[x]
		if s == nil || s.Kind() != types.FieldVal || len(s.Index()) > 1 && s.Indirect() {
			return false // a path through embedded pointers
		}
		if c.isPointer(x.X) {
			return c.stableValue(x.X)
		}
		return c.stableLoc(x.X)
	case *ast.IndexExpr:
		if !c.stableValue(x.Index) {
			return false
		}
		if isArray(c.r.info.TypeOf(x.X)) {
			return c.stableLoc(x.X)
		}
		return c.stableValue(x.X)
	case *ast.StarExpr:
		return c.stableValue(x.X)
	}
	return false
}

// stableValue reports whether the value of e cannot change while the
// statement's right-hand side runs: a constant, or a local variable that
// no other code reaches.
func (c *collector) stableValue(e ast.Expr) bool {
	if c.isStatic(e) {
		return true
	}
	switch x := e.(type) {
	case *ast.ParenExpr:
		return c.stableValue(x.X)
	case *ast.Ident:
		v := c.varOf(x)
		return v != nil && !c.r.facts.esc.isShared(v) && !isPackageLevel(v)
	}
	return false
}

// Return statements and headers. A return statement has no "after" for
// its hooks: the function is gone. Neither has the condition of an if or
// the tag of a switch, which run before the branch they choose, nor the
// value of a var declaration, which the declared variable's hooks follow.
// Their reads that come after a task-library call, a receive or a call of
// a function that is not pure (`return f.Get() + n.v`, `if <-c + n.v > 0`,
// `var r = f.Get() + n.v`) are hooked in a call that Go makes after every
// call of the expression e that holds them: e becomes
//
//	rt.Result[T](e, func() bool { hooks; return true }())
//
// Go makes the calls of an expression in lexical order ("Order of
// evaluation" in the specification), and this one comes last: e's calls
// have all returned when the hooks run, and e's value is not used yet. T
// is the type the value is given (the function's result type; the
// declared type of a var), written as the source writes it, so that an
// untyped operand converts as it would have; it is inferred where the
// value has no other type to take (a condition, a tag, a var without a
// type). The same goes for a boolean operand that is evaluated only
// sometimes (the right operand of && or ||, a loop's condition), whose
// hooks run in a function literal just before it (emit.go condHooks): its
// reads after its calls go into rt.Result around it. A return of a call's
// several results, or one whose result type cannot be written at the
// return (a name in it is shadowed there, or it spans lines), keeps its
// hooks before the statement, and so does a header with an init
// statement whose condition or tag does not hold the reads.

// readsAfterCalls marks the reads of accs inside e that come, in source
// order, after the last call or receive of e that may synchronise
// (noteSync), as afterTask: their hooks go after e's calls. A read that
// comes after a task-library call is marked already (collector.add). A read
// whose address the calls may change keeps its hook before them
// (keepPre), as afterSync decides for a simple statement.
func (c *collector) readsAfterCalls(accs []*acc, e ast.Expr) {
	last := token.NoPos
	for _, end := range c.syncEnds {
		if end > e.Pos() && end <= e.End() && end > last {
			last = end
		}
	}
	if !last.IsValid() || len(c.taskEnds) > 0 {
		return
	}
	for _, a := range accs {
		if a.write || a.pos < last || a.pos >= e.End() {
			continue
		}
		if c.stableAcc(a) {
			a.afterTask = true
		} else {
			a.keepPre = true
		}
	}
}

// declWrap returns the last value of the var declaration d and the text
// of its declared type ("" when it has none: the value's own type is the
// variable's), when the reads after its calls can go into rt.Result
// around it; nil when they cannot (a declaration of a call's several
// results, or a type that spans lines).
func (r *fileRewriter) declWrap(d *ast.DeclStmt) (ast.Expr, string) {
	gd, ok := d.Decl.(*ast.GenDecl)
	if !ok || gd.Tok != token.VAR || len(gd.Specs) == 0 {
		return nil, ""
	}
	vs, ok := gd.Specs[len(gd.Specs)-1].(*ast.ValueSpec)
	if !ok || len(vs.Values) == 0 || len(vs.Values) != len(vs.Names) {
		return nil, ""
	}
	typ := ""
	if vs.Type != nil {
		typ = r.text(vs.Type)
		if strings.ContainsRune(typ, '\n') {
			return nil, ""
		}
	}
	return vs.Values[len(vs.Values)-1], typ
}

// resultWrap returns the last result of ret and the text of its type when
// ret's hooks after its calls can go into rt.Result (ok).
func (r *fileRewriter) resultWrap(ret *ast.ReturnStmt) (last ast.Expr, typ string, ok bool) {
	ft := r.enclosingFuncType(ret)
	if ft == nil || ft.Results == nil || len(ret.Results) == 0 {
		return nil, "", false
	}
	var texts []ast.Expr
	for _, f := range ft.Results.List {
		for range max(1, len(f.Names)) {
			texts = append(texts, f.Type)
		}
	}
	if len(ret.Results) != len(texts) {
		return nil, "", false // return f(), f returning several results
	}
	te := texts[len(texts)-1]
	if !r.sameMeaning(te, ret.Pos()) {
		return nil, "", false
	}
	text := r.text(te)
	if strings.ContainsRune(text, '\n') {
		return nil, "", false
	}
	return ret.Results[len(ret.Results)-1], text, true
}

// sameMeaning reports whether every name that the expression e uses
// denotes at pos what it denotes in e.
func (r *fileRewriter) sameMeaning(e ast.Expr, pos token.Pos) bool {
	scope := r.pkg.Types.Scope().Innermost(pos)
	if scope == nil {
		return false
	}
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.SelectorExpr:
			ast.Inspect(x.X, func(m ast.Node) bool {
				if id, isID := m.(*ast.Ident); isID {
					ok = ok && r.denotes(scope, id, pos)
				}
				return ok
			})
			return false // x.Sel is a field or a package's member
		case *ast.Ident:
			ok = ok && r.denotes(scope, x, pos)
		}
		return ok
	})
	return ok
}

// denotes reports whether looking id's name up from scope at pos finds
// the object id uses (names that id defines, such as the parameters of a
// function type, do not count).
func (r *fileRewriter) denotes(scope *types.Scope, id *ast.Ident, pos token.Pos) bool {
	obj := r.info.Uses[id]
	if obj == nil {
		return true
	}
	_, found := scope.LookupParent(id.Name, pos)
	return found == obj
}
