package dtrg

// Precede reports whether the step that task a ran at time at (a time
// returned by Now while a was running) precedes the current step of the
// running task b: whether the computation graph has a path between them.
// a == 0 (no task) precedes everything.
//
// This is PRECEDE and VISIT of Algorithm 10 with two corrections, each found
// by comparing the algorithm with the computation-graph oracle on random
// programs (rt/internal/detect's property test):
//
//   - Lines 15–17 (stop when A's preorder number exceeds B's) are dropped: a
//     task can get a future spawned by one of its own descendants before that
//     descendant joined it, a non-tree join whose source has the larger
//     preorder number.
//   - VISIT follows non-tree joins into ended tasks, and there the current
//     labels answer the wrong question: that A's set contains an ended task
//     x only says that A (or a task joined to A by now) is x's ancestor, not
//     that A's step ran before x was spawned, nor that the join happened
//     before x ended. VISIT therefore asks about a step at a time: the source
//     step (a, at) reaches the step of a task x running at time τ when
//     at ≤ τ and the task that a had been joined into by time τ (following
//     the merges, each stamped with its time) is x or an ancestor of x; and a
//     non-tree join (y → getter at time γ) leads into that step when γ ≤ τ
//     and the getter, joined up to time τ, is x or an ancestor of x. While x
//     runs, its ancestors are suspended on the path to it, so such a merge
//     or get happened before the path was spawned. The candidates are still
//     the paper's: the non-tree joins of x's set and of its significant
//     ancestors' sets.
func (g *Graph) Precede(a Task, at uint32, b Task) bool {
	if a == 0 || a == b {
		return true
	}
	return g.precede(a, at, b)
}

// PrecedeStep reports whether step s precedes the current step of the
// running task b: Precede for the task and time of s; true for a step
// Before the graph. Answers are remembered (see answers), so asking again
// about the same step and task costs one table lookup: a program whose
// tasks read what a few others wrote searches the graph once per pair, not
// once per access.
func (g *Graph) PrecedeStep(s Step, b Task) bool {
	if s < g.base {
		return true // none, or Before the graph
	}
	sl := g.ans.slot(s, b)
	if sl.key == key(s, b) && (sl.epoch == 0 || sl.epoch == g.ans.epoch) {
		return sl.epoch == 0
	}
	si := g.info(s)
	yes := g.Precede(si.task, si.at, b)
	g.ans.store(s, b, yes) // an earlier step of b itself too, for Known
	return yes
}

// Known reports whether a remembered answer says that PrecedeStep(s, b)
// is true, without searching the graph. Callers check for steps Before the
// graph and the current step themselves; Known stays small enough to be
// inlined into the detector's fast paths.
func (g *Graph) Known(s Step, b Task) bool {
	sl := g.ans.slot(s, b)
	return sl.key == key(s, b) && sl.epoch == 0
}

// KnownNot reports whether a remembered answer says that PrecedeStep(s, b)
// is false. Like Known, it never searches the graph.
func (g *Graph) KnownNot(s Step, b Task) bool {
	sl := g.ans.slot(s, b)
	return sl.key == key(s, b) && sl.epoch == g.ans.epoch
}

// precede is Precede for a task other than b.
func (g *Graph) precede(a Task, at uint32, b Task) bool {
	yes, _ := g.precedeWithin(a, at, b, 0)
	return yes
}

// precedeWithin is precede, giving up (decided false) once the search has
// visited more than budget tasks; a budget of 0 is no limit.
func (g *Graph) precedeWithin(a Task, at uint32, b Task, budget int) (yes, decided bool) {
	if g.contains(g.Find(a), g.Find(b)) {
		return true, true
	}
	g.gen++
	if g.gen == 0 { // wrapped: clear the stamps
		for _, c := range g.recs {
			for i := range c {
				c[i].visited = 0
			}
		}
		g.gen = 1
	}
	return g.visit(a, at, b, budget)
}

// PrecedeWithin is Precede, giving up (decided false) once the search has
// visited more than budget tasks (0: no limit).
func (g *Graph) PrecedeWithin(a Task, at uint32, b Task, budget int) (yes, decided bool) {
	if a == 0 || a == b {
		return true, true
	}
	return g.precedeWithin(a, at, b, budget)
}

