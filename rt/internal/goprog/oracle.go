package goprog

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"sort"
)

// MaxGoroutines bounds the goroutines of a program the oracle explores.
const MaxGoroutines = 8

// ErrTooBig is returned by Explore when a program has more states than its
// limit allows.
var ErrTooBig = errors.New("goprog: too many states")

// Pair is a pair of racing access sites, the lower first.
type Pair [2]int

// Outcome is what one complete interleaving did: the variables on which
// its happens-before graph has a race (a bit per variable), and whether it
// deadlocked (no goroutine could go on while goroutine 1 had not returned).
type Outcome struct {
	Vars     uint32
	Deadlock bool
	// Blocked lists the goroutines blocked at the end, deadlocked or
	// leaked, by the site of their go statement (0 for goroutine 1),
	// in increasing order, comma-separated.
	Blocked string
}

// Result is what every interleaving of a program can do.
type Result struct {
	// Pairs is the union, over every interleaving, of the racing site
	// pairs of its happens-before graph, with the variable of each.
	Pairs map[Pair]int
	// Outcomes are the distinct outcomes of the complete interleavings.
	Outcomes []Outcome
	// Panic is non-empty when some interleaving panics (a send on a closed
	// channel, a close of a closed one, a negative WaitGroup counter, an
	// Unlock of an unlocked mutex): it says how.
	Panic string
	// States is the number of distinct states explored.
	States int
}

// Vars returns the union of the outcomes' racing variables.
func (r *Result) Vars() uint32 {
	var m uint32
	for _, o := range r.Outcomes {
		m |= o.Vars
	}
	return m
}

// SomeDeadlock and AllDeadlock report whether some (every) interleaving
// deadlocks.
func (r *Result) SomeDeadlock() bool {
	for _, o := range r.Outcomes {
		if o.Deadlock {
			return true
		}
	}
	return false
}

// AllDeadlock: see SomeDeadlock.
func (r *Result) AllDeadlock() bool {
	for _, o := range r.Outcomes {
		if !o.Deadlock {
			return false
		}
	}
	return len(r.Outcomes) > 0
}

// vc is a vector clock, one component per goroutine.
type vc [MaxGoroutines]uint16

func (v *vc) join(w *vc) {
	for i := range v {
		v[i] = max(v[i], w[i])
	}
}

// frame is a position in an operation list of a goroutine.
type frame struct {
	ops  []Op
	id   int // the list's id, for state keys
	pc   int
	kind uint8 // fPlain, fLoop (a range body), fOnce (a Once's function, Obj in obj)
	obj  int
}

const (
	fPlain uint8 = iota
	fLoop
	fOnce
)

type gor struct {
	site   int // the go statement's
	frames []frame
	clock  vc
	waitWG int // 1+ the WaitGroup it waits on, 0 when it does not
	waitRW int // 1+ the RWMutex whose lock it waits for, 0 when it does not
	// held is 1+ the variable of the object its PoolGet got and is to Put
	// back (bit 1 of the PoolGet's N), 0 when none: the Put back is a
	// step of its own, at the same operation.
	held int
}

type access struct {
	site   int
	g      int
	epoch  uint16
	write  bool
	atomic bool // atomic operations do not race with one another
}

type chanSt struct {
	buf      []vc // the senders' clocks of buffered values
	recvs    []vc // clocks of receives not yet matched by the send C later
	nsent    int
	closed   bool
	closeClk vc
}

type wgSt struct {
	counter int
	dones   vc
}

type mutexSt struct {
	held   bool
	unlock vc
}

// rwSt is an RWMutex's, as package sync has it: a Lock takes the writers'
// mutex (writer), which bars new readers, then waits for the readers that
// hold the lock to leave (held); an RLock that comes while a writer has
// the writers' mutex waits for its Unlock, which lets every reader that
// waits in at once, before another writer can take the writers' mutex.
type rwSt struct {
	writer   int   // 1+ the goroutine that has the writers' mutex, 0 for none
	held     bool  // the writer holds the lock
	readers  int   // read locks held
	blocked  []int // goroutines whose RLock waits for the writer
	unlock   vc    // the last Unlock
	runlocks vc    // the RUnlocks since the last Lock
}

