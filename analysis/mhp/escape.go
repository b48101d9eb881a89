package mhp

import (
	"github.com/tpinstr/tpinstr/analysis/pst"
)

// Tree is a PST with what the MHP queries precompute.
type Tree struct {
	*pst.Tree
	// joined marks the futures whose handle is certainly joined by a Get in
	// the future's parent node, later in the same instance (see joins).
	joined map[*pst.Node]bool
}

// NewTree prepares t for queries.
func NewTree(t *pst.Tree) *Tree {
	mt := &Tree{Tree: t, joined: map[*pst.Node]bool{}}
	mt.joins()
	return mt
}

// escape is the result of walking up from a node: whether it may still run
// after the instance of the node where the walk stopped is done, and the
// node responsible.
type escape struct {
	esc pst.Esc
	by  *pst.Node // the Async or Escape that made it escape
}

// out generalises steps 2 and 3 of Figure 2 (async_S): walking up from s to
// stop (exclusive), an async node makes s escape and a finish node joins
// it. Two Go extensions:
//
//   - an Escape node (goroutine, closure of unknown use) makes s escape for
//     good: no Finish joins it;
//   - a future joined by a Get in its parent (see joins) is joined when the
//     walk leaves that parent, as if the parent were a finish for the
//     future; with joinAtStop, this also applies at stop itself (used for
//     the iterations of a loop in step 6: a future joined in the loop body
//     is joined before the next iteration).
func (t *Tree) out(s, stop *pst.Node, joinAtStop bool) escape {
	var st, before escape
	var from *pst.Node
	for n := s; n != stop && n != nil; n = n.Parent {
		if from != nil && t.joined[from] {
			st = before
		}
		switch n.Kind {
		case pst.Async:
			before = st
			if st.esc != pst.EscDetached {
				st = escape{pst.EscAsync, n}
			}
		case pst.Escape:
			st = escape{pst.EscDetached, n}
		case pst.Finish:
			if st.esc != pst.EscDetached {
				st = escape{}
			}
		}
		from = n
	}
	if joinAtStop && from != nil && t.joined[from] {
		st = before
	}
	return st
}

// Isolated reports whether s runs inside an Isolated body of its own task:
// an Isolated ancestor reached before any Async or Escape (code spawned
// inside Isolated does not run inside it), or an effect a callee makes
// inside Isolated.
func Isolated(s *pst.Node) bool {
	if s.Access != nil && s.Access.Isolated {
		return true
	}
	for n := s.Parent; n != nil; n = n.Parent {
		switch n.Kind {
		case pst.Isolated:
			return true
		case pst.Async, pst.Escape:
			return false
		}
	}
	return false
}

// joins finds the futures that are joined in their parent: the handle is
// held by a variable assigned only by the NewFuture declaration, and a Get on
// it runs on every path through the parent after the future is created: it
// dominates (below), and no return, break, continue or goto of the same
// function body lies between the two. The future's task then cannot outlive
// that instance of the parent, which is what a finish around the future up
// to the Get would say.
func (t *Tree) joins() {
	// A goto may repeat the future without a loop node; deferred calls
	// may run during a panic that skipped the Get.
	if t.HasGoto || t.HasDefer {
		return
	}
	for _, f := range t.Futures {
		for _, g := range f.Future.Gets {
			ag := pst.ChildToward(f.Parent, g)
			if ag != nil && ag.Index > f.Index && dominates(g, f.Parent) && !t.exitBetween(f, g) {
				t.joined[f] = true
				break
			}
		}
	}
}

// exitBetween reports whether a return, break, continue or goto of g's
// function body is created after f and before g.
func (t *Tree) exitBetween(f, g *pst.Node) bool {
	for _, l := range t.Leaves {
		if l.Exit && l.Frame == g.Frame && f.Seq < l.Seq && l.Seq < g.Seq {
			return true
		}
	}
	return false
}

// dominates reports whether leaf g runs, in the task that runs b's
// children, whenever that flow gets past g's branch of b: g is built in the
// same function body as b's children (an early return from a nested body
// would skip g but not what follows), and no node from g up to b
// (exclusive) is conditional, a loop (which may run zero times) or a spawn.
// Early exits of that body skip what follows g too, so they do not matter
// to happensBefore; joins checks them.
func dominates(g, b *pst.Node) bool {
	if g.Frame != pst.ChildFrame(b) {
		return false
	}
	for n := g; n != b; n = n.Parent {
		if n == nil || n.Cond {
			return false
		}
		if n != g && (n.Kind == pst.Loop || n.Kind == pst.Async || n.Kind == pst.Escape) {
			return false
		}
	}
	return true
}
