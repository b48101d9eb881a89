package mhp

import "github.com/tpinstr/tpinstr/analysis/pst"

// NEP is the Never-Execute-in-Parallel relation of two leaves with its
// condition vectors (Definition 4.1 and Figure 2 of the MHP paper).
type NEP struct {
	// A is the lowest common ancestor of the two leaves (step 1).
	A *pst.Node
	// Loops are the common loops L1..Lk, outermost first.
	Loops []*pst.Node
	// Esc1 and Esc2 are async_S1 and async_S2 (steps 2 and 3): whether each
	// leaf may outlive the instance of A's child that contains it.
	Esc1, Esc2 escape
	// CS is the set of condition vectors: instances whose iteration numbers
	// satisfy one of them never execute in parallel.
	CS []Vector
}

// commonLoops returns the Loop nodes among a and its ancestors, outermost
// first: the common loops of two leaves whose LCA is a.
func commonLoops(a *pst.Node) []*pst.Node {
	var out []*pst.Node
	for n := a; n != nil; n = n.Parent {
		if n.Kind == pst.Loop {
			out = append(out, n)
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// NEP computes Figure 2 for leaves s1 and s2, with these changes, each
// needed for soundness:
//
//   - Steps 2-3 use out, which adds goroutines, closures and joined futures
//     to the paper's async/finish walk.
//   - Cases 2 and 3 (steps 5e, 5f) test "AS1 dominates AS2" in the paper;
//     after collapsing if/else into the PST, dominance does not order an
//     async spawned in a branch before a later statement, so the test here
//     is the order of AS1 and AS2 among A's children (siblings run in that
//     order within one instance of A), and it is not trusted when the
//     function contains a goto.
//   - Step 6 stops at L1 exclusive in the paper's text, but its Figure 1
//     result ⟨≠,*,*⟩ needs L1 itself, and it starts with seqloop = true
//     even when S1 or S2 escapes A: for `for { finish { async S1 }; async S2 }`
//     that would order S2 of one iteration before S1 of the next. Here a
//     loop Lx yields ⟨=..=,≠,*..*⟩ exactly when neither leaf may outlive an
//     iteration of Lx (out up to Lx, with the joins at Lx).
func (t *Tree) NEP(s1, s2 *pst.Node) NEP {
	a := pst.LCA(s1, s2)
	r := NEP{A: a, Loops: commonLoops(a)}
	k := len(r.Loops)
	r.Esc1 = t.out(s1, a, false)
	r.Esc2 = t.out(s2, a, false)
	if s1 != s2 {
		as1, as2 := pst.ChildToward(a, s1), pst.ChildToward(a, s2)
		flag := false
		switch e1, e2 := r.Esc1.esc != pst.EscNone, r.Esc2.esc != pst.EscNone; {
		case !e1 && !e2: // case 1
			flag = true
		case !e1 && e2: // case 2: S1 completes before S2's task is spawned
			flag = !t.HasGoto && as1.Index < as2.Index
		case e1 && !e2: // case 3
			flag = !t.HasGoto && as2.Index < as1.Index
		}
		if flag {
			r.CS = append(r.CS, allOf(k, Eq))
		}
	}
	for x, l := range r.Loops {
		if t.out(s1, l, true).esc != pst.EscNone || t.out(s2, l, true).esc != pst.EscNone {
			continue
		}
		v := make(Vector, k)
		for i := range v {
			switch {
			case i < x:
				v[i] = Eq
			case i == x:
				v[i] = Ne
			default:
				v[i] = Any
			}
		}
		r.CS = append(r.CS, v)
	}
	return r
}