// poolObj is an object in a sync.Pool: its variable, and the clock of its
// Put, which the Get that returns it joins.
type poolObj struct {
	v   int
	clk vc
}

type onceSt struct {
	state  uint8 // 0 not run, 1 running, 2 done
	runner int
	done   vc
}

type state struct {
	gs      []gor
	chans   []chanSt
	wgs     []wgSt
	mutexes []mutexSt
	onces   []onceSt
	rws     []rwSt
	pools   [][]poolObj // per sync.Pool, the objects in it, in the order of their Puts
	atomics []vc        // per variable, the clock of its last atomic operation
	hist    [][]access  // per variable
}

func (s *state) clone() *state {
	t := &state{
		gs:      slices.Clone(s.gs),
		chans:   slices.Clone(s.chans),
		wgs:     slices.Clone(s.wgs),
		mutexes: slices.Clone(s.mutexes),
		onces:   slices.Clone(s.onces),
		rws:     slices.Clone(s.rws),
		pools:   slices.Clone(s.pools),
		atomics: slices.Clone(s.atomics),
		hist:    slices.Clone(s.hist),
	}
	for i := range t.gs {
		t.gs[i].frames = slices.Clone(t.gs[i].frames)
	}
	for i := range t.chans {
		t.chans[i].buf = slices.Clone(t.chans[i].buf)
		t.chans[i].recvs = slices.Clone(t.chans[i].recvs)
	}
	for i := range t.rws {
		t.rws[i].blocked = slices.Clone(t.rws[i].blocked)
	}
	for i := range t.pools {
		t.pools[i] = slices.Clone(t.pools[i])
	}
	for i := range t.hist {
		t.hist[i] = slices.Clone(t.hist[i])
	}
	return t
}

// explorer enumerates the interleavings of one program.
type explorer struct {
	p   Program
	ids map[*Op]int // list ids, by the address of a list's first op
	// workers are the bodies of the workers of each Pool operation, by
	// its site: one list, so that its id is one.
	workers map[int][]Op
	memo    map[string][]Outcome
	pairs   map[Pair]int
	panic   string
	limit   int
	states  int
	noMemo  bool // explore every interleaving, for the oracle's own test
	// stepMask collects the racing variables of the accesses a step
	// makes itself (an atomic operation's).
	stepMask uint32
}

// Explore enumerates every interleaving of p's synchronisation operations
// (the accesses between two of them run with the first: they neither block
// nor decide anything) and returns what they can do. It stops with
// ErrTooBig past limit states. Interleavings that reach the same state
// (the same positions, objects, clocks and accesses so far) are explored
// once: they have the same futures.
func Explore(p Program, limit int) (*Result, error) { return explore(p, limit, false) }

func explore(p Program, limit int, noMemo bool) (*Result, error) {
	x := &explorer{p: p, ids: map[*Op]int{}, workers: map[int][]Op{}, memo: map[string][]Outcome{}, pairs: map[Pair]int{}, limit: limit, noMemo: noMemo}
	s := &state{
		chans:   make([]chanSt, len(p.Chans)),
		wgs:     make([]wgSt, p.WGs),
		mutexes: make([]mutexSt, p.Mutexes),
		onces:   make([]onceSt, p.Onces),
		rws:     make([]rwSt, p.RWMutexes),
		pools:   make([][]poolObj, p.SyncPools),
		atomics: make([]vc, p.Vars),
		hist:    make([][]access, p.Vars),
	}
	s.gs = []gor{{frames: []frame{x.frame(p.Main, fPlain, 0)}}}
	var mask uint32
	if err := x.advance(s, 0, &mask); err != nil {
		return nil, err
	}
	outs, err := x.explore(s)
	if err != nil {
		return nil, err
	}
	res := &Result{Pairs: x.pairs, Panic: x.panic, States: x.states}
	for _, o := range outs {
		o.Vars |= mask
		res.Outcomes = addOutcome(res.Outcomes, o)
	}
	return res, nil
}

