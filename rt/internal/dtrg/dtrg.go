// Package dtrg implements the dynamic task reachability graph of Surendran
// and Sarkar, "Dynamic Determinacy Race Detection for Task Parallelism with
// Futures" (RV 2016), section 4.1 and Algorithms 1–7 and 10.
//
// The graph answers "does every step of task A executed so far precede the
// current step of task B?" for a program with async, finish and future that
// runs in serial depth-first order. It stores reachability per task, not per
// step:
//
//   - tasks joined into an ancestor by tree joins (finish, or a get by an
//     ancestor) share a disjoint set (union by rank, path compression);
//   - each set carries the interval label [pre, post] of its topmost task in
//     the spawn tree; a running task has a temporary post value counted down
//     from MaxInt, replaced when the task ends (Algorithms 1–3);
//   - a non-tree join (a get by a non-ancestor) is kept in the getter's set as
//     a non-tree predecessor, and every task remembers its lowest significant
//     ancestor, the lowest ancestor with a non-tree predecessor (Algorithm 2);
//   - Precede is Algorithm 10.
//
// Task ids are dense small integers chosen by the caller, starting at 1.
package dtrg

// Task is a task id. 0 means none.
type Task = uint32

const maxInt = ^uint32(0)

// Graph is a dynamic task reachability graph. The zero value is not ready:
// use New.
type Graph struct {
	// Per task.
	ds     []Task // disjoint-set forest parent (self at a root)
	rank   []uint8
	parent []Task // spawn-tree parent (Algorithm 2, S_C.parent)
	future []bool

	// Per set, valid at a set's root (the representative).
	pre, post []uint32
	lsa       []Task          // lowest significant ancestor of the set (a task; read through Find)
	nt        map[Task][]Task // non-tree predecessors of the set, for the few sets that have any
	size      []uint32        // tasks in the set

	dfid, tmpid uint32

	// Scratch for Precede's visited set: a task is visited when
	// visited[t] == gen.
	visited []uint32
	gen     uint32
	stack   []Task
}

// New returns an empty graph with room for about n tasks.
func New(n int) *Graph {
	g := &Graph{nt: map[Task][]Task{}}
	g.grow(n + 1)
	g.tmpid = maxInt
	return g
}

func (g *Graph) grow(n int) {
	for len(g.ds) < n {
		g.ds = append(g.ds, 0)
		g.rank = append(g.rank, 0)
		g.parent = append(g.parent, 0)
		g.future = append(g.future, false)
		g.pre = append(g.pre, 0)
		g.post = append(g.post, 0)
		g.lsa = append(g.lsa, 0)
		g.size = append(g.size, 0)
		g.visited = append(g.visited, 0)
	}
}

// Len returns one more than the largest task id the graph knows.
func (g *Graph) Len() int { return len(g.ds) }

// makeSet creates the singleton set of t with a fresh interval label:
// the next preorder number and the next temporary postorder number.
func (g *Graph) makeSet(t Task) {
	if int(t) >= len(g.ds) {
		g.grow(int(t) + 1 + len(g.ds)/2)
	}
	g.ds[t] = t
	g.rank[t] = 0
	g.size[t] = 1
	g.pre[t] = g.dfid
	g.dfid++
	g.post[t] = g.tmpid
	g.tmpid--
}

// Init creates the main task m (Algorithm 1).
func (g *Graph) Init(m Task) {
	g.makeSet(m)
	g.parent[m] = 0
	g.lsa[m] = 0
	g.future[m] = false
}

// Spawn records that task p creates task c, a future task when future is
// true (Algorithm 2). c's lowest significant ancestor is p if p's set has
// non-tree predecessors, else p's own.
func (g *Graph) Spawn(p, c Task, future bool) {
	g.makeSet(c)
	g.parent[c] = p
	g.future[c] = future
	sp := g.Find(p)
	if len(g.nt[sp]) == 0 {
		g.lsa[c] = g.lsa[sp]
	} else {
		g.lsa[c] = p
	}
}

// End records that task c returned (Algorithm 3): its set gets its final
// postorder number and the temporary number it used is released. Tasks end
// in the reverse order of their spawns, so temporary numbers are a stack.
func (g *Graph) End(c Task) {
	g.post[g.Find(c)] = g.dfid
	g.dfid++
	g.tmpid++
}

// IsFuture reports whether t is a future task.
func (g *Graph) IsFuture(t Task) bool { return g.future[t] }