// PrecedeStepWithin is PrecedeStep for callers that can do without an
// answer that costs a long search: it searches at most budget tasks and
// reports whether it decided. A decided answer is remembered as
// PrecedeStep's are, and so is a search that gave up, until the next join
// (answers.given): asking again about the pair within no larger budget
// gives up at once, where a stencil's halo would search again for every
// word its neighbour read. The detector prunes reader sets with it (a reader
// kept although it precedes is still a real access), so that a location
// every task reads does not cost a search of the whole run per reader.
func (g *Graph) PrecedeStepWithin(s Step, b Task, budget int) (yes, decided bool) {
	if s < g.base {
		return true, true
	}
	sl := g.ans.slot(s, b)
	if sl.key == key(s, b) && (sl.epoch == 0 || sl.epoch == g.ans.epoch) {
		return sl.epoch == 0, true
	}
	if budget > 0 && g.ans.gaveUpBefore(s, b, budget) {
		return false, false
	}
	si := g.info(s)
	a, at := si.task, si.at
	if a == 0 || a == b {
		yes, decided = true, true
	} else {
		yes, decided = g.precedeWithin(a, at, b, budget)
	}
	switch {
	case decided:
		g.ans.store(s, b, yes)
	case budget > 0:
		g.ans.storeGaveUp(s, b, budget)
	}
	return yes, decided
}

// contains reports whether the interval label of set sa contains that of sb
// (VISIT, lines 9–14).
func (g *Graph) contains(sa, sb Task) bool {
	return g.rec(sa).pre <= g.rec(sb).pre && g.rec(sa).post >= g.rec(sb).post
}

// ancestorOrSelf reports whether task t is x or an ancestor of x in the
// spawn tree, by the tasks' own interval labels.
func (g *Graph) ancestorOrSelf(t, x Task) bool {
	return g.rec(t).tpre <= g.rec(x).tpre && g.rec(t).tpost >= g.rec(x).tpost
}

// topAt returns the task that t had been joined into by time τ: the top of
// t's disjoint set as it was then.
func (g *Graph) topAt(t Task, τ uint32) Task {
	for g.rec(t).joined != 0 && g.rec(t).joinAt <= τ {
		t = g.rec(t).joined
	}
	return t
}

// visit searches backwards from the current step of b through non-tree
// joins for the step (a, at), breadth first: a step that precedes b is
// usually the source of one of b's own joins or close to it (a stencil
// task reads what the tasks it got wrote), and a depth-first search would
// first walk the whole past it can reach, which grows with the run (a
// Jacobi sweep's worth of tasks per query). The queue is explicit, so long
// chains of non-tree joins cannot overflow the goroutine stack.
func (g *Graph) visit(a Task, at uint32, b Task, budget int) (yes, decided bool) {
	queue := append(g.stack[:0], target{b, g.dfid})
	defer func() { g.stack = queue[:0] }()
	for head := 0; head < len(queue); head++ {
		x := queue[head]
		if g.rec(x.t).visited == g.gen {
			continue
		}
		if budget > 0 && head >= budget {
			return false, false
		}
		g.rec(x.t).visited = g.gen
		if at > x.at {
			continue // a's step ran after x's
		}
		if g.ancestorOrSelf(g.topAt(a, x.at), x.t) {
			return true, true
		}
		// A join leads back only from a future that ended at or after a's
		// step (else the pop would skip it, as above): only joins whose
		// future ended in [at, x.at] are pushed.
		push := func(s Task) {
			for _, e := range g.ntOf(s) {
				if e.at <= x.at && g.rec(e.from).tpost >= at && g.ancestorOrSelf(g.topAt(e.getter, x.at), x.t) {
					queue = append(queue, target{e.from, g.rec(e.from).tpost})
				}
			}
		}
		sx := g.Find(x.t)
		push(sx)
		for s := g.rec(sx).lsa; s != 0; {
			ss := g.Find(s)
			push(ss)
			s = g.rec(ss).lsa
		}
	}
	return false, true
}
