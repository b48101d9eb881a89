package instrument

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"
)

// Placing the hooks of a group of accesses. For each access, planning
// decides its fate in a fixed order: Config.Keep or an optimization whose
// hook stands for it leaves it out (prune, cover.go); a write, or a read
// after a task-library call, goes after the statement when it can; the
// straight-line optimization may find it recorded already (dedupe,
// straight.go); otherwise it goes before the statement, or after it when
// it names a variable the statement declares, or is skipped. The emitter
// renders each hook that is placed (hookCall, which may fail: an operand
// that cannot be repeated) and inserts the group's hooks (before, after,
// condHooks); commit allocates the site of each.

// placement says where the hooks of a group may go.
type placement struct {
	pre       token.Pos             // where statements before the access go
	hoist     *hoister              // nil: no temporaries
	post      bool                  // writes and reads after task calls go after the statement
	end       token.Pos             // where statements after it go
	forbid    map[types.Object]bool // variables the statement assigns (post hooks may not name them)
	preForbid map[types.Object]bool // variables not in scope before the statement
	// postFallback places after the statement the hooks that cannot go
	// before it because they name a variable it declares.
	postFallback bool
	// line is the stretch of straight-line code the hooks placed before
	// the statement belong to (straight.go), or nil.
	line *straight
	// calls: the statement calls something, so its hooks before it do not
	// join line, and only those of the accesses inside first, the call or
	// receive that Go makes first, may find their locations in it
	// (straight.go, "Statements that call").
	calls bool
	first ast.Expr
	// wrap is an expression whose value passes through rt.Result(wrap,
	// …), with the type argument wrapType when it is not empty, so that
	// the hooks that go after the statement run in its call instead: the
	// last result of a return statement, a header's condition or tag, a
	// declaration's last value (syncorder.go, "Return statements and
	// headers"). With wrapReads, only the reads that come after the
	// expression's calls go there, and the other hooks stay before.
	wrap      ast.Expr
	wrapType  string
	wrapReads bool
}

// isQualified reports whether e is a qualified identifier pkg.Name.
func isQualified(info *types.Info, e ast.Expr) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	_, ok = info.Uses[identOf(sel.X)].(*types.PkgName)
	return ok
}

// place renders one access: it returns the hook statement with its site
// filled in, or, when the access cannot be hooked, the statement that
// says so (unchecked).
func (r *fileRewriter) place(a *acc, rd *renderer) string {
	text, ok := r.hookCall(a, rd)
	if !ok {
		if r.inlineField(a) || r.inlineIndex(a) {
			return ""
		}
		return r.unchecked(a, rd.failed)
	}
	return r.commit(a, text)
}

// unchecked counts the access a as skipped for reason, and returns the
// statement that, where its hook would have gone, tells the run that an
// access without a hook was reached (rt.Unchecked): the run's verdict
// then names it, so that "every schedule" never covers an access it did
// not check.
func (r *fileRewriter) unchecked(a *acc, reason string) string {
	r.skipAccess(reason)
	kind := kindRead
	if a.write {
		kind = kindWrite
	}
	return rtName + ".Unchecked(" + r.siteRef(r.addSite(a.pos, kind, a.shown)) + ")"
}

// prune reports whether Config.Keep removes the hook of a, or a loop
// optimization in force leaves it out (cover.go), counting it; a loop
// optimization may instead put a guard on a's hook. Accesses inside the
// body of an Isolated call are always kept by Config.Keep: schedule
// exploration needs every location an isolated section touches to tell
// which sections conflict, even where no race is possible.
func (r *fileRewriter) prune(a *acc) bool {
	if r.cfg.Keep != nil && a.form == formAddr && !r.facts.inIsolated(a.pos) && !r.cfg.Keep(a.loc) {
		r.stats.AccessSites++
		r.stats.Pruned++
		return true
	}
	if r.privateLoc(a) {
		r.stats.AccessSites++
		r.stats.Pruned++
		r.stats.Private++
		return true
	}
	return r.covered(a)
}

// commit allocates the site of a placed hook.
func (r *fileRewriter) commit(a *acc, text string) string {
	kind := kindRead
	if a.write {
		kind = kindWrite
	}
	k := r.addSite(a.pos, kind, a.shown)
	r.stats.AccessSites++
	switch {
	case a.fallback != "":
		r.stats.Covered++
	case a.once != "":
		r.stats.Hooks++
		r.stats.OncePerLoop++
		r.fn.usedFlags[a.once] = true
	default:
		r.stats.Hooks++
	}
	return strings.ReplaceAll(text, sitePlaceholder, r.siteRef(k))
}

