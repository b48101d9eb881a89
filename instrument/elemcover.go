package instrument

import (
	"go/ast"
	"go/token"
	"go/types"
)

// elemCover leaves out, inside a loop body, the hooks of the accesses of
// t[x] (x the index expression whose key is key) and of its parts that a
// range hook before the loop stands for (rangehooks.go): reads and writes
// when it is a write, reads when it is a read. With a flag, the hooks stay
// behind !flag, for the loops whose range hooks did not run.
type elemCover struct {
	start, end token.Pos
	t          *types.Var
	key        string
	write      bool
	flag       string
}

func (c *elemCover) scope() (token.Pos, token.Pos) { return c.start, c.end }

func (c *elemCover) apply(r *fileRewriter, a *acc) coverFate {
	if a.form != formAddr || (a.write && !c.write) {
		return coverNone
	}
	if !r.isElemOf(a.loc, c.t, c.key) {
		return coverNone
	}
	if c.flag == "" {
		return coverDrop
	}
	a.fallback = c.flag
	return coverGuard
}

// isElemOf reports whether the location e is t[x], for an index expression
// x whose key is key, or a field or array element of it (at any depth).
func (r *fileRewriter) isElemOf(e ast.Expr, t *types.Var, key string) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			s := r.info.Selections[x]
			if s == nil || s.Kind() != types.FieldVal || s.Indirect() {
				return false
			}
			if _, isPtr := coreType(r.info.TypeOf(x.X)).(*types.Pointer); isPtr {
				return false
			}
			e = x.X
		case *ast.IndexExpr:
			if r.variable(ast.Unparen(x.X)) == t {
				kb := &keyBuilder{r: r}
				kb.value(x.Index)
				if !kb.failed && kb.b.String() == key {
					return true
				}
			}
			if !isArray(r.info.TypeOf(x.X)) {
				return false
			}
			e = x.X
		default:
			return false
		}
	}
}
