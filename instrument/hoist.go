package instrument

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"
)

// hoister evaluates side-effecting operands of a statement once, into
// temporaries declared just before it, so that a hook can name the location
// the statement accesses. To keep the order of evaluation, only the side
// effects of the statement that come first, in the order Go evaluates them
// (calls and receives, left to right), are hoisted, each as a whole.
type hoister struct {
	r      *fileRewriter
	points []ast.Expr // side-effecting operands in evaluation order
	next   int        // points[:next] are hoisted
	temps  map[ast.Expr]string
	decls  []string // `_tpinstr_tN := e` in order
}

// newHoister prepares hoisting for the operands of stmt.
func newHoister(r *fileRewriter, stmt ast.Node) *hoister {
	h := &hoister{r: r, temps: map[ast.Expr]string{}}
	h.walk(stmt)
	return h
}

// walk records the side-effecting operands under n in the order Go
// evaluates them: the operands of a call (and its function value) before
// the call itself, left to right. The right operand of && or || is
// evaluated only sometimes: a nil point stops hoisting there.
func (h *hoister) walk(n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BinaryExpr:
			if x.Op == token.LAND || x.Op == token.LOR {
				h.walk(x.X)
				h.points = append(h.points, nil)
				return false
			}
		case *ast.CallExpr:
			if tv, ok := h.r.info.Types[x.Fun]; ok && tv.IsType() {
				return true // a conversion
			}
			if b, ok := h.r.facts.callee(x).(*types.Builtin); ok {
				switch b.Name() {
				case "len", "cap", "min", "max", "real", "imag", "complex":
					return true
				}
			}
			h.walk(x.Fun)
			for _, a := range x.Args {
				h.walk(a)
			}
			h.points = append(h.points, x)
			return false
		case *ast.UnaryExpr:
			if x.Op == token.ARROW {
				h.walk(x.X)
				h.points = append(h.points, x)
				return false
			}
		}
		return true
	})
}

// hoistedName returns the temporary that holds e, if e was hoisted.
func (rd *renderer) hoistedName(e ast.Expr) (string, bool) {
	if rd.hoist == nil {
		return "", false
	}
	name, ok := rd.hoist.temps[e]
	return name, ok
}

// hoistOrFail hoists the side-effecting operand e if it is the next one
// the statement evaluates, and fails otherwise.
func (rd *renderer) hoistOrFail(e ast.Expr) (string, bool) {
	h := rd.hoist
	if h == nil {
		return rd.fail("side-effecting operand")
	}
	if h.next >= len(h.points) || h.points[h.next] != e {
		return rd.fail("side-effecting operand out of order")
	}
	if !h.movable(e) {
		return rd.fail("side-effecting operand too complex to move")
	}
	if tuple, ok := h.r.info.TypeOf(e).(*types.Tuple); ok && tuple.Len() != 1 {
		return rd.fail("side-effecting operand too complex to move")
	}
	text := h.textWithTemps(e)
	if strings.ContainsRune(text, '\n') {
		return rd.fail("side-effecting operand spans lines")
	}
	name := h.r.newTemp()
	h.temps[e] = name
	h.decls = append(h.decls, name+" := "+text)
	h.next++
	h.r.replaceNode(e, name)
	return name, true
}

// textWithTemps returns the source of e with the operands hoisted before
// it replaced by their temporaries.
func (h *hoister) textWithTemps(e ast.Expr) string {
	type sub struct {
		start, end int
		name       string
	}
	var subs []sub
	for n, name := range h.temps {
		if n.Pos() >= e.Pos() && n.End() <= e.End() {
			subs = append(subs, sub{h.r.off(n.Pos()), h.r.off(n.End()), name})
		}
	}
	sort.Slice(subs, func(i, j int) bool { return subs[i].start < subs[j].start })
	var b strings.Builder
	pos := h.r.off(e.Pos())
	for _, s := range subs {
		if s.start < pos {
			continue
		}
		b.Write(h.r.src[pos:s.start])
		b.WriteString(s.name)
		pos = s.end
	}
	b.Write(h.r.src[pos:h.r.off(e.End())])
	return b.String()
}

// movable reports whether e can be cut from its place and evaluated
// before the statement: nothing inside it may be rewritten.
func (h *hoister) movable(e ast.Expr) bool {
	if !h.r.cfg.NoPlainGo && h.r.rewritesInside(e) {
		return false // a receive or synchronisation call is rewritten in place
	}
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			ok = false
		case *ast.BinaryExpr:
			if x.Op == token.LAND || x.Op == token.LOR {
				ok = false
			}
		case *ast.CallExpr:
			if k, _ := h.r.facts.taskKind(x); k != "" {
				ok = false
			}
		case *ast.Ident:
			if h.r.facts.isOSExit(x) {
				ok = false
			}
		}
		return ok
	})
	return ok
}
