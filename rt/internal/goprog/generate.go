package goprog

import "math/rand/v2"

// Size bounds the programs Generate makes.
type Size struct {
	Goroutines int // at most this many goroutines, goroutine 1 included (at least 2)
	Sync       int // about this many synchronisation operations, as written
	Vars       int // shared variables
	Accesses   int // at most this many accesses per goroutine
	// Sections adds the idiom of a counter under a mutex, with commuting
	// sections (Section), to those Generate places.
	Sections bool
	// RW adds the idioms of an RWMutex to those Generate places: read
	// and write sections of it in several goroutines, and, with Sections,
	// a counter under an RWMutex, updated in commuting write sections
	// (RWSection) and read in read sections.
	RW bool
	// Pools adds the idiom of a pool of workers (Pool) to those Generate
	// places.
	Pools bool
	// SyncPools adds the idiom of a sync.Pool (PoolPut, PoolGet):
	// goroutines Put fresh objects, sometimes writing them after the Put,
	// and others Get, use, and sometimes Put back (and write after that)
	// an object or a new one.
	SyncPools bool
	// Sleeps adds sleeps of 1 to 3 ms (Sleep) at random positions, after
	// the rest is placed (the programs of a seed are otherwise those
	// without).
	Sleeps bool
}

// Generate makes a random program: goroutines spawned by goroutine 1 or by
// one another, synchronised by a few idioms placed at random positions
// (a WaitGroup of workers, a future or a stream on a channel of capacity
// 0, 1 or 2, closed or not, a done channel, a pipeline, sections of a
// mutex, a Once, a select of two channels, receiving or sending, an atomic
// counter that goroutines add to and one loads, and, with Size.RW, read
// and write sections of an RWMutex), with reads and writes of the shared
// variables in between.
// Random positions make misuse too: a Wait before the Adds, a receive
// before the go statement of its sender, a send nobody receives; some of
// these programs deadlock in some or every interleaving, and some panic in
// some (the oracle says which).
func Generate(r *rand.Rand, sz Size) Program {
	g := &gen{r: r, vars: sz.Vars, sections: sz.Sections, rw: sz.RW, pools: sz.Pools, syncPools: sz.SyncPools}
	n := 2 + r.IntN(max(1, sz.Goroutines-1))
	g.bodies = make([][]Op, n)
	g.parent = make([]int, n)
	for i := 1; i < n; i++ {
		g.parent[i] = 0
		if i > 1 && r.IntN(3) == 0 {
			g.parent[i] = 1 + r.IntN(i-1)
		}
	}
	sync := 0
	for tries := 0; sync < sz.Sync && tries < 20; tries++ {
		sync += g.pattern()
	}
	// Accesses, at random positions, sometimes inside bodies.
	for i := range g.bodies {
		for k := r.IntN(sz.Accesses + 1); k > 0; k-- {
			op := Op{Kind: Read, Var: r.IntN(sz.Vars)}
			if r.IntN(2) == 0 {
				op.Kind = Write
			}
			g.bodies[i] = g.insertDeep(g.bodies[i], op)
		}
	}
	// Go statements, children after parents, at random positions.
	for i := n - 1; i >= 1; i-- {
		p := g.parent[i]
		op := Op{Kind: Go, Body: g.bodies[i]}
		if r.IntN(4) != 0 {
			// Mostly early: a go statement after the operations its
			// goroutine would let go on makes a deadlock.
			g.bodies[p] = append([]Op{op}, g.bodies[p]...)
		} else {
			g.bodies[p] = g.insert(g.bodies[p], op)
		}
	}
	if sz.Sleeps {
		for k := 1 + r.IntN(3); k > 0; k-- {
			// Into the body of any goroutine, loop, Once or case.
			lists := bodyLists(&g.bodies[0], nil)
			l := lists[r.IntN(len(lists))]
			*l = g.insert(*l, Op{Kind: Sleep, N: 1 + r.IntN(3)})
		}
	}
	p := Program{Vars: sz.Vars + g.objs, Chans: g.chans, WGs: g.wgs, Mutexes: g.mutexes, Onces: g.onces, RWMutexes: g.rws, SyncPools: g.nsyncPools, Main: g.bodies[0]}
	site := 0
	numberSites(p.Main, &site)
	return p
}

func numberSites(ops []Op, site *int) {
	for i := range ops {
		*site++
		ops[i].Site = *site
		numberSites(ops[i].Body, site)
		numberSites(ops[i].Else, site)
	}
}