// Parent returns t's parent in the spawn tree, or 0 for a main task.
func (g *Graph) Parent(t Task) Task { return g.parent[t] }

// Get records that task a performed get on the ended future task b
// (Algorithm 4): a tree join when a's set holds b's parent (every task on the
// spawn path from a to b has already joined a), a non-tree join otherwise.
func (g *Graph) Get(a, b Task) {
	sa := g.Find(a)
	if sa == g.Find(g.parent[b]) {
		g.Merge(a, b)
		return
	}
	if sa == g.Find(b) {
		return
	}
	for _, x := range g.nt[sa] {
		if x == b {
			return
		}
	}
	g.nt[sa] = append(g.nt[sa], b)
}

// Merge unites the sets of a and of its descendant b, keeping a's label,
// a's lowest significant ancestor, and the union of both sets' non-tree
// predecessors (Algorithm 7). End of finish (Algorithm 6) is a Merge of the
// finish's owner with each task the finish joins.
func (g *Graph) Merge(a, b Task) {
	ra, rb := g.Find(a), g.Find(b)
	if ra == rb {
		return
	}
	pre, post, lsa := g.pre[ra], g.post[ra], g.lsa[ra]
	nt := g.nt[ra]
	if ntb := g.nt[rb]; len(ntb) > 0 {
		nt = unionTasks(nt, ntb)
	}
	r := ra
	switch {
	case g.rank[ra] < g.rank[rb]:
		r = rb
		g.ds[ra] = rb
	case g.rank[ra] > g.rank[rb]:
		g.ds[rb] = ra
	default:
		g.ds[rb] = ra
		g.rank[ra]++
	}
	g.size[r] = g.size[ra] + g.size[rb]
	g.pre[r], g.post[r], g.lsa[r] = pre, post, lsa
	delete(g.nt, ra+rb-r)
	if len(nt) > 0 {
		g.nt[r] = nt
	}
}

// SetSize returns the number of tasks in t's set.
func (g *Graph) SetSize(t Task) uint32 { return g.size[g.Find(t)] }

func unionTasks(a, b []Task) []Task {
	out := append([]Task(nil), a...)
	for _, x := range b {
		dup := false
		for _, y := range a {
			if x == y {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, x)
		}
	}
	return out
}

// Find returns the representative of t's set, compressing the path.
func (g *Graph) Find(t Task) Task {
	r := t
	for g.ds[r] != r {
		r = g.ds[r]
	}
	for g.ds[t] != r {
		next := g.ds[t]
		g.ds[t] = r
		t = next
	}
	return r
}

// Precede reports whether task a must precede the current step of task b:
// whether there is a path in the computation graph from every step of a
// executed so far to b's current step (Algorithm 10, PRECEDE and VISIT).
// a == 0 (no task) precedes everything.
func (g *Graph) Precede(a, b Task) bool {
	if a == 0 || a == b {
		return true
	}
	sa := g.Find(a)
	if g.contains(sa, g.Find(b)) {
		return true
	}
	g.gen++
	if g.gen == 0 { // wrapped: clear the stamps
		for i := range g.visited {
			g.visited[i] = 0
		}
		g.gen = 1
	}
	return g.visit(sa, b)
}

// contains reports whether the interval label of set sa contains that of sb
// (VISIT, lines 9–14).
func (g *Graph) contains(sa, sb Task) bool {
	return g.pre[sa] <= g.pre[sb] && g.post[sa] >= g.post[sb]
}

// visit is VISIT of Algorithm 10 with sa = FIND-SET(A) precomputed and an
// explicit stack instead of recursion, so deep chains of non-tree joins
// cannot overflow the goroutine stack.
func (g *Graph) visit(sa, b Task) bool {
	stack := append(g.stack[:0], b)
	defer func() { g.stack = stack[:0] }()
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if g.visited[b] == g.gen { // lines 5–8
			continue
		}
		g.visited[b] = g.gen
		sb := g.Find(b)
		if g.contains(sa, sb) { // lines 9–14
			return true
		}
		if g.pre[sa] > g.pre[sb] { // lines 15–17
			continue
		}
		stack = append(stack, g.nt[sb]...) // lines 18–23
		for s := g.lsa[sb]; s != 0; {      // lines 24–33
			ss := g.Find(s)
			stack = append(stack, g.nt[ss]...)
			s = g.lsa[ss]
		}
	}
	return false
}
