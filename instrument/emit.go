package instrument

import (
	"fmt"
	"go/ast"
	"go/token"
	"strconv"
	"strings"
)

// emitter writes the rewritten text of one file: it holds the file's
// original bytes and the edits made to them (edit.go), names the
// temporaries and helpers of the file, renders hook calls (hookCall) and
// their operands (render.go), and appends the trailer: the imports of rt
// and of the file's site package on the package clause's line, the use of
// the site package, the declarations that keep imports used, and the span
// helper. It decides nothing about which hooks go where; planning does,
// and it only reports back whether an operand can be repeated in a hook.
type emitter struct {
	tf  *token.File
	src []byte
	buf buffer
	id  string // hash of the file name, suffix of generated names

	temps    int         // temporaries allocated so far
	usesSpan bool        // the span helper is called
	usesIs   bool        // the type-assertion helper is called
	trailer  []string    // declarations appended to the file
	touched  bool        // some edit needs the rt import
	flags    *fieldFlags // the flags of field reads (fields.go); nil when the optimization is off
}

// sitePlaceholder stands for the site of a hook in its text until the
// planner places the hook and allocates its site (commit).
const sitePlaceholder = "\x00site\x00"

// newEmitter returns the emitter of the file tf, whose bytes are src; id
// is the suffix of the names it generates.
func newEmitter(tf *token.File, src []byte, id string) *emitter {
	return &emitter{tf: tf, src: src, buf: buffer{src: src}, id: id}
}

// off returns the byte offset of p in the file.
func (e *emitter) off(p token.Pos) int { return e.tf.Offset(p) }

// text returns the original source of n.
func (e *emitter) text(n ast.Node) string {
	return string(e.src[e.off(n.Pos()):e.off(n.End())])
}

// insertAt inserts text at p with priority prio among the insertions
// there.
func (e *emitter) insertAt(p token.Pos, text string, prio int) {
	e.buf.insert(e.off(p), text, prio)
}

// newTemp returns a fresh temporary name.
func (e *emitter) newTemp() string {
	e.temps++
	return fmt.Sprintf("_tpinstr_t%d", e.temps)
}

// spanName is the name of the file's span helper.
func (e *emitter) spanName() string { return "_tpinstrSpan_" + e.id }

// isName is the name of the file's type-assertion helper, which reports
// whether x.(T) holds, so that a hook may evaluate x.(T) behind it.
func (e *emitter) isName() string { return "_tpinstrIs_" + e.id }

// finish adds the import of rt and the imports siteImports (of the file's
// site package) after the package clause of file (on its line) and appends
// siteDecls (the use of the site package), the trailer and the helpers
// after the last line.
func (e *emitter) finish(file *ast.File, siteImports, siteDecls string) {
	e.insertAt(file.Name.End(), fmt.Sprintf("; import %s %q", rtName, RTPath)+siteImports, prioPost)
	var b strings.Builder
	b.WriteString(siteDecls)
	for _, t := range e.trailer {
		b.WriteString("\n" + t + "\n")
	}
	if e.usesSpan {
		fmt.Fprintf(&b, "\n// %s returns the first n elements of s, or all of s when it is shorter.\n", e.spanName())
		fmt.Fprintf(&b, "func %s[E any](s []E, n int) []E {\n\tif n < 0 {\n\t\tn = 0\n\t}\n\tif n > len(s) {\n\t\tn = len(s)\n\t}\n\treturn s[:n]\n}\n", e.spanName())
	}
	if e.usesIs {
		fmt.Fprintf(&b, "\n// %s reports whether the type assertion x.(T) holds.\n", e.isName())
		fmt.Fprintf(&b, "func %s[T any](x any) bool {\n\t_, ok := x.(T)\n\treturn ok\n}\n", e.isName())
	}
	end := len(e.src)
	if end > 0 && e.src[end-1] != '\n' {
		e.buf.insert(end, "\n", prioPost)
	}
	e.buf.insert(end, b.String(), prioWrapClose)
}