// emit places the accesses of the statement group g as pl says, and hands
// their hooks and the temporaries they need to the emitter. It returns
// whether temporaries were declared.
func (r *fileRewriter) emit(g *group, pl placement) bool {
	accs := append([]*acc(nil), g.accs...)
	sort.SliceStable(accs, func(i, j int) bool { return accs[i].pos < accs[j].pos })
	var pre, post []string
	var covered []*acc // left out by the stretch in a statement that calls
	for _, a := range accs {
		if r.prune(a) {
			continue
		}
		after := pl.post && (a.write || a.afterTask) && !a.keepPre
		if pl.wrap != nil && pl.wrapReads {
			after = a.afterTask && !a.write && !a.keepPre
		}
		if after {
			rd := &renderer{f: r.facts, e: r.emitter, hoist: pl.hoist, forbid: pl.forbid, rootOK: true, pos: pl.end}
			if text, ok := r.hookCall(a, rd); ok {
				post = append(post, r.commit(a, text))
				continue
			}
		}
		line := pl.line
		if pl.calls && (a.afterTask || pl.first == nil || a.pos < pl.first.Pos() || a.pos >= pl.first.End()) {
			line = nil
		}
		drop, key, keyed := r.dedupe(line, a)
		if drop {
			if pl.calls {
				covered = append(covered, a)
			}
			continue
		}
		var before bool
		pre, post, before = r.placePre(a, pl, pre, post)
		if keyed && before && !pl.calls {
			pl.line.add(key, a.write)
		}
	}
	if len(covered) > 0 && pl.hoist != nil && len(pl.hoist.decls) > 0 {
		// A call hoisted into a temporary runs between the stretch's hooks
		// and the statement's: the stretch does not stand for these.
		for _, a := range covered {
			r.stats.AccessSites--
			r.stats.Covered--
			pre, post, _ = r.placePre(a, pl, pre, post)
		}
	}
	var decls []string
	if pl.hoist != nil {
		decls = pl.hoist.decls
	}
	if all := append(decls, pre...); len(all) > 0 {
		r.before(pl.pre, all...)
	}
	switch {
	case len(post) > 0 && pl.wrap != nil:
		r.resultHooks(pl.wrap, pl.wrapType, post)
	case len(post) > 0:
		r.after(pl.end, post...)
	}
	return len(decls) > 0
}

// placePre renders the hook of a before the statement (or after it, when
// it names a variable the statement declares and pl allows that), or the
// statement that says it has none, and appends it to pre or post. before
// reports whether a hook went before the statement.
func (r *fileRewriter) placePre(a *acc, pl placement, pre, post []string) (_, _ []string, before bool) {
	rd := &renderer{f: r.facts, e: r.emitter, hoist: pl.hoist, forbid: pl.preForbid, pos: pl.pre}
	text, ok := r.hookCall(a, rd)
	if !ok && pl.postFallback && rd.failed == reasonForbidden {
		rd = &renderer{f: r.facts, e: r.emitter, pos: pl.end}
		if text, ok = r.hookCall(a, rd); ok {
			return pre, append(post, r.commit(a, text)), false
		}
	}
	if !ok {
		if r.inlineField(a) || r.inlineIndex(a) {
			return pre, post, false
		}
		return append(pre, r.unchecked(a, rd.failed)), post, false
	}
	return append(pre, r.commit(a, text)), post, true
}

// trick renders the accesses of a group that belongs to the boolean
// expression g.cond: they run in a function literal evaluated just before
// it, as `func() bool { hooks; return true }() && bool(cond)`.
func (r *fileRewriter) trick(g *group) {
	accs := append([]*acc(nil), g.accs...)
	sort.SliceStable(accs, func(i, j int) bool { return accs[i].pos < accs[j].pos })
	if !r.facts.universeAt(g.cond.Pos(), "bool", "true") {
		for _, a := range accs {
			if !r.prune(a) {
				r.skipAccess("predeclared name shadowed")
			}
		}
		return
	}
	var hooks, after []string
	for _, a := range accs {
		if r.prune(a) {
			continue
		}
		if a.afterTask && !a.write && !a.keepPre {
			// A read after a call of the expression (syncorder.go,
			// "Return statements and headers").
			rd := &renderer{f: r.facts, e: r.emitter, rootOK: true, pos: g.cond.End()}
			if text, ok := r.hookCall(a, rd); ok {
				after = append(after, r.commit(a, text))
				continue
			}
		}
		rd := &renderer{f: r.facts, e: r.emitter, pos: g.cond.Pos()}
		if s := r.place(a, rd); s != "" {
			hooks = append(hooks, s)
		}
	}
	if len(after) > 0 {
		r.resultHooks(g.cond, "", after)
	}
	if len(hooks) > 0 {
		r.condHooks(g.cond, hooks)
	}
}