type gen struct {
	r       *rand.Rand
	bodies  [][]Op // goroutine bodies without their go statements
	parent  []int
	chans   []int
	wgs     int
	mutexes int
	onces   int
	rws     int
	vars    int

	sections bool
	rw       bool
	pools    bool

	syncPools  bool
	nsyncPools int // the sync.Pools placed
	objs       int // the objects of PoolPuts, variables after the shared ones
}

// bodyLists appends to out the list *ops and every body list nested in
// it (of go statements, loops, Onces and select cases).
func bodyLists(ops *[]Op, out []*[]Op) []*[]Op {
	out = append(out, ops)
	for i := range *ops {
		o := &(*ops)[i]
		if len(o.Body) > 0 {
			out = bodyLists(&o.Body, out)
		}
		if len(o.Else) > 0 {
			out = bodyLists(&o.Else, out)
		}
	}
	return out
}

func (g *gen) insert(ops []Op, op Op) []Op {
	i := g.r.IntN(len(ops) + 1)
	return append(ops[:i:i], append([]Op{op}, ops[i:]...)...)
}

// insertDeep inserts op at a random position, sometimes inside the body
// of a loop, a Once or a select case.
func (g *gen) insertDeep(ops []Op, op Op) []Op {
	var inner []int
	for i, o := range ops {
		if o.Kind == Range || o.Kind == OnceDo || o.Kind == Select {
			inner = append(inner, i)
		}
	}
	if len(inner) > 0 && g.r.IntN(2) == 0 {
		i := inner[g.r.IntN(len(inner))]
		if ops[i].Kind == Select && g.r.IntN(2) == 0 {
			ops[i].Else = g.insert(ops[i].Else, op)
		} else {
			ops[i].Body = g.insert(ops[i].Body, op)
		}
		return ops
	}
	return g.insert(ops, op)
}

// insertAfter inserts op at a random position after position i (of the op
// inserted last), returning the new list.
func (g *gen) insertAfter(ops []Op, i int, op Op) []Op {
	j := i + 1 + g.r.IntN(len(ops)-i)
	return append(ops[:j:j], append([]Op{op}, ops[j:]...)...)
}

func (g *gen) pick() int { return g.r.IntN(len(g.bodies)) }

func (g *gen) other(a int) int {
	b := g.r.IntN(len(g.bodies) - 1)
	if b >= a {
		b++
	}
	return b
}

func (g *gen) newChan() int {
	g.chans = append(g.chans, []int{0, 0, 1, 2}[g.r.IntN(4)])
	return len(g.chans) - 1
}

