package cgraph

import "math/bits"

// closure is the transitive closure of the graph as one bitset per step: bit
// u of anc[v] is set when u ≺ v (there is a path from u to v). Because step
// ids are a topological order, every ancestor of v has a lower id, so anc[v]
// needs only v bits and is final as soon as v exists: all of v's incoming
// edges are added when v is created. The closure is therefore extended step
// by step and never recomputed.
type closure struct {
	anc [][]uint64
}

// extend computes the ancestor sets of the steps added since the last call:
// anc[v] = ⋃ over edges u→v of anc[u] ∪ {u}.
func (c *closure) extend(preds [][]StepID) {
	for v := len(c.anc); v < len(preds); v++ {
		set := make([]uint64, (v+63)/64)
		for _, u := range preds[v] {
			for i, w := range c.anc[u] {
				set[i] |= w
			}
			set[u/64] |= 1 << (uint(u) % 64)
		}
		c.anc = append(c.anc, set)
	}
}

// precedes reports u ≺ v. Both must be covered by the closure.
func (c *closure) precedes(u, v StepID) bool {
	if u >= v || u < 0 {
		return false
	}
	return c.anc[v][u/64]&(1<<(uint(u)%64)) != 0
}

// ancestors returns the number of steps that precede v.
func (c *closure) ancestors(v StepID) int {
	n := 0
	for _, w := range c.anc[v] {
		n += bits.OnesCount64(w)
	}
	return n
}

// Precedes reports whether step u happens before step v (u ≺ v in the
// futures paper's Definition 2: a path from u to v). Unknown steps precede
// nothing.
func (g *Graph) Precedes(u, v StepID) bool {
	if u < 0 || v < 0 || int(u) >= len(g.steps) || int(v) >= len(g.steps) {
		return false
	}
	g.closure.extend(g.preds)
	return g.closure.precedes(u, v)
}

// Parallel reports whether two distinct steps are unordered (u ∥ v): they
// may run in parallel in some schedule.
func (g *Graph) Parallel(u, v StepID) bool {
	if u == v || u < 0 || v < 0 || int(u) >= len(g.steps) || int(v) >= len(g.steps) {
		return false
	}
	return !g.Precedes(u, v) && !g.Precedes(v, u)
}

// Ancestors returns how many steps happen before step v, or -1 for an
// unknown step.
func (g *Graph) Ancestors(v StepID) int {
	if v < 0 || int(v) >= len(g.steps) {
		return -1
	}
	g.closure.extend(g.preds)
	return g.closure.ancestors(v)
}