func addOutcome(os []Outcome, o Outcome) []Outcome {
	if slices.Contains(os, o) {
		return os
	}
	return append(os, o)
}

func (x *explorer) frame(ops []Op, kind uint8, obj int) frame {
	id := 0
	if len(ops) > 0 {
		id, _ = x.ids[&ops[0]]
		if id == 0 {
			id = len(x.ids) + 1
			x.ids[&ops[0]] = id
		}
	}
	return frame{ops: ops, id: id, kind: kind, obj: obj}
}

// errPanic stops the exploration of one step that panics.
var errPanic = errors.New("panic")

func (x *explorer) fail(format string, args ...any) error {
	if x.panic == "" {
		x.panic = fmt.Sprintf(format, args...)
	}
	return errPanic
}

// tick ends a synchronisation operation of goroutine g: what it did so far
// is released, what follows is later.
func tick(s *state, g int) { s.gs[g].clock[g]++ }

// advance runs goroutine g up to its next synchronisation operation: its
// accesses, its go statements, and the end of a Once's function (none of
// which another goroutine's steps could tell from a later run of them),
// adding the variables of the races its accesses make to mask.
func (x *explorer) advance(s *state, g int, mask *uint32) error {
	for {
		gr := &s.gs[g]
		if len(gr.frames) == 0 {
			return nil
		}
		f := &gr.frames[len(gr.frames)-1]
		if f.pc == len(f.ops) {
			kind, obj := f.kind, f.obj
			gr.frames = gr.frames[:len(gr.frames)-1]
			switch kind {
			case fLoop:
				return nil // back at the range statement
			case fOnce:
				o := &s.onces[obj]
				o.state, o.done = 2, gr.clock
				tick(s, g)
			}
			continue
		}
		op := f.ops[f.pc]
		switch op.Kind {
		case Read, Write:
			f.pc++
			x.access(s, g, op, mask)
		case Sleep:
			f.pc++ // time orders nothing
		case Go:
			f.pc++
			if err := x.spawn(s, g, op.Body, op.Site, mask); err != nil {
				return err
			}
		case Pool:
			// The workers, each as a go statement of its loop and its
			// Done (deferred: after the loop, which is all it does).
			f.pc++
			worker := x.workers[op.Site]
			if worker == nil {
				worker = []Op{{Kind: Range, Obj: op.Obj, Site: op.Site, Body: op.Body}, {Kind: Done, Obj: op.Obj2, Site: op.Site}}
				x.workers[op.Site] = worker
			}
			for range op.N {
				if err := x.spawn(s, g, worker, op.Site, mask); err != nil {
					return err
				}
			}
		default:
			return nil
		}
	}
}

// spawn runs goroutine g's go statement at site of a goroutine whose
// body is body: the new goroutine runs at once, up to its first
// synchronisation operation (advance).
func (x *explorer) spawn(s *state, g int, body []Op, site int, mask *uint32) error {
	if len(s.gs) == MaxGoroutines {
		return fmt.Errorf("goprog: more than %d goroutines", MaxGoroutines)
	}
	child := gor{site: site, frames: []frame{x.frame(body, fPlain, 0)}, clock: s.gs[g].clock}
	tick(s, g)
	s.gs = append(s.gs, child)
	c := len(s.gs) - 1
	tick(s, c)
	return x.advance(s, c, mask)
}

func (x *explorer) access(s *state, g int, op Op, mask *uint32) {
	clk := &s.gs[g].clock
	a := access{site: op.Site, g: g, epoch: clk[g], write: op.Kind == Write || op.Kind == AtomicAdd || op.Kind == AtomicOr || op.Kind == Section || op.Kind == RWSection,
		atomic: op.Kind.IsAtomic()}
	h := s.hist[op.Var]
	for _, b := range h {
		if b.g == g || !(a.write || b.write) || (a.atomic && b.atomic) || b.epoch <= clk[b.g] {
			continue
		}
		pr := Pair{min(a.site, b.site), max(a.site, b.site)}
		x.pairs[pr] = op.Var
		*mask |= 1 << op.Var
	}
	if !slices.Contains(h, a) {
		h = append(h, a)
		sort.Slice(h, func(i, j int) bool {
			if h[i].site != h[j].site {
				return h[i].site < h[j].site
			}
			if h[i].g != h[j].g {
				return h[i].g < h[j].g
			}
			return h[i].epoch < h[j].epoch
		})
		s.hist[op.Var] = h
	}
}