// pattern places one idiom and returns how many synchronisation
// operations it wrote.
func (g *gen) pattern() int {
	r := g.r
	if g.pools && r.IntN(3) == 0 {
		return g.pool()
	}
	if g.syncPools && g.nsyncPools == 0 && r.IntN(2) == 0 {
		return g.syncPool()
	}
	if g.rw && r.IntN(3) == 0 {
		switch {
		case g.sections && r.IntN(2) == 0:
			return g.rwCounter()
		case r.IntN(3) == 0:
			return g.rwHandoff()
		}
		return g.rwSections()
	}
	n := 10
	if g.sections {
		n = 13 // the counter under a mutex, three times as often as another idiom
	}
	switch r.IntN(n) {
	case 10, 11, 12:
		return g.counter()
	case 9: // An atomic counter: goroutines add to it (or, rarely, or into it), one or two load it.
		v := r.IntN(g.vars)
		n := 0
		for i := range g.bodies {
			if r.IntN(2) == 0 {
				for k := 1 + r.IntN(2); k > 0; k-- {
					g.bodies[i] = g.insert(g.bodies[i], Op{Kind: AtomicAdd, Var: v})
					n++
				}
			}
		}
		if n == 0 {
			b := g.pick()
			g.bodies[b] = g.insert(g.bodies[b], Op{Kind: AtomicAdd, Var: v})
			n++
		}
		if r.IntN(4) == 0 {
			b := g.pick()
			g.bodies[b] = g.insert(g.bodies[b], Op{Kind: AtomicOr, Var: v})
			n++
		}
		if r.IntN(2) == 0 {
			// One Load, or two (which order nothing between them).
			for k := 1 + r.IntN(2); k > 0; k-- {
				b := g.pick()
				g.bodies[b] = g.insert(g.bodies[b], Op{Kind: AtomicLoad, Var: v})
				n++
			}
		}
		return n
	case 7: // A done channel: one goroutine closes it, others wait for it.
		c := g.newChan()
		closer := g.pick()
		g.bodies[closer] = g.insert(g.bodies[closer], Op{Kind: Close, Obj: c})
		n := 1
		for i := range g.bodies {
			if i != closer && r.IntN(2) == 0 {
				g.bodies[i] = g.insert(g.bodies[i], Op{Kind: Recv, Obj: c})
				n++
			}
		}
		return n
	case 8: // A pipeline: a producer, a stage that ranges and forwards, a consumer.
		if len(g.bodies) < 3 {
			return 0
		}
		c1, c2 := g.newChan(), g.newChan()
		perm := r.Perm(len(g.bodies))
		prod, stage, cons := perm[0], perm[1], perm[2]
		n := 1 + r.IntN(2)
		for range n {
			g.bodies[prod] = append(g.bodies[prod], Op{Kind: Send, Obj: c1})
		}
		g.bodies[prod] = append(g.bodies[prod], Op{Kind: Close, Obj: c1})
		g.bodies[stage] = g.insert(g.bodies[stage], Op{Kind: Range, Obj: c1, Body: []Op{{Kind: Send, Obj: c2}}})
		g.bodies[stage] = append(g.bodies[stage], Op{Kind: Close, Obj: c2})
		g.bodies[cons] = g.insert(g.bodies[cons], Op{Kind: Range, Obj: c2})
		return 2*n + 5
	case 0: // WaitGroup: workers Done, a waiter Waits.
		w := g.wgs
		g.wgs++
		waiter := 0
		if r.IntN(4) == 0 {
			waiter = g.pick()
		}
		var workers []int
		for i := range g.bodies {
			if i != waiter && r.IntN(3) != 0 {
				workers = append(workers, i)
			}
		}
		if len(workers) == 0 {
			workers = []int{g.other(waiter)}
		}
		n := 0
		if r.IntN(2) == 0 {
			g.bodies[waiter] = g.insert(g.bodies[waiter], Op{Kind: Add, Obj: w, N: len(workers)})
			n++
		}
		for _, k := range workers {
			if n == 0 || r.IntN(5) == 0 {
				// The worker adds for itself (a misuse unless it happens
				// before the Wait).
				g.bodies[k] = append([]Op{{Kind: Add, Obj: w, N: 1}}, g.bodies[k]...)
				n++
			}
			g.bodies[k] = append(g.bodies[k], Op{Kind: Done, Obj: w})
		}
		g.bodies[waiter] = append(g.bodies[waiter], Op{Kind: Wait, Obj: w})
		if r.IntN(3) == 0 {
			// A second goroutine waits too.
			o := g.other(waiter)
			g.bodies[o] = g.insert(g.bodies[o], Op{Kind: Wait, Obj: w})
			n++
		}
		return n + len(workers) + 1
	case 1, 2: // A future or a stream: one sender, one receiver.
		c := g.newChan()
		s := g.pick()
		rc := g.other(s)
		n := 1 + r.IntN(2)
		for range n {
			g.bodies[s] = g.insert(g.bodies[s], Op{Kind: Send, Obj: c})
		}
		ops := n
		if r.IntN(2) == 0 {
			g.bodies[s] = append(g.bodies[s], Op{Kind: Close, Obj: c})
			ops++
			if r.IntN(2) == 0 {
				g.bodies[rc] = g.insert(g.bodies[rc], Op{Kind: Range, Obj: c})
				return ops + 1
			}
		}
		if r.IntN(6) == 0 {
			n += r.IntN(2)*2 - 1 // one receive too many or too few
		}
		for range n {
			g.bodies[rc] = g.insert(g.bodies[rc], Op{Kind: Recv, Obj: c})
		}
		return ops + n
	case 3: // Two senders or two receivers on one channel.
		c := g.newChan()
		a := g.pick()
		b := g.other(a)
		rc := g.pick()
		if r.IntN(2) == 0 {
			a, rc = rc, a // one sender, two receivers
			g.bodies[a] = g.insert(g.bodies[a], Op{Kind: Send, Obj: c})
			g.bodies[a] = g.insert(g.bodies[a], Op{Kind: Send, Obj: c})
			g.bodies[rc] = g.insert(g.bodies[rc], Op{Kind: Recv, Obj: c})
			g.bodies[b] = g.insert(g.bodies[b], Op{Kind: Recv, Obj: c})
			return 4
		}
		g.bodies[a] = g.insert(g.bodies[a], Op{Kind: Send, Obj: c})
		g.bodies[b] = g.insert(g.bodies[b], Op{Kind: Send, Obj: c})
		g.bodies[rc] = g.insert(g.bodies[rc], Op{Kind: Recv, Obj: c})
		g.bodies[rc] = g.insert(g.bodies[rc], Op{Kind: Recv, Obj: c})
		return 4
	case 4: // Sections of a mutex in one or two goroutines.
		m := g.mutexes
		g.mutexes++
		n := 0
		for k := 1 + r.IntN(2); k > 0; k-- {
			b := g.pick()
			if hasLock(g.bodies[b], m) {
				continue
			}
			ops := g.bodies[b]
			i := r.IntN(len(ops) + 1)
			ops = append(ops[:i:i], append([]Op{{Kind: Lock, Obj: m}}, ops[i:]...)...)
			g.bodies[b] = g.insertAfter(ops, i, Op{Kind: Unlock, Obj: m})
			n += 2
		}
		return n
	case 5: // A Once called by one or two goroutines.
		o := g.onces
		g.onces++
		k := 1 + r.IntN(2)
		for range k {
			b := g.pick()
			g.bodies[b] = g.insert(g.bodies[b], Op{Kind: OnceDo, Obj: o})
		}
		return k
	default: // A select of two channels of capacity 1, one value each.
		a, b := len(g.chans), len(g.chans)+1
		g.chans = append(g.chans, 1, 1)
		rc := g.pick()
		if r.IntN(3) == 0 {
			// The second case sends, on a channel of capacity 0 or 1
			// that another goroutine may receive from.
			g.chans[b] = r.IntN(2)
			g.bodies[rc] = g.insert(g.bodies[rc], Op{Kind: Select, Obj: a, Obj2: b, Sends: 2})
			sa := g.other(rc)
			g.bodies[sa] = g.insert(g.bodies[sa], Op{Kind: Send, Obj: a})
			if r.IntN(2) == 0 {
				o := g.other(rc)
				g.bodies[o] = g.insert(g.bodies[o], Op{Kind: Recv, Obj: b})
			}
			return 3
		}
		g.bodies[rc] = g.insert(g.bodies[rc], Op{Kind: Select, Obj: a, Obj2: b})
		sa, sb := g.other(rc), g.pick()
		g.bodies[sa] = g.insert(g.bodies[sa], Op{Kind: Send, Obj: a})
		g.bodies[sb] = g.insert(g.bodies[sb], Op{Kind: Send, Obj: b})
		return 3
	}
}

