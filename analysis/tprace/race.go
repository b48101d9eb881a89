package tprace

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/tpinstr/tpinstr/analysis/mhp"
	"github.com/tpinstr/tpinstr/analysis/pst"
)

// maxRacesPerFunc bounds the race reports of one function: past it, the
// first ones are what needs fixing.
const maxRacesPerFunc = 20

// races reports the conflicting pairs of accesses of one tree, one report
// per pair of positions and of the variables the code names there (the
// most severe pair when several accesses share them, as x++ reads and
// writes x, or as *p and the x it may point to are one access of the
// code).
func (c *checker) races(t *mhp.Tree) {
	if t.Asyncs == 0 {
		// Without tasks, only goroutines and closures of unknown use run
		// in parallel, and those are not reported (see throughEscape).
		return
	}
	type key struct {
		a, b         token.Pos
		rootA, rootB any
	}
	best := map[key]mhp.Conflict{}
	var order []key
	t.Conflicts(true, func(cf mhp.Conflict) bool {
		if throughEscape(cf.First, cf.Second) {
			return true
		}
		a, b := cf.First, cf.Second
		if b.Pos < a.Pos {
			a, b = b, a
			cf.First, cf.Second, cf.Witness = a, b, swap(cf.Witness)
		}
		k := key{a.Pos, b.Pos, writtenRoot(a), writtenRoot(b)}
		old, seen := best[k]
		if !seen {
			order = append(order, k)
		}
		if !seen || better(cf, old) {
			best[k] = cf
		}
		return len(order) <= maxRacesPerFunc*4
	})
	reported := 0
	for _, k := range order {
		if reported == maxRacesPerFunc {
			break
		}
		c.reportRace(best[k])
		reported++
	}
}

// swap exchanges the roles of the two leaves in a witness.
func swap(w mhp.Witness) mhp.Witness {
	w.Esc1, w.Esc2 = w.Esc2, w.Esc1
	w.Isolated1, w.Isolated2 = w.Isolated2, w.Isolated1
	return w
}

// throughEscape reports whether either leaf runs in a goroutine or a
// closure of unknown use below their common ancestor: such code is ordered
// by means the analysis does not see (channels, locks, the caller), and Go's
// race detector is the tool for it.
func throughEscape(a, b *pst.Node) bool {
	l := pst.LCA(a, b)
	for _, n := range []*pst.Node{a, b} {
		for p := n.Parent; p != nil && p != l; p = p.Parent {
			if p.Kind == pst.Escape {
				return true
			}
		}
	}
	return false
}

// writtenRoot identifies the variable the code names in an access: the
// root of its path, or for a location reached through an alias, the root
// of the path as written.
func writtenRoot(n *pst.Node) any {
	if w := n.Access.Written; w != nil {
		n = w
	}
	if g := n.Access.Path.Root.Global; g != "" {
		return g
	}
	return n.Access.Path.Root.Var
}

// aliased counts the leaves of a conflict that are reached through an
// alias: of two reports of one pair of accesses, the one that names what
// the code names is kept.
func aliased(cf mhp.Conflict) int {
	n := 0
	for _, l := range []*pst.Node{cf.First, cf.Second} {
		if l.Access.Written != nil {
			n++
		}
	}
	return n
}

// better reports whether cf makes a better report than old of one pair of
// positions (the effects of one call, say): first one whose locations are
// surely one (fewer indexes the analysis does not know), then one with more
// writes, then one that names what the code names.
func better(cf, old mhp.Conflict) bool {
	if v, w := vague(cf), vague(old); v != w {
		return v < w
	}
	if s, t := severity(cf), severity(old); s != t {
		return s > t
	}
	return aliased(cf) < aliased(old)
}

// vague counts the index steps of a conflict's two paths whose index is
// not a constant: each is a condition on the schedule or the data for the
// two accesses to meet, where a field or a constant element always meets.
func vague(cf mhp.Conflict) int {
	n := 0
	for _, l := range []*pst.Node{cf.First, cf.Second} {
		for _, st := range l.Access.Path.Steps {
			if st.Kind == pst.Index && !st.Const {
				n++
			}
		}
	}
	return n
}

func severity(cf mhp.Conflict) int {
	s := 0
	if cf.First.Access.Write {
		s++
	}
	if cf.Second.Access.Write {
		s++
	}
	return s
}