// op returns the operation goroutine g is at, or nil.
func (s *state) op(g int) *Op {
	gr := &s.gs[g]
	if len(gr.frames) == 0 || gr.waitWG != 0 || gr.waitRW != 0 {
		return nil
	}
	f := &gr.frames[len(gr.frames)-1]
	return &f.ops[f.pc]
}

func (s *state) top(g int) *frame {
	fs := s.gs[g].frames
	return &fs[len(fs)-1]
}

// step is one transition: it changes a copy of the state and reports the
// goroutines it moved.
type step func(s *state) ([]int, error)

// steps lists the transitions enabled in s.
func (x *explorer) steps(s *state) []step {
	var out []step
	for g := range s.gs {
		op := s.op(g)
		if op == nil {
			continue
		}
		switch op.Kind {
		case Add, Done:
			out = append(out, func(s *state) ([]int, error) { return x.add(s, g, *op) })
		case Wait:
			out = append(out, func(s *state) ([]int, error) { return x.wait(s, g, *op) })
		case Send:
			out = x.sendSteps(s, g, -1, op.Obj, out)
		case Recv, Range, Select:
			chs := []int{op.Obj}
			if op.Kind == Select {
				chs = append(chs, op.Obj2)
			}
			for ci, ch := range chs {
				if op.Kind == Select && op.Sends&(1<<ci) != 0 {
					out = x.sendSteps(s, g, ci, ch, out)
					continue
				}
				c := &s.chans[ch]
				if len(c.buf) > 0 || c.closed {
					out = append(out, func(s *state) ([]int, error) { return x.recv(s, g, ci, ch) })
				}
			}
		case Close:
			out = append(out, func(s *state) ([]int, error) { return x.close(s, g, op.Obj) })
		case Lock:
			if !s.mutexes[op.Obj].held {
				out = append(out, func(s *state) ([]int, error) {
					m := &s.mutexes[op.Obj]
					m.held = true
					s.gs[g].clock.join(&m.unlock)
					s.top(g).pc++
					tick(s, g)
					return []int{g}, nil
				})
			}
		case Unlock:
			out = append(out, func(s *state) ([]int, error) {
				m := &s.mutexes[op.Obj]
				if !m.held {
					return nil, x.fail("unlock of unlocked mutex")
				}
				m.held, m.unlock = false, s.gs[g].clock
				s.top(g).pc++
				tick(s, g)
				return []int{g}, nil
			})
		case Section:
			// The section runs as one step: no other goroutine can
			// acquire the mutex while it holds it, and its update is a
			// plain read and write (the write stands for both).
			if !s.mutexes[op.Obj].held {
				out = append(out, func(s *state) ([]int, error) {
					m := &s.mutexes[op.Obj]
					gr := &s.gs[g]
					gr.clock.join(&m.unlock)
					s.top(g).pc++
					x.access(s, g, *op, &x.stepMask)
					m.unlock = gr.clock
					tick(s, g)
					return []int{g}, nil
				})
			}
		case RLock:
			out = append(out, func(s *state) ([]int, error) { return x.rlock(s, g, op.Obj) })
		case RUnlock:
			out = append(out, func(s *state) ([]int, error) { return x.runlock(s, g, op.Obj) })
		case WLock, RWSection:
			// A Lock waits for the writers' mutex, then takes it, barring
			// new readers, and waits for the readers to leave. A section
			// runs as one step once it holds the lock (as Section does).
			if s.rws[op.Obj].writer == 0 {
				out = append(out, func(s *state) ([]int, error) { return x.wlock(s, g, op.Obj) })
			}
		case WUnlock:
			out = append(out, func(s *state) ([]int, error) { return x.wunlock(s, g, op.Obj) })
		case AtomicAdd, AtomicOr, AtomicLoad:
			// An atomic operation is ordered after every atomic operation
			// on its variable before it that has an effect (it observes
			// their effects), as Go's memory model and race detector have
			// it: an Add or an Or, not a Load, which observes and changes
			// nothing.
			out = append(out, func(s *state) ([]int, error) {
				gr := &s.gs[g]
				gr.clock.join(&s.atomics[op.Var])
				s.top(g).pc++
				x.access(s, g, *op, &x.stepMask)
				if op.Kind != AtomicLoad {
					s.atomics[op.Var] = gr.clock
				}
				tick(s, g)
				return []int{g}, nil
			})
		case PoolPut:
			out = append(out, func(s *state) ([]int, error) {
				x.access(s, g, Op{Kind: Write, Var: op.Var, Site: op.Site}, &x.stepMask)
				x.poolPut(s, g, op.Obj, op.Var)
				if op.N == 1 {
					x.access(s, g, Op{Kind: Write, Var: op.Var, Site: op.Site}, &x.stepMask)
				}
				s.top(g).pc++
				return []int{g}, nil
			})
		case PoolGet:
			if h := s.gs[g].held; h != 0 {
				// The Put back of the object it got.
				out = append(out, func(s *state) ([]int, error) {
					s.gs[g].held = 0
					x.poolPut(s, g, op.Obj, h-1)
					if op.N&4 != 0 {
						x.access(s, g, Op{Kind: Write, Var: h - 1, Site: op.Site}, &x.stepMask)
					}
					s.top(g).pc++
					return []int{g}, nil
				})
				break
			}
			// A Get: of each object in the pool, or of a new one.
			for i := range s.pools[op.Obj] {
				out = append(out, func(s *state) ([]int, error) {
					objs := s.pools[op.Obj]
					o := objs[i]
					s.pools[op.Obj] = slices.Delete(objs, i, i+1)
					gr := &s.gs[g]
					gr.clock.join(&o.clk)
					kind := Read
					if op.N&1 != 0 {
						kind = Write
					}
					x.access(s, g, Op{Kind: kind, Var: o.v, Site: op.Site}, &x.stepMask)
					tick(s, g)
					if op.N&2 != 0 {
						gr.held = o.v + 1
					} else {
						s.top(g).pc++
					}
					return []int{g}, nil
				})
			}
			out = append(out, func(s *state) ([]int, error) {
				s.top(g).pc++
				tick(s, g)
				return []int{g}, nil
			})
		case OnceDo:
			o := &s.onces[op.Obj]
			if o.state == 1 {
				break // waits for the running function to return
			}
			out = append(out, func(s *state) ([]int, error) {
				o := &s.onces[op.Obj]
				s.top(g).pc++
				if o.state == 2 {
					s.gs[g].clock.join(&o.done)
				} else {
					o.state, o.runner = 1, g
					s.gs[g].frames = append(s.gs[g].frames, x.frame(op.Body, fOnce, op.Obj))
				}
				tick(s, g)
				return []int{g}, nil
			})
		}
	}
	return out
}