// counter places a counter under a mutex: goroutines update a variable in
// commuting sections of the mutex (Section), and, at random, one makes a
// section of the other class on it, one makes another section of the
// mutex that reads or writes the variable, one updates the variable under
// another mutex, or with an atomic Add.
func (g *gen) counter() int {
	r := g.r
	m := g.mutexes
	g.mutexes++
	v := r.IntN(g.vars)
	n := 0
	section := func(b, m, v, class int) {
		g.bodies[b] = g.insert(g.bodies[b], Op{Kind: Section, Obj: m, Var: v, N: class})
		n++
	}
	for i := range g.bodies {
		if r.IntN(2) == 0 {
			for k := 1 + r.IntN(2); k > 0; k-- {
				section(i, m, v, 1)
			}
		}
	}
	if n < 2 {
		a := g.pick()
		section(a, m, v, 1)
		section(g.other(a), m, v, 1)
	}
	if r.IntN(4) == 0 {
		section(g.pick(), m, v, 3)
	}
	if r.IntN(4) == 0 {
		// A section of the same mutex updating another variable.
		section(g.pick(), m, r.IntN(g.vars), 1)
	}
	if r.IntN(3) == 0 {
		// Another section of the mutex, which reads or writes the
		// variable.
		b := g.pick()
		kind := Read
		if r.IntN(2) == 0 {
			kind = Write
		}
		ops := g.bodies[b]
		i := r.IntN(len(ops) + 1)
		sec := []Op{{Kind: Lock, Obj: m}, {Kind: kind, Var: v}, {Kind: Unlock, Obj: m}}
		g.bodies[b] = append(ops[:i:i], append(sec, ops[i:]...)...)
		n += 2
	}
	if r.IntN(8) == 0 {
		// The variable updated under another mutex too.
		m2 := g.mutexes
		g.mutexes++
		section(g.pick(), m2, v, 1)
	}
	if r.IntN(8) == 0 {
		b := g.pick()
		g.bodies[b] = g.insert(g.bodies[b], Op{Kind: AtomicAdd, Var: v})
		n++
	}
	if r.IntN(3) == 0 {
		// The variable is a map, and the sections of class 1 insert
		// into it under keys of their own or shared (class 6).
		g.toInserts(m, v)
	}
	return n
}

