package mhp

import "github.com/tpinstr/tpinstr/analysis/pst"

// futureOrders implements the Get rule for futures, which the MHP paper
// leaves to future work: a leaf s1 that the body of future F runs (not in a
// task F spawns and leaves running) never runs in parallel with a leaf s2
// that a Get of F's handle happens-before, for instances with equal
// iteration numbers in every common loop.
//
// Soundness: the handle variable h is assigned only by the declaration that
// calls NewFuture (pst.Future.Var), so within one instance of h's declaring
// node there is one future and every Get on h waits for it. G happens before
// s2 when, below B = LCA(G, s2), G's branch precedes s2's and G runs on every
// path through B's instance (dominates). Equal iteration numbers in the
// common loops of s1 and s2 place both in one instance of h's declaring node
// (the common loops include every loop around it, and G, under that node,
// has no loop between it and B). A goto could repeat code without a loop
// node, and a panic skipping the Get runs deferred calls: the rule is off
// with goto and never orders deferred calls.
func (t *Tree) futureOrders(s1, s2 *pst.Node) bool {
	if t.HasGoto || inDeferred(s2) {
		return false
	}
	for f := s1.Parent; f != nil; f = f.Parent {
		if f.Kind != pst.Async || f.Future == nil || (f.Future.Var == nil && f.Future.Slot == nil) {
			continue
		}
		if t.out(s1, f, false).esc != pst.EscNone {
			continue
		}
		if f.Future.Var != nil && t.completedBefore(f, s2, 0) {
			return true
		}
		if f.Future.Slot != nil && t.slotGotBefore(f, s2) {
			return true
		}
	}
	return false
}

// slotGotBefore reports whether future f, stored in an element of a slice
// by each iteration of a loop L1 (pst.Slot), has been got before leaf s2
// starts: a later loop L2 gets the element chosen by its own iteration
// variable in every iteration (the Get dominates L2's body and no break,
// continue or return precedes it), L2's iterations cover L1's (L2 ranges
// over the slice itself, whose length bounds every index L1 stored, or
// both have constant bounds and L2's contain L1's), L1 precedes L2 and L2
// happens before s2. The futures got in any order — fs[n-1] first — are
// all got when L2 ends.
//
// Soundness: within one instance of the slice's declaring node, the only
// store into its elements is L1's, distinct iterations store into distinct
// elements (distinct values of the iteration variable, or of the value of
// a range over a slice whose elements are distinct keys of one map: see
// pst.Slot), and the slice is
// never reassigned nor handed to code that could store into it
// (pst.Future.Slot). In the instance of L1 and L2 where s2 runs (equal
// iterations of every common loop, which the rule's vector requires), L2
// then waits for every future L1 created. As for completedBefore, goto
// and deferred code turn the rule off (futureOrders).
func (t *Tree) slotGotBefore(f, s2 *pst.Node) bool {
	s := f.Future.Slot
	for _, g := range f.Future.SlotGets {
		l2 := g.Get.Loop
		if l2 == nil || l2 == s.Loop || pst.IsAncestor(l2, s.Loop) || pst.IsAncestor(s.Loop, l2) {
			continue
		}
		covers := l2.Over == s.Array ||
			(s.Loop.IterBounded && l2.IterBounded && l2.IterLo <= s.Loop.IterLo && s.Loop.IterHi <= l2.IterHi)
		if !covers || !dominates(g, l2) || t.exitBetween(l2, g) {
			continue
		}
		b := pst.LCA(s.Loop, l2)
		a1, a2 := pst.ChildToward(b, s.Loop), pst.ChildToward(b, l2)
		if a1 == nil || a2 == nil || a1.Index >= a2.Index {
			continue
		}
		if happensBefore(l2, s2) {
			return true
		}
	}
	return false
}

// maxGetChain bounds the chains of futures completedBefore follows.
const maxGetChain = 4

// completedBefore reports whether the body of future f has returned before
// leaf s2 starts: a Get on f's handle happens before s2, or a Get on it runs
// on every path through the body of another future f2 (it dominates the
// body and no early exit of that body precedes it), and f2 has completed
// before s2, transitively. The second case is the non-tree join of the
// futures paper: b's body done before c's, c's before what follows c.Get().
// The argument for equal iteration numbers carries over: f2's body reads
// f's handle, so f2 lies in the scope of f's variable, and a Get on f2 that
// happens before s2 fixes the instance of both.
func (t *Tree) completedBefore(f, s2 *pst.Node, depth int) bool {
	for _, g := range f.Future.Gets {
		if happensBefore(g, s2) {
			return true
		}
		if depth == maxGetChain {
			continue
		}
		f2 := enclosingFuture(g)
		if f2 == nil || f2 == f || f2.Future.Var == nil || !dominates(g, f2) || t.exitBetween(f2, g) {
			continue
		}
		if t.completedBefore(f2, s2, depth+1) {
			return true
		}
	}
	return false
}

// enclosingFuture returns the future whose body g is built in.
func enclosingFuture(g *pst.Node) *pst.Node {
	if f := g.Frame; f != nil && f.Kind == pst.Async && f.Future != nil {
		return f
	}
	return nil
}

// happensBefore reports whether leaf g completes before leaf s2 starts in
// every instance of their LCA where s2 runs.
func happensBefore(g, s2 *pst.Node) bool {
	if g == s2 {
		return false
	}
	b := pst.LCA(g, s2)
	ag, as2 := pst.ChildToward(b, g), pst.ChildToward(b, s2)
	return ag != nil && as2 != nil && ag.Index < as2.Index && dominates(g, b)
}

// inDeferred reports whether n is part of a body's deferred calls.
func inDeferred(n *pst.Node) bool {
	for ; n != nil; n = n.Parent {
		if n.Deferred {
			return true
		}
	}
	return false
}