// poolPut puts the object of variable v into the sync.Pool pool, by
// goroutine g: the Get that returns it is ordered after the Put.
func (x *explorer) poolPut(s *state, g, pool, v int) {
	s.pools[pool] = append(s.pools[pool], poolObj{v: v, clk: s.gs[g].clock})
	tick(s, g)
}

// sendSteps appends the steps of goroutine g's send on channel ch (case ci
// of a select, -1 for a send statement) to out.
func (x *explorer) sendSteps(s *state, g, ci, ch int, out []step) []step {
	c := &s.chans[ch]
	switch {
	case c.closed:
		out = append(out, func(*state) ([]int, error) { return nil, x.fail("send on closed channel") })
	case x.p.Chans[ch] == 0:
		// A rendezvous with each goroutine ready to receive.
		for r := range s.gs {
			if r == g {
				continue
			}
			for _, rci := range s.recvCases(r, ch) {
				out = append(out, func(s *state) ([]int, error) { return x.rendezvous(s, g, ci, r, rci) })
			}
		}
	case len(c.buf) < x.p.Chans[ch]:
		out = append(out, func(s *state) ([]int, error) { return x.sendBuf(s, g, ci, ch) })
	}
	return out
}

// sent moves goroutine g past its send (case ci of a select, -1 for a send
// statement).
func (x *explorer) sent(s *state, g, ci int) {
	f := s.top(g)
	op := f.ops[f.pc]
	f.pc++
	if op.Kind == Select {
		body := op.Body
		if ci == 1 {
			body = op.Else
		}
		s.gs[g].frames = append(s.gs[g].frames, x.frame(body, fPlain, 0))
	}
}

