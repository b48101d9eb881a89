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
//   - Precede is Algorithm 10, corrected as described on Precede.
//
// Task ids are dense small integers chosen by the caller, starting at 1.
package dtrg

// Task is a task id. 0 means none.
type Task = uint32

const maxInt = ^uint32(0)

// Graph is a dynamic task reachability graph. The zero value is not ready:
// use New.
type Graph struct {
	// The records of the tasks, by id, in chunks of recChunk that never
	// move: a run of many tasks grows the graph without copying it (and
	// without the garbage of the copies), and a task's fields share a
	// cache line.
	recs [][]taskRec
	n    int // records in use: one more than the largest task id

	ntLists [][]ntEdge // non-tree joins into a set; few sets have any, so tasks carry an index, not a slice
	ntFree  []uint32   // unused indexes of ntLists

	dfid, tmpid uint32
	futures     int // future tasks created

	// Scratch for Precede's visited set: a task is visited when its
	// record's visited == gen.
	gen   uint32
	stack []target

	steps   [][]stepInfo // by Step, from base, in chunks (steps.go)
	nsteps  int          // the steps numbered so far
	base    Step         // the first step of the graph; smaller ones are Before it
	cur     Step         // the running task's step, once numbered
	next    stepInfo     // the running task's step, while pending
	pending bool         // the running task's step has no number yet
	live    Step         // cur while it is the running task's step; 0 while a step is pending, and once a newer graph replaced this one (Live)

	ans answers // remembered answers of PrecedeStep
}

// ntEdge is a non-tree join: task getter got the ended future from at time
// at.
// taskRec is what the graph knows of one task and, when the task is the
// representative of a disjoint set, of its set.
type taskRec struct {
	// Of the task.
	ds     Task // disjoint-set forest parent (self at a root)
	parent Task // spawn-tree parent (Algorithm 2, S_C.parent)
	tpre   uint32
	tpost  uint32 // the task's own interval label (the set's is in pre, post)
	joined Task   // the top of the set this task's set was merged into, when the task was a set's top
	joinAt uint32 // the time of that merge

	// Of the set, valid at its root (the representative).
	pre, post uint32
	lsa       Task   // lowest significant ancestor of the set (a task; read through Find)
	top       Task   // the task of the set closest to the root of the spawn tree
	ntIdx     uint32 // the index in ntLists of its non-tree joins, 0 for none
	size      uint32 // tasks in the set

	visited uint32 // Precede's stamp
	rank    uint8
	future  bool
	_       [6]byte // to 64 bytes: a record is one cache line of its chunk
}

// recChunk is the number of task records in a chunk.
const recChunk = 1 << 12

// rec returns the record of task t.
func (g *Graph) rec(t Task) *taskRec { return &g.recs[t/recChunk][t%recChunk] }

type ntEdge struct {
	from, getter Task
	at           uint32
}

// target is a step to reach in Precede's search: the step that task t ran
// at time at.
type target struct {
	t  Task
	at uint32
}

// New returns an empty graph with room for about n tasks.
func New(n int) *Graph {
	g := &Graph{ans: newAnswers(), base: 1}
	g.grow(n + 1)
	g.tmpid = maxInt
	return g
}

// NewAfter returns an empty graph, with room for about n tasks, that goes
// on from prev: its steps are numbered after prev's, so that steps that
// callers recorded with prev stay distinct from the new graph's, and count
// as preceding all of them (Before). A caller replaces a graph this way
// when every task so far has joined the running one, so that every step
// so far precedes every later one, and the tasks' memory can be dropped.
func NewAfter(prev *Graph, n int) *Graph {
	g := New(n)
	g.base = prev.base + Step(prev.nsteps)
	prev.live = 0
	return g
}

func (g *Graph) grow(n int) {
	for len(g.recs)*recChunk < n {
		g.recs = append(g.recs, make([]taskRec, recChunk))
	}
	g.n = max(g.n, n)
}

// Len returns one more than the largest task id the graph knows.
func (g *Graph) Len() int { return g.n }

// makeSet creates the singleton set of t with a fresh interval label:
// the next preorder number and the next temporary postorder number.
func (g *Graph) makeSet(t Task) {
	if int(t) >= g.n {
		g.grow(int(t) + 1)
	}
	g.rec(t).ds = t
	g.rec(t).rank = 0
	g.rec(t).size = 1
	g.rec(t).top = t
	g.rec(t).joined = 0
	g.setNT(t, nil)
	g.rec(t).pre = g.dfid
	g.rec(t).tpre = g.dfid
	g.dfid++
	g.rec(t).post = g.tmpid
	g.rec(t).tpost = g.tmpid
	g.tmpid--
}

// Now returns the current time: the number of task creations and
// terminations so far (dfid in the paper). Callers stamp each access with
// it, since Precede asks about the steps of a task up to a time.
func (g *Graph) Now() uint32 { return g.dfid }

// Init creates the main task m (Algorithm 1).
func (g *Graph) Init(m Task) {
	g.makeSet(m)
	g.rec(m).parent = 0
	g.rec(m).lsa = 0
	g.rec(m).future = false
	g.newStep(m)
}