// toInserts turns the class 1 sections of mutex m on variable v into
// inserts (class 6) under keys 0 to 2, at random.
func (g *gen) toInserts(m, v int) {
	var walk func(ops []Op)
	walk = func(ops []Op) {
		for i := range ops {
			o := &ops[i]
			if o.Kind == Section && o.Obj == m && o.Var == v && o.N == 1 {
				o.N, o.Obj2 = 6, g.r.IntN(3)
			}
			walk(o.Body)
			walk(o.Else)
		}
	}
	for _, b := range g.bodies {
		walk(b)
	}
}

func hasLock(ops []Op, m int) bool {
	for _, o := range ops {
		if o.Kind == Lock && o.Obj == m {
			return true
		}
	}
	return false
}

// rwSections places sections of a new RWMutex in one to three goroutines,
// mostly read sections, some reading a variable, and write sections, some
// writing one.
func (g *gen) rwSections() int {
	r := g.r
	m := g.rws
	g.rws++
	v := r.IntN(g.vars)
	n := 0
	for k := 1 + r.IntN(3); k > 0; k-- {
		var body []Op
		lock, unlock, access := RLock, RUnlock, Read
		if r.IntN(3) == 0 {
			lock, unlock, access = WLock, WUnlock, Write
		}
		if r.IntN(2) == 0 {
			body = []Op{{Kind: access, Var: v}}
		}
		g.rwSection(g.pick(), m, lock, unlock, body)
		n += 2
	}
	return n
}

// rwHandoff places two read sections of a new RWMutex that pass a value
// on a channel, and a write section: a Lock that waits for the first
// reader bars the second (package sync's writer preference), which
// deadlocks in some interleavings when the two readers are in different
// goroutines.
func (g *gen) rwHandoff() int {
	if len(g.bodies) < 3 {
		return 0
	}
	m := g.rws
	g.rws++
	c := g.newChan()
	perm := g.r.Perm(len(g.bodies))
	g.rwSection(perm[0], m, RLock, RUnlock, []Op{{Kind: Recv, Obj: c}})
	g.rwSection(perm[1], m, RLock, RUnlock, []Op{{Kind: Send, Obj: c}})
	g.rwSection(perm[2], m, WLock, WUnlock, nil)
	return 8
}

// rwCounter places a counter under an RWMutex: goroutines update a
// variable in commuting write sections (RWSection) and read it in read
// sections, and, at random, one makes a section of another class, one
// writes the variable in a write section, or one updates it under a
// Mutex.
func (g *gen) rwCounter() int {
	r := g.r
	m := g.rws
	g.rws++
	v := r.IntN(g.vars)
	n := 0
	section := func(b, class int) {
		// Outside the goroutine's read sections of m, which it would
		// wait for.
		ops := g.bodies[b]
		free := rwFree(ops, m)
		i := free[g.r.IntN(len(free))]
		g.bodies[b] = append(ops[:i:i], append([]Op{{Kind: RWSection, Obj: m, Var: v, N: class}}, ops[i:]...)...)
		n++
	}
	for i := range g.bodies {
		if r.IntN(2) == 0 {
			section(i, 1)
		}
	}
	if n < 2 {
		a := g.pick()
		section(a, 1)
		section(g.other(a), 1)
	}
	if r.IntN(4) == 0 {
		section(g.pick(), 3)
	}
	for k := r.IntN(3); k > 0; k-- {
		g.rwSection(g.pick(), m, RLock, RUnlock, []Op{{Kind: Read, Var: v}})
		n += 2
	}
	if r.IntN(4) == 0 {
		g.rwSection(g.pick(), m, WLock, WUnlock, []Op{{Kind: Write, Var: v}})
		n += 2
	}
	if r.IntN(8) == 0 {
		m2 := g.mutexes
		g.mutexes++
		b := g.pick()
		g.bodies[b] = g.insert(g.bodies[b], Op{Kind: Section, Obj: m2, Var: v, N: 1})
		n++
	}
	return n
}

