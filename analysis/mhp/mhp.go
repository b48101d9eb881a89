package mhp

import "github.com/tpinstr/tpinstr/analysis/pst"

// MHP is the May-Happen-in-Parallel relation of two leaves: the vectors of
// NEP, those of place equivalence for two isolated leaves (Figure 7), and
// that of the future rule.
type MHP struct {
	NEP
	// Isolated1 and Isolated2 tell whether each leaf runs inside Isolated.
	Isolated1, Isolated2 bool
	// Future is set when the Get rule ordered the leaves.
	Future bool
	// CS is the union of all vectors: a pair of instances satisfying one of
	// them never runs in parallel.
	CS []Vector
}

// MHP computes Figure 7 for leaves s1 and s2. Go has a single place, so the
// place-equivalence analysis of Figure 6 answers PE(S1, S2) = true with
// ⟨*, ..., *⟩ for every pair (step 4a: V(S1) = V(S2)): two Isolated bodies
// never run in parallel, whatever the iterations. The future rule
// (futureOrders) adds ⟨=, ..., =⟩ when it applies in either direction.
func (t *Tree) MHP(s1, s2 *pst.Node) MHP {
	r := MHP{NEP: t.NEP(s1, s2), Isolated1: Isolated(s1), Isolated2: Isolated(s2)}
	k := len(r.Loops)
	r.CS = append(r.CS, r.NEP.CS...)
	if r.Isolated1 && r.Isolated2 {
		r.CS = append(r.CS, allOf(k, Any))
	}
	if s1 != s2 && (t.futureOrders(s1, s2) || t.futureOrders(s2, s1)) {
		r.Future = true
		r.CS = append(r.CS, allOf(k, Eq))
	}
	return r
}

// Witness explains why two leaves may run in parallel: the MHP result and
// an assignment of relations to the common loops that no vector covers.
type Witness struct {
	MHP
	Assignment []Rel
}

// Parallel reports whether some instances of s1 and s2 may run in parallel.
// same lists common loops whose iteration numbers must be equal for the two
// instances to matter (for example, an access indexed by the loop's
// iteration variable, or a variable declared inside the loop).
func (t *Tree) Parallel(s1, s2 *pst.Node, same map[*pst.Node]bool) (Witness, bool) {
	r := t.MHP(s1, s2)
	forced := make([]bool, len(r.Loops))
	for i, l := range r.Loops {
		forced[i] = same[l]
	}
	// A leaf paired with itself in the same iterations is one instance,
	// unless a goto may repeat it.
	a, ok := uncovered(len(r.Loops), r.CS, forced, s1 == s2 && !t.HasGoto)
	return Witness{MHP: r, Assignment: a}, ok
}

// Escaper returns the Async or Escape node that lets leaf s outlive its
// branch of the LCA in w, nil if none (for messages).
func (w Witness) Escaper(first bool) *pst.Node {
	if first {
		return w.Esc1.by
	}
	return w.Esc2.by
}

// LoopApart returns the first common loop whose iterations the witness
// takes as different, nil if it takes equal iterations everywhere.
func (w Witness) LoopApart() *pst.Node {
	for i, r := range w.Assignment {
		if r == Ne {
			return w.Loops[i]
		}
	}
	return nil
}