// recvCases returns the cases (0, or 1 for a select's second) in which
// goroutine r is ready to receive from channel ch.
func (s *state) recvCases(r, ch int) []int {
	op := s.op(r)
	if op == nil {
		return nil
	}
	var out []int
	switch op.Kind {
	case Recv, Range:
		if op.Obj == ch {
			out = append(out, 0)
		}
	case Select:
		if op.Obj == ch && op.Sends&1 == 0 {
			out = append(out, 0)
		}
		if op.Obj2 == ch && op.Sends&2 == 0 {
			out = append(out, 1)
		}
	}
	return out
}

// received moves receiver r past its receive (case ci of a select) that
// got a value (ok) or saw the channel closed.
func (x *explorer) received(s *state, r, ci int, ok bool) {
	f := s.top(r)
	op := f.ops[f.pc]
	switch op.Kind {
	case Recv:
		f.pc++
	case Range:
		if ok {
			s.gs[r].frames = append(s.gs[r].frames, x.frame(op.Body, fLoop, 0))
		} else {
			f.pc++
		}
	case Select:
		f.pc++
		body := op.Body
		if ci == 1 {
			body = op.Else
		}
		s.gs[r].frames = append(s.gs[r].frames, x.frame(body, fPlain, 0))
	}
}

func (x *explorer) rendezvous(s *state, g, gci, r, rci int) ([]int, error) {
	sc, rc := s.gs[g].clock, s.gs[r].clock
	s.gs[g].clock.join(&rc)
	s.gs[r].clock.join(&sc)
	x.sent(s, g, gci)
	x.received(s, r, rci, true)
	tick(s, g)
	tick(s, r)
	return []int{g, r}, nil
}

func (x *explorer) sendBuf(s *state, g, ci, ch int) ([]int, error) {
	c := &s.chans[ch]
	c.nsent++
	if c.nsent > x.p.Chans[ch] {
		// The (k+C)-th send completes after the k-th receive.
		s.gs[g].clock.join(&c.recvs[0])
		c.recvs = c.recvs[1:]
	}
	c.buf = append(c.buf, s.gs[g].clock)
	x.sent(s, g, ci)
	tick(s, g)
	return []int{g}, nil
}

func (x *explorer) recv(s *state, g, ci, ch int) ([]int, error) {
	c := &s.chans[ch]
	if len(c.buf) > 0 {
		s.gs[g].clock.join(&c.buf[0])
		c.buf = c.buf[1:]
		c.recvs = append(c.recvs, s.gs[g].clock)
		x.received(s, g, ci, true)
	} else {
		s.gs[g].clock.join(&c.closeClk)
		x.received(s, g, ci, false)
	}
	tick(s, g)
	return []int{g}, nil
}

func (x *explorer) close(s *state, g, ch int) ([]int, error) {
	c := &s.chans[ch]
	if c.closed {
		return nil, x.fail("close of closed channel")
	}
	c.closed, c.closeClk = true, s.gs[g].clock
	s.top(g).pc++
	tick(s, g)
	return []int{g}, nil
}

// rlock is goroutine g's RLock of rw[obj]: it returns, after the last
// Unlock, unless a writer has the writers' mutex; then it waits for its
// Unlock.
func (x *explorer) rlock(s *state, g, obj int) ([]int, error) {
	m := &s.rws[obj]
	if m.writer != 0 {
		m.blocked = append(m.blocked, g)
		s.gs[g].waitRW = obj + 1
		return nil, nil
	}
	m.readers++
	s.gs[g].clock.join(&m.unlock)
	s.top(g).pc++
	tick(s, g)
	return []int{g}, nil
}