// Spawn records that task p creates task c, a future task when future is
// true (Algorithm 2). c's lowest significant ancestor is p if p's set has
// non-tree predecessors, else p's own.
func (g *Graph) Spawn(p, c Task, future bool) {
	g.makeSet(c)
	g.rec(c).parent = p
	g.rec(c).future = future
	if future {
		g.futures++
	}
	sp := g.Find(p)
	if len(g.ntOf(sp)) == 0 {
		g.rec(c).lsa = g.rec(sp).lsa
	} else {
		g.rec(c).lsa = p
	}
	g.newStep(c)
}

// End records that task c returned (Algorithm 3): its set gets its final
// postorder number and the temporary number it used is released. Tasks end
// in the reverse order of their spawns, so temporary numbers are a stack.
func (g *Graph) End(c Task) {
	g.rec(g.Find(c)).post = g.dfid
	g.rec(c).tpost = g.dfid
	g.dfid++
	g.tmpid++
	g.newStep(g.rec(c).parent)
}

// EndTime returns the time at which the ended task t ran its last step:
// Now as it was when End(t) was called, for Precede.
func (g *Graph) EndTime(t Task) uint32 { return g.rec(t).tpost }

// SpawnTime returns the time at which task c was spawned: Now as it was
// in its parent's step that spawned it, for Precede.
func (g *Graph) SpawnTime(c Task) uint32 { return g.rec(c).tpre }

// Futures returns the number of future tasks created so far.
func (g *Graph) Futures() int { return g.futures }

// IsFuture reports whether t is a future task.
func (g *Graph) IsFuture(t Task) bool { return g.rec(t).future }

// Parent returns t's parent in the spawn tree, or 0 for a main task.
func (g *Graph) Parent(t Task) Task { return g.rec(t).parent }

// Get records that task a performed get on the ended future task b
// (Algorithm 4): a tree join when a's set holds b's parent (every task on the
// spawn path from a to b has already joined a), a non-tree join otherwise.
func (g *Graph) Get(a, b Task) {
	g.ans.join()
	sa := g.Find(a)
	if sa == g.Find(g.rec(b).parent) {
		g.Merge(a, b)
		return
	}
	if sa == g.Find(b) {
		return
	}
	g.setNT(sa, append(g.ntOf(sa), ntEdge{from: b, getter: a, at: g.dfid}))
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
	g.ans.join()
	pre, post, lsa, top := g.rec(ra).pre, g.rec(ra).post, g.rec(ra).lsa, g.rec(ra).top
	g.rec(g.rec(rb).top).joined = top
	g.rec(g.rec(rb).top).joinAt = g.dfid
	// The union of the non-tree predecessors appends the shorter list to
	// the longer one in place: the merged-away set's list is dropped below,
	// so no other set shares the storage, and a set that absorbs many others
	// (the root at the end of a Run) copies each edge O(log n) times
	// instead of once per merge.
	nt, ntb := g.ntOf(ra), g.ntOf(rb)
	if len(nt) < len(ntb) {
		nt, ntb = ntb, nt
	}
	nt = append(nt, ntb...)
	r := ra
	switch {
	case g.rec(ra).rank < g.rec(rb).rank:
		r = rb
		g.rec(ra).ds = rb
	case g.rec(ra).rank > g.rec(rb).rank:
		g.rec(rb).ds = ra
	default:
		g.rec(rb).ds = ra
		g.rec(ra).rank++
	}
	g.rec(r).size = g.rec(ra).size + g.rec(rb).size
	g.rec(r).pre, g.rec(r).post, g.rec(r).lsa, g.rec(r).top = pre, post, lsa, top
	g.setNT(ra+rb-r, nil)
	g.setNT(r, nt)
}

// ntOf returns the non-tree joins into the set whose representative is s.
func (g *Graph) ntOf(s Task) []ntEdge {
	if i := g.rec(s).ntIdx; i != 0 {
		return g.ntLists[i]
	}
	return nil
}

// setNT makes list the non-tree joins into the set whose representative
// is s.
func (g *Graph) setNT(s Task, list []ntEdge) {
	i := g.rec(s).ntIdx
	switch {
	case len(list) == 0 && i != 0:
		g.ntLists[i] = nil
		g.ntFree = append(g.ntFree, i)
		g.rec(s).ntIdx = 0
	case len(list) == 0:
	case i != 0:
		g.ntLists[i] = list
	default:
		if n := len(g.ntFree); n > 0 {
			i = g.ntFree[n-1]
			g.ntFree = g.ntFree[:n-1]
		} else {
			if len(g.ntLists) == 0 {
				g.ntLists = append(g.ntLists, nil) // index 0 means none
			}
			g.ntLists = append(g.ntLists, nil)
			i = uint32(len(g.ntLists) - 1)
		}
		g.ntLists[i] = list
		g.rec(s).ntIdx = i
	}
}

// SetSize returns the number of tasks in t's set.
func (g *Graph) SetSize(t Task) uint32 { return g.rec(g.Find(t)).size }

// Find returns the representative of t's set, compressing the path.
func (g *Graph) Find(t Task) Task {
	r := t
	for g.rec(r).ds != r {
		r = g.rec(r).ds
	}
	for g.rec(t).ds != r {
		next := g.rec(t).ds
		g.rec(t).ds = r
		t = next
	}
	return r
}
