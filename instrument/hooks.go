package instrument

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"
)

// sitePlaceholder stands for the site of a hook until the hook is known to
// be placed.
const sitePlaceholder = "\x00site\x00"

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
}

// hookText renders the hook of a, or fails with a reason.
func (r *fileRewriter) hookText(a *acc, rd *renderer) (string, bool) {
	op := "Read"
	if a.write {
		op = "Write"
	}
	var call string
	switch a.form {
	case formAddr:
		if rd.rootOK && rd.forbid != nil && (identOf(a.loc) != nil || isQualified(r.info, a.loc)) {
			// The statement assigns this very variable: hooking it after
			// the statement is right.
			saved := rd.forbid
			rd.forbid = nil
			defer func() { rd.forbid = saved }()
		}
		s, ok := rd.addr(a.loc)
		if !ok {
			return "", false
		}
		call = fmt.Sprintf("%s.%s(&%s, %s)", rtName, op, s, sitePlaceholder)
	case formPtr:
		p, ok := rd.value(a.loc)
		if !ok {
			return "", false
		}
		rd.guard(p + " != nil")
		call = fmt.Sprintf("%s.%s(%s, %s)", rtName, op, p, sitePlaceholder)
	case formMap:
		m, ok := rd.value(a.loc)
		if !ok {
			return "", false
		}
		call = fmt.Sprintf("%s.%sMap(%s, %s)", rtName, op, m, sitePlaceholder)
	case formSlice:
		s, ok := rd.value(a.loc)
		if !ok {
			return "", false
		}
		call = fmt.Sprintf("%s.%sSlice(%s, %s)", rtName, op, s, sitePlaceholder)
	case formSpan:
		s, ok := rd.value(a.loc)
		if !ok {
			return "", false
		}
		n := strconv.Itoa(a.countLit)
		if a.count != nil {
			c, ok := rd.value(a.count)
			if !ok {
				return "", false
			}
			n = "len(" + c + ")"
		}
		if a.spanTail {
			rd.guard(appendFits(s, n))
			s = s + "[len(" + s + "):cap(" + s + ")]"
		}
		call = fmt.Sprintf("%s.%sSlice(%s(%s, %s), %s)", rtName, op, r.spanName(), s, n, sitePlaceholder)
		r.usesSpan = true
	case formCustom:
		var ok bool
		if call, ok = a.custom(rd); !ok {
			return "", false
		}
	}
	guards := rd.guards
	switch {
	case a.fallback != "":
		guards = append([]string{"!" + a.fallback}, guards...)
	case a.once != "":
		guards = append([]string{a.once}, guards...)
		call = a.once + " = false; " + call
	}
	text := hookStmt(call, guards)
	if strings.ContainsRune(text, '\n') {
		return rd.fail("operand spans lines")
	}
	for _, name := range []string{"nil", "uint", "len", "cap"} {
		if usesName(text, name) && !rd.universe(name) {
			return rd.fail("predeclared name shadowed")
		}
	}
	return text, true
}

// usesName reports whether the identifier name occurs in the Go text s
// (outside string literals, which hook text only has as map keys).
func usesName(s, name string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], name)
		if j < 0 {
			return false
		}
		j += i
		before := j == 0 || !isIdentByte(s[j-1])
		after := j+len(name) == len(s) || !isIdentByte(s[j+len(name)])
		if before && after {
			return true
		}
		i = j + len(name)
	}
}

func isIdentByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= 0x80
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
// filled in, or "" when the access is pruned or skipped (and counted).
func (r *fileRewriter) place(a *acc, rd *renderer) string {
	text, ok := r.hookText(a, rd)
	if !ok {
		r.skipAccess(rd.failed)
		return ""
	}
	return r.commit(a, text)
}