// runlock is goroutine g's RUnlock of rw[obj]: it releases to the next
// Lock, which returns now if it waits for this last reader.
func (x *explorer) runlock(s *state, g, obj int) ([]int, error) {
	m := &s.rws[obj]
	if m.readers == 0 {
		return nil, x.fail("RUnlock of unlocked RWMutex")
	}
	m.readers--
	m.runlocks.join(&s.gs[g].clock)
	s.top(g).pc++
	tick(s, g)
	moved := []int{g}
	if m.readers == 0 && m.writer != 0 && !m.held {
		moved = append(moved, x.wlocked(s, m.writer-1, obj)...)
	}
	return moved, nil
}

// wlock is goroutine g's Lock (or section) of rw[obj], whose writers'
// mutex is free: it takes it and holds the lock at once when no reader
// does.
func (x *explorer) wlock(s *state, g, obj int) ([]int, error) {
	m := &s.rws[obj]
	m.writer = g + 1
	if m.readers > 0 {
		s.gs[g].waitRW = obj + 1
		return nil, nil
	}
	return x.wlocked(s, g, obj), nil
}

// wlocked returns from goroutine g's Lock of rw[obj], after the last
// Unlock and the RUnlocks since; a section runs to its Unlock. It returns
// the goroutines that moved.
func (x *explorer) wlocked(s *state, g, obj int) []int {
	m := &s.rws[obj]
	gr := &s.gs[g]
	gr.waitRW = 0
	m.held = true
	gr.clock.join(&m.unlock)
	gr.clock.join(&m.runlocks)
	m.runlocks = vc{}
	f := s.top(g)
	op := f.ops[f.pc]
	f.pc++
	if op.Kind != RWSection {
		tick(s, g)
		return []int{g}
	}
	x.access(s, g, op, &x.stepMask)
	return x.unlocked(s, g, obj)
}

// wunlock is goroutine g's Unlock of rw[obj].
func (x *explorer) wunlock(s *state, g, obj int) ([]int, error) {
	if !s.rws[obj].held {
		return nil, x.fail("Unlock of unlocked RWMutex")
	}
	s.top(g).pc++
	return x.unlocked(s, g, obj), nil
}

// unlocked releases rw[obj] from goroutine g, which has moved past its
// Unlock: the readers that wait return from their RLocks, after it, and
// the writers' mutex is free. It returns the goroutines that moved.
func (x *explorer) unlocked(s *state, g, obj int) []int {
	m := &s.rws[obj]
	m.held, m.writer, m.unlock = false, 0, s.gs[g].clock
	tick(s, g)
	moved := []int{g}
	for _, r := range m.blocked {
		m.readers++
		s.gs[r].waitRW = 0
		s.gs[r].clock.join(&m.unlock)
		s.top(r).pc++
		tick(s, r)
		moved = append(moved, r)
	}
	m.blocked = nil
	return moved
}

func (x *explorer) add(s *state, g int, op Op) ([]int, error) {
	w := &s.wgs[op.Obj]
	d := op.N
	if op.Kind == Done {
		d = -1
	}
	w.counter += d
	if w.counter < 0 {
		return nil, x.fail("negative WaitGroup counter")
	}
	moved := []int{g}
	if d < 0 {
		w.dones.join(&s.gs[g].clock)
	}
	s.top(g).pc++
	tick(s, g)
	if w.counter == 0 {
		for r := range s.gs {
			if s.gs[r].waitWG == op.Obj+1 {
				s.gs[r].waitWG = 0
				s.gs[r].clock.join(&w.dones)
				s.top(r).pc++
				tick(s, r)
				moved = append(moved, r)
			}
		}
	}
	return moved, nil
}

func (x *explorer) wait(s *state, g int, op Op) ([]int, error) {
	w := &s.wgs[op.Obj]
	if w.counter > 0 {
		s.gs[g].waitWG = op.Obj + 1
		return nil, nil
	}
	s.gs[g].clock.join(&w.dones)
	s.top(g).pc++
	tick(s, g)
	return []int{g}, nil
}