// rwSection places a section of RWMutex m (lock, then body, then unlock)
// in goroutine b, outside its other sections of m: the lock at a random
// position, the unlock at a random position after the body, before the
// next section of m (a goroutine that locked m waits for itself in its
// next Lock or RLock of it).
func (g *gen) rwSection(b, m int, lock, unlock Kind, body []Op) {
	ops := g.bodies[b]
	free := rwFree(ops, m)
	i := free[g.r.IntN(len(free))]
	end := i // the unlock goes before ops[j] for some j in [i, end]
	for end < len(ops) && !(ops[end].Obj == m && (ops[end].Kind == RLock || ops[end].Kind == WLock || ops[end].Kind == RWSection)) {
		end++
	}
	j := i + g.r.IntN(end-i+1)
	out := make([]Op, 0, len(ops)+len(body)+2)
	out = append(out, ops[:i]...)
	out = append(out, Op{Kind: lock, Obj: m})
	out = append(out, body...)
	out = append(out, ops[i:j]...)
	out = append(out, Op{Kind: unlock, Obj: m})
	out = append(out, ops[j:]...)
	g.bodies[b] = out
}

// rwFree returns the positions in ops outside the sections of RWMutex m:
// i such that an operation inserted before ops[i] (or at the end, for
// len(ops)) does not hold m.
func rwFree(ops []Op, m int) []int {
	var free []int
	depth := 0
	for i := 0; i <= len(ops); i++ {
		if depth == 0 {
			free = append(free, i)
		}
		if i < len(ops) && ops[i].Obj == m {
			switch ops[i].Kind {
			case RLock, WLock:
				depth++
			case RUnlock, WUnlock:
				depth--
			}
		}
	}
	return free
}

// pool places a pool of two or three workers (Pool) that a goroutine
// starts, after adding them to a WaitGroup that it (or, at times, another
// goroutine) waits for; their loop bodies read and write the variables;
// a goroutine sends one to three values on the pool's channel and closes
// it.
func (g *gen) pool() int {
	r := g.r
	c := g.newChan()
	w := g.wgs
	g.wgs++
	k := 2 + r.IntN(2)
	var body []Op
	for n := 1 + r.IntN(2); n > 0; n-- {
		op := Op{Kind: Read, Var: r.IntN(g.vars)}
		if r.IntN(2) == 0 {
			op.Kind = Write
		}
		body = append(body, op)
	}
	sp := g.pick()
	ops := g.bodies[sp]
	i := r.IntN(len(ops) + 1)
	ops = append(ops[:i:i], append([]Op{{Kind: Add, Obj: w, N: k}, {Kind: Pool, Obj: c, Obj2: w, N: k, Body: body}}, ops[i:]...)...)
	waiter := sp
	if r.IntN(4) == 0 {
		waiter = g.pick()
	}
	if waiter == sp {
		ops = append(ops, Op{Kind: Wait, Obj: w})
	} else {
		g.bodies[waiter] = append(g.bodies[waiter], Op{Kind: Wait, Obj: w})
	}
	g.bodies[sp] = ops
	s := g.pick()
	n := 1 + r.IntN(3)
	for range n {
		g.bodies[s] = g.insert(g.bodies[s], Op{Kind: Send, Obj: c})
	}
	g.bodies[s] = append(g.bodies[s], Op{Kind: Close, Obj: c})
	return n + 4
}

// syncPool places the idiom of a sync.Pool: one to three goroutines Put
// a fresh object each (an object is a variable of its own, after the
// shared ones, so that each PoolPut runs once: the idiom is placed in
// goroutine bodies, never in a loop), some writing it after the Put, and
// two or three goroutines Get an object or a new one, read or write it,
// and at times Put it back, and write it after that.
func (g *gen) syncPool() int {
	r := g.r
	pool := g.nsyncPools
	g.nsyncPools++
	n := 0
	for k := 1 + r.IntN(3); k > 0; k-- {
		op := Op{Kind: PoolPut, Obj: pool, Var: g.vars + g.objs}
		g.objs++
		if r.IntN(2) == 0 {
			op.N = 1
		}
		b := g.pick()
		g.bodies[b] = g.insert(g.bodies[b], op)
		n++
	}
	for k := 2 + r.IntN(2); k > 0; k-- {
		op := Op{Kind: PoolGet, Obj: pool, N: r.IntN(2)}
		if r.IntN(2) == 0 {
			op.N |= 2
			if r.IntN(2) == 0 {
				op.N |= 4
			}
		}
		b := g.pick()
		g.bodies[b] = g.insert(g.bodies[b], op)
		n++
	}
	return n
}
