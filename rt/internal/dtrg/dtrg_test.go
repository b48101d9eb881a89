package dtrg

import "testing"

// TestTable1 replays the computation graph of Figure 3 of Surendran and
// Sarkar up to step 11 and checks the labels of Table 1(a) and the
// reachability answers that follow from the figure.
func TestTable1(t *testing.T) {
	g := New(8)
	g.Init(0 + 1) // T0 is task 1 here; task k+1 is T_k
	T := func(k int) Task { return Task(k + 1) }
	g.Spawn(T(0), T(1), true)
	g.End(T(1))
	g.Spawn(T(0), T(2), true)
	g.End(T(2))
	g.Spawn(T(0), T(3), true)
	g.Get(T(3), T(2)) // non-tree joins: T2, T1 are not descendants of T3
	g.Get(T(3), T(1))
	g.Spawn(T(3), T(4), false)
	g.End(T(4))
	g.Spawn(T(3), T(5), false)
	g.Spawn(T(5), T(6), false)

	labels := []struct {
		task      Task
		pre, post uint32
		lsa       Task
	}{
		{T(0), 0, maxInt, 0},
		{T(1), 1, 2, 0},
		{T(2), 3, 4, 0},
		{T(3), 5, maxInt - 1, 0},
		{T(4), 6, 7, T(3)},
		{T(5), 8, maxInt - 2, T(3)},
		{T(6), 9, maxInt - 3, T(3)},
	}
	for _, l := range labels {
		s := g.Find(l.task)
		if g.rec(s).pre != l.pre || g.rec(s).post != l.post || g.rec(s).lsa != l.lsa {
			t.Errorf("task %d: label [%d,%d] lsa %d, want [%d,%d] lsa %d",
				l.task-1, g.rec(s).pre, g.rec(s).post, g.rec(s).lsa-1, l.pre, l.post, l.lsa-1)
		}
	}
	if got := len(g.ntOf(g.Find(T(3)))); got != 2 {
		t.Errorf("T3 has %d non-tree predecessors, want 2", got)
	}

	reach := []struct {
		a, b Task
		want bool
	}{
		{T(0), T(6), true},  // ancestor
		{T(1), T(6), true},  // T1 → T3 by a non-tree join, T3 an ancestor of T6
		{T(2), T(4), true},  // T4 was spawned after T3 joined T2
		{T(4), T(6), false}, // T4 ended but nothing joined it
		{T(6), T(1), false},
		{T(3), T(6), true},
		{T(5), T(6), true},
	}
	for _, r := range reach {
		if got := g.Precede(r.a, lastStep(g, r.a), r.b); got != r.want {
			t.Errorf("Precede(T%d, T%d) = %v, want %v", r.a-1, r.b-1, got, r.want)
		}
	}
}

// TestMergeKeepsAncestorLabel checks Algorithm 7: a merged set carries the
// label of the ancestor, whichever root union by rank picks.
func TestMergeKeepsAncestorLabel(t *testing.T) {
	g := New(4)
	g.Init(1)
	for c := Task(2); c <= 5; c++ {
		g.Spawn(1, c, false)
		g.End(c)
	}
	g.Merge(2, 3) // raise the rank of 2's set
	g.Merge(1, 2)
	g.Merge(1, 4)
	s := g.Find(4)
	if g.rec(s).pre != 0 || g.rec(s).post != maxInt {
		t.Fatalf("merged set label [%d,%d], want the root's [0,%d]", g.rec(s).pre, g.rec(s).post, maxInt)
	}
	p41, p51 := g.Precede(4, lastStep(g, 4), 1), g.Precede(5, lastStep(g, 5), 1)
	if !p41 || p51 {
		t.Fatalf("Precede after merge: 4→1 %v (want true), 5→1 %v (want false)", p41, p51)
	}
}

// lastStep returns the time of t's last step so far: its end if it ended,
// else now.
func lastStep(g *Graph, t Task) uint32 {
	if g.rec(t).tpost < g.tmpid {
		return g.rec(t).tpost
	}
	return g.Now()
}

// TestPrecedeStepWithin follows a chain of non-tree joins longer than the
// budget: the bounded search gives up undecided and remembers only that it
// did (never read as an answer), the unbounded one answers, and a short
// search within the budget decides.
func TestPrecedeStepWithin(t *testing.T) {
	g := New(8)
	g.Init(1)
	first := g.Step()
	// Futures 2..21, each getting the one before: 21 reaches back to 1's
	// first step only through twenty joins.
	for f := Task(2); f <= 21; f++ {
		g.Spawn(1, f, true)
		if f > 2 {
			g.Get(f, f-1)
		}
		if f == 2 {
			first = g.Step()
		}
		g.End(f)
	}
	g.Spawn(1, 22, true)
	g.Get(22, 21)
	if yes, decided := g.PrecedeStepWithin(first, 22, 5); decided {
		t.Fatalf("a search of 5 tasks decided (%v) about a step 20 joins back", yes)
	}
	// The search that gave up is remembered until the next join: asking
	// again within no larger budget searches nothing (no new search
	// generation), a larger budget searches again.
	gen := g.gen
	if yes, decided := g.PrecedeStepWithin(first, 22, 4); yes || decided {
		t.Fatalf("asked again: %v, decided %v; want the search that gave up", yes, decided)
	}
	if g.gen != gen {
		t.Fatalf("asked again within a smaller budget: searched the graph again")
	}
	if yes, decided := g.PrecedeStepWithin(first, 22, 6); yes || decided || g.gen == gen {
		t.Fatalf("a larger budget: %v, decided %v, searched %v; want a new search that gives up", yes, decided, g.gen != gen)
	}
	if !g.PrecedeStep(first, 22) {
		t.Fatal("the first future's step does not precede the last one")
	}
	if yes, decided := g.PrecedeStepWithin(first, 22, 5); !yes || !decided {
		t.Fatalf("after PrecedeStep: %v, decided %v; want the remembered answer", yes, decided)
	}
	near := g.Step()
	g.Spawn(22, 23, true)
	g.End(23)
	g.Get(22, 23)
	if yes, decided := g.PrecedeStepWithin(near, 22, 5); !yes || !decided {
		t.Fatalf("a step of the task itself: %v, decided %v", yes, decided)
	}
}