func (c *checker) reportRace(cf mhp.Conflict) {
	a, b := cf.First, cf.Second
	var msg string
	if a.Pos == b.Pos && a.Access.Write == b.Access.Write {
		msg = fmt.Sprintf("possible determinacy race on %s: %s may run in parallel with itself",
			a.Access.Path.Root.Name(), c.describe(a))
	} else {
		msg = fmt.Sprintf("possible determinacy race on %s: %s and %s may run in parallel",
			a.Access.Path.Root.Name(), c.describe(a), c.describe(b))
	}
	if why := c.reason(cf); why != "" {
		msg += ": " + why
	}
	// The other access is related information even when it is the same
	// code in another task or iteration, so that tools pairing the two
	// positions of a report see both.
	other := "the other access: " + c.describe(b)
	if b.Pos == a.Pos {
		other = "the other access, in another task: " + c.describe(b)
	}
	c.pass.Report(analysis.Diagnostic{
		Pos:      a.Pos,
		Category: CategoryRace,
		Message:  msg,
		Related:  []analysis.RelatedInformation{{Pos: b.Pos, Message: other}},
	})
}

// describe names one access: "the write of x at f.go:3:2", "the read of g
// at f.go:9:2 (in inc at lib.go:4:2)".
func (c *checker) describe(n *pst.Node) string {
	kind := "read"
	if n.Access.Write {
		kind = "write"
	}
	s := fmt.Sprintf("the %s of %s at %s", kind, n.Access.Path, c.where(n.Pos))
	if w := n.Access.Written; w != nil {
		s = fmt.Sprintf("the %s of %s through %s at %s", kind, n.Access.Path, w.Access.Path, c.where(n.Pos))
	}
	if v := n.Access.Via; v != nil {
		in := n.Access.In
		if in == "" {
			in = v.Name()
		}
		s += fmt.Sprintf(" (in %s at %s)", in, n.Access.Where)
	}
	return s
}

// reason explains the witness of a conflict in terms of the program.
func (c *checker) reason(cf mhp.Conflict) string {
	w := cf.Witness
	var why string
	if l := w.LoopApart(); l != nil {
		by := spawnBelow(cf.First, l)
		if by == nil {
			by = spawnBelow(cf.Second, l)
		}
		why = fmt.Sprintf("in different iterations of the %s at %s", l.Origin, c.where(l.Pos))
		switch {
		case by != nil && by.Pos == l.Pos:
			why += ", which run in parallel"
		case by != nil:
			why += fmt.Sprintf(", which overlap because of the %s at %s", by.Origin, c.where(by.Pos))
		}
	} else {
		e1, e2 := w.Escaper(true), w.Escaper(false)
		join := "the caller"
		for n := w.A; n != nil; n = n.Parent {
			if n.Kind == pst.Finish {
				join = fmt.Sprintf("the %s at %s", n.Origin, c.where(n.Pos))
				break
			}
		}
		kind := func(n *pst.Node) string {
			if n.Access.Write {
				return "write"
			}
			return "read"
		}
		switch {
		case e1 != nil && e2 != nil:
			why = fmt.Sprintf("both run in tasks (the %s at %s and the %s at %s) that only %s joins",
				e1.Origin, c.where(e1.Pos), e2.Origin, c.where(e2.Pos), join)
		case e1 != nil:
			why = fmt.Sprintf("the %s at %s, which makes the %s, is not joined (no Finish or Get) before the %s",
				e1.Origin, c.where(e1.Pos), kind(cf.First), kind(cf.Second))
		case e2 != nil:
			why = fmt.Sprintf("the %s at %s, which makes the %s, is not joined (no Finish or Get) before the %s",
				e2.Origin, c.where(e2.Pos), kind(cf.Second), kind(cf.First))
		}
	}
	if w.Isolated1 != w.Isolated2 {
		why += "; only one of them is inside Isolated"
	}
	return why
}

// spawnBelow returns the outermost Async or Escape between leaf n and loop
// l: what lets iterations of l overlap.
func spawnBelow(n, l *pst.Node) *pst.Node {
	var by *pst.Node
	for p := n.Parent; p != nil && p != l; p = p.Parent {
		if p.Kind == pst.Async || p.Kind == pst.Escape {
			by = p
		}
	}
	return by
}
