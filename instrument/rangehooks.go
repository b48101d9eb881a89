package instrument

import (
	"go/ast"
	"go/token"
	"strings"
)

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
	ef := r.facts.effectsOf(l.body)
	if ef.call || ef.branch || ef.unbounded || ef.vars[l.idx] || (l.drv != nil && r.facts.varChanged(ef, l.drv)) {
		return
	}
	uses, ok := r.facts.panicFree(l.body, l.idx)
	if !ok {
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
		// Writing an element of an array variable moves none of them;
		// a slice or string variable must keep its value.
		_, isArr := arrayLen(u.t.Type())
		if !isArr && r.facts.varChanged(ef, u.t) || !r.facts.visibleAt(u.t, pre) {
			return
		}
		if u.off != nil && (r.facts.exprMoves(ef, u.off) || !r.facts.exprVisibleAt(u.off, pre)) {
			return
		}
		if u.t != l.drv || u.off != nil {
			tested = append(tested, u)
		}
	}
	if l.drv != nil && !r.facts.visibleAt(l.drv, pre) {
		return
	}
	b, ok := r.loopBounds(l, ef, pre)
	if !ok {
		return
	}
	if l.valueRead {
		// The header's ReadSlice of s stands for the reads of s[i].
		r.addCover(&elemCover{start: l.body.Pos(), end: l.body.End(), t: l.drv, key: r.facts.varKey(l.idx)})
	}
	type rangeHook struct {
		a    *acc
		use  indexUse
		span string
	}
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
	if len(hooks) == 0 {
		return
	}
	flag, conds := "", ""
	if len(tested) > 0 || l.drvName == "" {
		if r.fn.hasGoto || !r.facts.universeAt(pre, "len") {
			return
		}
		if conds, ok = b.tests(r, l, tested, pre); !ok {
			return
		}
		flag = r.newTemp()
	}
	calls := make([]string, len(hooks))
	for i, h := range hooks {
		op, kind := "ReadSlice", kindRead
		if h.a.write {
			op, kind = "WriteSlice", kindWrite
		}
		k := r.addSite(h.a.pos, kind, h.a.shown)
		calls[i] = rtName + "." + op + "(" + h.span + ", " + r.siteRef(k) + ")"
		r.stats.RangeHooks++
		r.addCover(&elemCover{start: l.body.Pos(), end: l.body.End(), t: h.use.t, key: h.use.key, write: h.a.write, flag: flag})
	}
	text := strings.Join(calls, "; ")
	if flag != "" {
		text = flag + " := " + conds + "; if " + flag + " { " + text + " }"
	}
	r.buf.insert(r.off(pre), text+"; ", prioPre)
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