// explore returns the outcomes of the interleavings from s, the variables
// relative to s (races among accesses made after s or between one made
// before and one after).
func (x *explorer) explore(s *state) ([]Outcome, error) {
	k := ""
	if !x.noMemo {
		k = s.key()
		if o, ok := x.memo[k]; ok {
			return o, nil
		}
	}
	x.states++
	if x.states > x.limit {
		return nil, ErrTooBig
	}
	var outs []Outcome
	steps := x.steps(s)
	for _, st := range steps {
		t := s.clone()
		x.stepMask = 0
		moved, err := st(t)
		if err == errPanic {
			continue
		}
		if err != nil {
			return nil, err
		}
		mask := x.stepMask
		for _, g := range moved {
			if err := x.advance(t, g, &mask); err != nil {
				return nil, err
			}
		}
		sub, err := x.explore(t)
		if err != nil {
			return nil, err
		}
		for _, o := range sub {
			o.Vars |= mask
			outs = addOutcome(outs, o)
		}
	}
	if len(steps) == 0 {
		var blocked []int
		for i := range s.gs {
			if len(s.gs[i].frames) > 0 {
				blocked = append(blocked, s.gs[i].site)
			}
		}
		outs = []Outcome{{Deadlock: len(s.gs[0].frames) > 0, Blocked: SiteList(blocked)}}
	}
	if !x.noMemo {
		x.memo[k] = outs
	}
	return outs, nil
}

// SiteList formats the sites of goroutines as Outcome.Blocked does.
func SiteList(sites []int) string {
	sites = slices.Clone(sites)
	slices.Sort(sites)
	var b []byte
	for i, s := range sites {
		if i > 0 {
			b = append(b, ',')
		}
		b = fmt.Appendf(b, "%d", s)
	}
	return string(b)
}

// key encodes s.
func (s *state) key() string {
	b := make([]byte, 0, 256)
	u := func(v int) { b = binary.AppendVarint(b, int64(v)) }
	clk := func(c *vc) {
		for _, v := range c {
			b = binary.AppendUvarint(b, uint64(v))
		}
	}
	u(len(s.gs))
	for i := range s.gs {
		g := &s.gs[i]
		u(g.site)
		u(len(g.frames))
		for _, f := range g.frames {
			u(f.id)
			u(f.pc)
			u(int(f.kind))
		}
		u(g.waitWG)
		u(g.waitRW)
		u(g.held)
		clk(&g.clock)
	}
	for i := range s.chans {
		c := &s.chans[i]
		u(len(c.buf))
		for j := range c.buf {
			clk(&c.buf[j])
		}
		u(len(c.recvs))
		for j := range c.recvs {
			clk(&c.recvs[j])
		}
		u(c.nsent)
		if c.closed {
			u(1)
			clk(&c.closeClk)
		} else {
			u(0)
		}
	}
	for i := range s.wgs {
		u(s.wgs[i].counter)
		clk(&s.wgs[i].dones)
	}
	for i := range s.mutexes {
		if s.mutexes[i].held {
			u(1)
		} else {
			u(0)
		}
		clk(&s.mutexes[i].unlock)
	}
	for i := range s.onces {
		u(int(s.onces[i].state))
		clk(&s.onces[i].done)
	}
	for i := range s.rws {
		m := &s.rws[i]
		u(m.writer)
		u(btoi(m.held))
		u(m.readers)
		u(len(m.blocked))
		for _, r := range m.blocked {
			u(r)
		}
		clk(&m.unlock)
		clk(&m.runlocks)
	}
	for _, objs := range s.pools {
		u(len(objs))
		for j := range objs {
			u(objs[j].v)
			clk(&objs[j].clk)
		}
	}
	for i := range s.atomics {
		clk(&s.atomics[i])
	}
	for _, h := range s.hist {
		u(len(h))
		for _, a := range h {
			u(a.site)
			u(a.g)
			u(int(a.epoch))
			u(btoi(a.write) + 2*btoi(a.atomic))
		}
	}
	return string(b)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
