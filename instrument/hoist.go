package instrument

import (
	"go/ast"
	"go/token"
	"go/types"
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
	ast.Inspect(stmt, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BinaryExpr:
			if x.Op == token.LAND || x.Op == token.LOR {
				// Evaluated only sometimes: nothing after it may move.
				ast.Inspect(x.X, func(n ast.Node) bool { return h.visit(n) })
				h.points = append(h.points, nil)
				return false
			}
		}
		return h.visit(n)
	})
	return h
}

// visit records n if it is a side-effecting operand and says whether to look
// inside it.
func (h *hoister) visit(n ast.Node) bool {
	switch x := n.(type) {
	case *ast.FuncLit:
		return false
	case *ast.CallExpr:
		if tv, ok := h.r.info.Types[x.Fun]; ok && tv.IsType() {
			return true // a conversion
		}
		if b, ok := h.r.callee(x).(*types.Builtin); ok {
			switch b.Name() {
			case "len", "cap", "min", "max", "real", "imag", "complex":
				return true
			}
		}
		h.points = append(h.points, x)
		return false
	case *ast.UnaryExpr:
		if x.Op == token.ARROW {
			h.points = append(h.points, x)
			return false
		}
	}
	return true
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
	text := h.r.text(e)
	if strings.ContainsRune(text, '\n') {
		return rd.fail("side-effecting operand spans lines")
	}
	name := h.r.newTemp()
	h.temps[e] = name
	h.decls = append(h.decls, name+" := "+text)
	h.next++
	h.r.buf.replace(h.r.off(e.Pos()), h.r.off(e.End()), name)
	return name, true
}

// movable reports whether e can be cut from its place and evaluated
// before the statement: nothing inside it may be rewritten.
func (h *hoister) movable(e ast.Expr) bool {
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
			if k, _ := h.r.taskKind(x); k != "" {
				ok = false
			}
		case *ast.Ident:
			if h.r.isOSExit(x) {
				ok = false
			}
		}
		return ok
	})
	return ok
}
