package instrument

import (
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
	if !r.facts.isElemOf(a.loc, c.t, c.key) {
		return coverNone
	}
	if c.flag == "" {
		return coverDrop
	}
	a.fallback = c.flag
	return coverGuard
}