// prune reports whether Config.Keep removes the hook of a, or a loop
// optimization in force leaves it out (cover.go), counting it; a loop
// optimization may instead put a guard on a's hook. Accesses inside the
// body of an Isolated call are always kept by Config.Keep: schedule
// exploration needs every location an isolated section touches to tell
// which sections conflict, even where no race is possible.
func (r *fileRewriter) prune(a *acc) bool {
	if r.cfg.Keep != nil && a.form == formAddr && !r.inIsolated(a.pos) && !r.cfg.Keep(a.loc) {
		r.stats.AccessSites++
		r.stats.Pruned++
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
	return strings.Replace(text, sitePlaceholder, r.siteRef(k), 1)
}

// emit renders the accesses of the statement group g placed as pl and
// inserts them. It returns whether temporaries were declared.
func (r *fileRewriter) emit(g *group, pl placement) bool {
	accs := append([]*acc(nil), g.accs...)
	sort.SliceStable(accs, func(i, j int) bool { return accs[i].pos < accs[j].pos })
	var pre, post []string
	for _, a := range accs {
		if r.prune(a) {
			continue
		}
		if pl.post && (a.write || a.afterTask) && !a.keepPre {
			rd := &renderer{r: r, hoist: pl.hoist, forbid: pl.forbid, rootOK: true, pos: pl.end}
			if text, ok := r.hookText(a, rd); ok {
				post = append(post, r.commit(a, text))
				continue
			}
		}
		drop, key, keyed := r.dedupe(pl.line, a)
		if drop {
			continue
		}
		rd := &renderer{r: r, hoist: pl.hoist, forbid: pl.preForbid, pos: pl.pre}
		text, ok := r.hookText(a, rd)
		if !ok && pl.postFallback && rd.failed == reasonForbidden {
			rd = &renderer{r: r, pos: pl.end}
			text, ok = r.hookText(a, rd)
			if ok {
				post = append(post, r.commit(a, text))
				continue
			}
		}
		if !ok {
			r.skipAccess(rd.failed)
			continue
		}
		pre = append(pre, r.commit(a, text))
		if keyed {
			pl.line.add(key, a.write)
		}
	}
	var decls []string
	if pl.hoist != nil {
		decls = pl.hoist.decls
	}
	if all := append(decls, pre...); len(all) > 0 {
		r.buf.insert(r.off(pl.pre), strings.Join(all, "; ")+"; ", prioPre)
	}
	if len(post) > 0 {
		r.buf.insert(r.off(pl.end), "; "+strings.Join(post, "; "), prioPost)
	}
	return len(decls) > 0
}

// trick renders the accesses of a group that belongs to the boolean
// expression g.cond: they run in a function literal evaluated just before
// it, as `func() bool { hooks; return true }() && bool(cond)`.
func (r *fileRewriter) trick(g *group) {
	accs := append([]*acc(nil), g.accs...)
	sort.SliceStable(accs, func(i, j int) bool { return accs[i].pos < accs[j].pos })
	if !r.universeAt(g.cond.Pos(), "bool", "true") {
		for _, a := range accs {
			if !r.prune(a) {
				r.skipAccess("predeclared name shadowed")
			}
		}
		return
	}
	var hooks []string
	for _, a := range accs {
		if r.prune(a) {
			continue
		}
		rd := &renderer{r: r, pos: g.cond.Pos()}
		if s := r.place(a, rd); s != "" {
			hooks = append(hooks, s)
		}
	}
	if len(hooks) == 0 {
		return
	}
	r.buf.insert(r.off(g.cond.Pos()), "func() bool { "+strings.Join(hooks, "; ")+"; return true }() && bool(", prioTrickOpen)
	r.buf.insert(r.off(g.cond.End()), ")", prioTrickClose)
}

// inIsolated reports whether pos lies in the body argument of an Isolated
// call of the file.
func (r *fileRewriter) inIsolated(pos token.Pos) bool {
	if r.isoBodies == nil {
		r.isoBodies = [][2]token.Pos{}
		ast.Inspect(r.file, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if body := r.isolatedBody(call); body != nil {
					r.isoBodies = append(r.isoBodies, [2]token.Pos{body.Pos(), body.End()})
				}
			}
			return true
		})
	}
	for _, b := range r.isoBodies {
		if pos >= b[0] && pos < b[1] {
			return true
		}
	}
	return false
}
