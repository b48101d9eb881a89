package tprace

import (
	"go/token"

	"github.com/tpinstr/tpinstr/analysis/mhp"
	"github.com/tpinstr/tpinstr/analysis/pst"
)

// emptyFinishes notes the Finish calls of a tree whose body certainly
// spawns nothing that the Finish joins; report sends the note once every
// tree is done, for the calls that were empty in every copy (a closure
// inlined at several uses has one copy per use).
func (c *checker) emptyFinishes(t *mhp.Tree) {
	if c.finishEmpty == nil {
		c.finishEmpty = map[token.Pos]bool{}
	}
	pst.Walk(t.Root, func(n *pst.Node) bool {
		if n.Kind == pst.Finish && n.Op == pst.OpFinish {
			empty, seen := c.finishEmpty[n.Pos]
			c.finishEmpty[n.Pos] = (empty || !seen) && spawnsNothing(n)
			if !seen {
				c.finishOrder = append(c.finishOrder, n.Pos)
			}
		}
		return true
	})
}

// spawnsNothing reports whether nothing in the subtree of a Finish may
// spawn a task joined by it: no Async outside nested Finish nodes, no
// Escape (code of unknown use, which may spawn with a captured handle), no
// use of a function parameter (unknown code).
func spawnsNothing(f *pst.Node) bool {
	ok := true
	var walk func(n *pst.Node, nested bool)
	walk = func(n *pst.Node, nested bool) {
		for _, ch := range n.Children {
			switch {
			case ch.Kind == pst.Async && !nested, ch.Kind == pst.Escape, ch.Use != nil:
				ok = false
			case ch.Kind == pst.Finish:
				walk(ch, true)
			default:
				walk(ch, nested)
			}
		}
	}
	walk(f, false)
	return ok
}

func (c *checker) reportEmptyFinishes() {
	for _, pos := range c.finishOrder {
		if c.finishEmpty[pos] {
			c.report(pos, CategoryEmptyFinish, "Finish body spawns no task: the Finish waits for nothing and can be removed")
		}
	}
}