// hookCall renders the hook of a as a statement, with the guards its
// operands need and those a loop optimization put on it (acc.fallback,
// acc.once), its site left as sitePlaceholder; or fails with a reason
// (rd.failed).
func (e *emitter) hookCall(a *acc, rd *renderer) (string, bool) {
	op := "Read"
	if a.write {
		op = "Write"
	}
	var call, flag string
	switch a.form {
	case formAddr:
		if rd.rootOK && rd.forbid != nil && (identOf(a.loc) != nil || rd.qualified(a.loc)) {
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
		if !a.write {
			rd.guard(fmt.Sprintf("!%s.Repeat(&%s)", rtName, s))
			if e.flags != nil {
				flag = e.flags.readGuard(a.loc)
			}
		}
	case formPtr:
		p, ok := rd.value(a.loc)
		if !ok {
			return "", false
		}
		rd.guard(p + " != nil")
		call = fmt.Sprintf("%s.%s(%s, %s)", rtName, op, p, sitePlaceholder)
		if !a.write {
			rd.guard(fmt.Sprintf("!%s.Repeat(%s)", rtName, p))
		}
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
		n, ok := a.spanCount(rd)
		if !ok {
			return "", false
		}
		if a.minLen > 0 {
			rd.guard(fmt.Sprintf("len(%s) >= %d", s, a.minLen))
		}
		if a.countWhole {
			rd.guard(fmt.Sprintf("len(%s) >= %s", s, n))
		}
		if a.spanTail {
			if !a.tailEach {
				rd.guard(appendFits(s, n))
			}
			s = s + "[len(" + s + "):cap(" + s + ")]"
		}
		call = fmt.Sprintf("%s.%sSlice(%s(%s, %s), %s)", rtName, op, e.spanName(), s, n, sitePlaceholder)
		e.usesSpan = true
	case formCustom:
		var ok bool
		if call, ok = a.custom(rd); !ok {
			return "", false
		}
	}
	guards := rd.guards
	if flag != "" {
		// First: a cleared flag skips the rest (fields.go).
		guards = append([]string{flag}, guards...)
	}
	var text string
	switch {
	case a.frontier != nil:
		text = a.frontier.hook(call, guards, a.write)
	case a.fallback != "":
		text = hookStmt(call, append([]string{"!" + a.fallback}, guards...))
	case a.once != "":
		text = hookStmt(a.once+" = false; "+call, append([]string{a.once}, guards...))
	default:
		text = hookStmt(call, guards)
	}
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

// hookStmt renders one hook call as a statement, wrapped in its guards.
func hookStmt(call string, guards []string) string {
	if len(guards) == 0 {
		return call
	}
	return "if " + strings.Join(guards, " && ") + " { " + call + " }"
}

// The vocabulary in which planning hands its decisions to the emitter. Each
// inserts at a position of the original source; the priorities of edit.go
// keep nested insertions balanced.

// prefix inserts text at p, among the statements that run before the
// statement at p.
func (e *emitter) prefix(p token.Pos, text string) { e.insertAt(p, text, prioPre) }

// before inserts the statements stmts at p, to run before the statement
// that starts there, each ended by a semicolon so that the line keeps its
// number.
func (e *emitter) before(p token.Pos, stmts ...string) {
	e.prefix(p, strings.Join(stmts, "; ")+"; ")
}

// after inserts the statements stmts at p, the end of a statement, to run
// after it.
func (e *emitter) after(p token.Pos, stmts ...string) {
	e.insertAt(p, "; "+strings.Join(stmts, "; "), prioPost)
}

// condHooks makes the hooks run each time the boolean expression cond is
// evaluated, just before it: `func() bool { hooks; return true }() &&
// bool(cond)`.
func (e *emitter) condHooks(cond ast.Expr, hooks []string) {
	e.insertAt(cond.Pos(), "func() bool { "+strings.Join(hooks, "; ")+"; return true }() && bool(", prioTrickOpen)
	e.insertAt(cond.End(), ")", prioTrickClose)
}

// resultHooks makes hooks run after the calls of a return statement whose
// last result is last: `rt.Result[typ](last, func() bool { hooks; return
// true }())`.
func (e *emitter) resultHooks(last ast.Expr, typ string, hooks []string) {
	open := rtName + ".Result("
	if typ != "" {
		open = rtName + ".Result[" + typ + "]("
	}
	e.insertAt(last.Pos(), open, prioResultOpen)
	e.insertAt(last.End(), ", func() bool { "+strings.Join(hooks, "; ")+"; return true }())", prioResultClose)
}

// atSite wraps the handle of a task-library call in rt.At with the site
// named site.
func (e *emitter) atSite(handle ast.Expr, site string) {
	e.insertAt(handle.Pos(), rtName+".At(", prioAtOpen)
	e.insertAt(handle.End(), ", "+site+")", prioAtClose)
}

// replaceNode replaces the source of n by text.
func (e *emitter) replaceNode(n ast.Node, text string) {
	e.buf.replace(e.off(n.Pos()), e.off(n.End()), text)
}

// firstInBody inserts stmt (ended by its semicolon) at the start of body,
// before anything else inserted there.
func (e *emitter) firstInBody(body *ast.BlockStmt, stmt string) {
	e.buf.insert(e.off(body.Lbrace)+1, stmt, prioFirst)
}

// rtCall renders a call of the hook name of package rt.
func rtCall(name string, args ...string) string {
	return rtName + "." + name + "(" + strings.Join(args, ", ") + ")"
}

// flagged renders the statements that compute cond into the new flag
// and run stmts only when it holds.
func flagged(flag, cond string, stmts ...string) []string {
	return []string{flag + " := " + cond, "if " + flag + " { " + strings.Join(stmts, "; ") + " }"}
}

// block puts the code from from to to in a block of its own, which scopes
// the temporaries declared there.
func (e *emitter) block(from, to token.Pos) {
	e.insertAt(from, "{ ", prioWrapOpen)
	e.insertAt(to, " }", prioWrapClose)
}

// postStmtHooks makes hooks run with the post statement of a for loop,
// where no statement can be inserted: `x++` becomes `x, _ = x + 1, func()
// bool { hooks; return true }()`, and an assignment gets the same extra
// blank operand. xText is the operand x repeated, for x++ and x op= y.
func (e *emitter) postStmtHooks(post ast.Stmt, xText string, hooks []string) {
	lit := "func() bool { " + strings.Join(hooks, "; ") + "; return true }()"
	switch p := post.(type) {
	case *ast.IncDecStmt:
		op := "+"
		if p.Tok == token.DEC {
			op = "-"
		}
		e.buf.replace(e.off(p.TokPos), e.off(p.TokPos)+2, ", _ = "+xText+" "+op+" 1, "+lit)
	case *ast.AssignStmt:
		if p.Tok == token.ASSIGN {
			e.insertAt(p.Lhs[len(p.Lhs)-1].End(), ", _", prioPost)
			e.insertAt(p.Rhs[len(p.Rhs)-1].End(), ", "+lit, prioPost)
		} else {
			op := p.Tok.String()
			op = op[:len(op)-1] // += → +
			e.buf.replace(e.off(p.TokPos), e.off(p.TokPos)+len(p.Tok.String()), ", _ = "+xText+" "+op+" (")
			e.insertAt(p.Rhs[0].End(), "), "+lit, prioPost)
		}
	}
}

// edits returns the number of edits made so far, so that planning can tell
// whether a step inserted anything.
func (e *emitter) edits() int { return len(e.buf.edits) }

// spanCount renders the count of the formSpan access a.
func (a *acc) spanCount(rd *renderer) (string, bool) {
	switch {
	case a.countText != nil:
		return a.countText(rd)
	case a.count != nil:
		c, ok := rd.value(a.count)
		if !ok {
			return "", false
		}
		n := "len(" + c + ")"
		if a.countScale > 1 {
			n = strconv.Itoa(a.countScale) + "*" + n
		}
		return n, true
	}
	return strconv.Itoa(a.countLit), true
}
