package mhp

import (
	"github.com/tpinstr/tpinstr/analysis/pst"
)

// Conflict is a pair of accesses to possibly the same location, at least
// one a write, that may run in parallel.
type Conflict struct {
	// First and Second are Access leaves, First created first.
	First, Second *pst.Node
	Witness
}

// Conflicts calls each for every conflicting pair of access leaves of t
// whose locations have the same root variable.
//
// Two instances of a local variable are different variables: a pair of
// accesses is considered only for one instance of the variable, by forcing
// equal iteration numbers in the common loops around the variable's
// declaring node (pst.Node.Scope), and not at all when the two leaves
// access instances declared by different nodes (two inlined copies of a
// closure). For a path through a pointer this is an assumption, not a fact:
// two instances of a pointer variable may point to the same memory. With
// precise false, which pruning uses, it is made for direct paths only.
//
// Effects of one call are paired with each other too: one instance of the
// call makes them in order in one task (MHP says so), but two instances,
// in two iterations of a parallel loop for example, may not, and only the
// caller sees both instances (a helper fix(xs, i) that reads xs[i-1] and
// writes xs[i], called by each iteration of a ForAll).
//
// The pairs of one variable are quadratic in its accesses. With precise
// (reports), a variable's pairs stop after maxPairs; without (pruning), a
// variable with more than maxSoundGroup accesses yields one conflict of its
// first direct access with itself, with an empty witness, which keeps it
// from being pruned.
func (t *Tree) Conflicts(precise bool, each func(Conflict) bool) {
	groups := map[any][]*pst.Node{}
	var order []any
	for _, l := range t.Leaves {
		if l.Access == nil {
			continue
		}
		var key any = l.Access.Path.Root.Var
		if g := l.Access.Path.Root.Global; g != "" {
			key = g
		}
		if _, seen := groups[key]; !seen {
			order = append(order, key)
		}
		groups[key] = append(groups[key], l)
	}
	for _, key := range order {
		g := groups[key]
		if !hasWrite(g) {
			continue
		}
		if !precise && len(g) > maxSoundGroup {
			for _, l := range g {
				if l.Access.Path.Direct() {
					if !each(Conflict{First: l, Second: l}) {
						return
					}
					break
				}
			}
			continue
		}
		pairs := 0
	pairs:
		for i, a := range g {
			for _, b := range g[i:] {
				if pairs++; precise && pairs > maxPairs {
					break pairs
				}
				if !a.Access.Write && !b.Access.Write {
					continue
				}
				w, ok := t.conflict(a, b, precise)
				if ok && !each(Conflict{First: a, Second: b, Witness: w}) {
					return
				}
			}
		}
	}
}

const (
	maxPairs      = 200000
	maxSoundGroup = 4000
)

func hasWrite(g []*pst.Node) bool {
	for _, l := range g {
		if l.Access.Write {
			return true
		}
	}
	return false
}

// conflict decides one pair of access leaves with the same root.
func (t *Tree) conflict(a, b *pst.Node, precise bool) (Witness, bool) {
	ov := pst.Overlaps(a.Access.Path, b.Access.Path)
	if !ov.May {
		return Witness{}, false
	}
	same := map[*pst.Node]bool{}
	for _, l := range ov.Same {
		same[l] = true
	}
	pa, pb := a.Access.Path, b.Access.Path
	if pa.Root.Global == "" && (precise || (pa.Direct() && pb.Direct())) && a.Scope != nil && b.Scope != nil {
		if a.Scope != b.Scope {
			return Witness{}, false
		}
		for n := a.Scope; n != nil; n = n.Parent {
			if n.Kind == pst.Loop {
				same[n] = true
			}
		}
	}
	return t.Parallel(a, b, same)
}
