package goexec

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unsafe"
)

// Exploring the orders of acquisitions. Which goroutine acquires a mutex
// (or runs a Once's function, or makes an atomic operation) first, which
// of two senders' values a channel carries first, which of two receivers
// takes a value, whether a send comes before a close, and which ready case
// a select statement takes are the choices of a run that can change its
// graph. A run records, per object, the order in which goroutines
// attempted its operations (for a channel, its sends, receives, closes
// and the select statements that offered to communicate on it). Another
// order of two dependent operations by different goroutines is reached by
// running the same program again with the first of them yielding at its
// operation: it parks, the depth-first run goes on without it, and it goes
// on (from the scheduler, with no edge, as yielding synchronises nothing)
// when no other goroutine can. A select statement that found several
// cases ready is run again taking each other ready case. A schedule is the
// set of points at which goroutines yield or choose a case; each run lists
// the schedules that reverse one more pair or choose one more case
// (Alternatives), and the caller runs them, depth first, as dynamic
// partial-order reduction reverses, for each operation, the latest earlier
// dependent operation of another goroutine (Flanagan and Godefroid, POPL
// 2005), unless the graph orders the two already (hb.go); two commuting
// atomic updates are independent (commute.go), and so are the Locks of two
// commuting sections of one class (section.go). Operations on different
// objects are independent, and so are two
// read locks of one RWMutex and, on one channel, a send and a receive
// outside select statements: which receive takes which value depends only
// on the order of the sends among themselves and of the receives among
// themselves, and a send or a receive blocks in one order and not in the
// other without the pairing changing.
//
// Why every order of two dependent operations a and b that can change the
// graph is reached: the run of a schedule in which b came after a lists a
// schedule in which a's goroutine yields at a and names b, the operation
// it lets go first (G.K/ToG.ToK), unless it yields there already naming b.
// Its run goes on without a's goroutine, which comes back only when no
// other goroutine can go on, and, while b has not been made and another
// goroutine that yielded at a point of the schedule can go on, after that
// one (promoteFree): goroutines that yielded come back first in first
// out, and b's goroutine (or one whose going on lets it go on) may have
// yielded too, after a's. b is made once its goroutine goes on past its
// own yield, if it yields at b as well. b then comes first unless its
// goroutine cannot go on before a's does (it waits for a's goroutine, or
// for one that comes back only after it). A yield that names an operation and still came first is
// listed again naming the later one. A goroutine that yields because it
// polls (a select statement's default, many operations without waiting:
// see poll and preempt) does not pass a held one, as it would keep it
// waiting forever: an order that needs a poller's later iterations before
// a is not reached this way.

// Point names an acquisition: the K-th acquisition (counting from 1) that
// goroutine G attempted. In a schedule, C is what the goroutine does
// there: 0 to yield, c+1 to take case c of a select statement when that
// case is ready. A yield may name the operation it lets go first, the
// ToK-th acquisition of goroutine ToG (written G.K/ToG.ToK): the run's
// clock (timers.go, readyFirst) then holds the goroutine back only until
// that operation is made (attempted, past its own yield if it yields
// there too), and, until then, the other goroutines that yielded at points of the schedule go on
// before it (promoteFree). Exploration names it in every yield it lists;
// a yield without it (as schedules listed before said) goes on first in
// first out among the goroutines that yielded.
type Point struct{ G, K, C, ToG, ToK int }

func (p Point) String() string {
	switch {
	case p.C > 0:
		return fmt.Sprintf("%d.%d:%d", p.G, p.K, p.C-1)
	case p.ToG > 0:
		return fmt.Sprintf("%d.%d/%d.%d", p.G, p.K, p.ToG, p.ToK)
	}
	return fmt.Sprintf("%d.%d", p.G, p.K)
}

// at is p's acquisition, without what a schedule does there.
func (p Point) at() Point { return Point{G: p.G, K: p.K} }

// to is the operation that the yield p lets go first, or the zero Point.
func (p Point) to() Point { return Point{G: p.ToG, K: p.ToK} }

// Schedule is a set of points at which goroutines yield, or choose a case
// of a select statement.
type Schedule []Point

// String formats s as the replay option takes it: "g" and the points,
// sorted, separated by commas ("g" alone for the depth-first schedule).
func (s Schedule) String() string {
	ps := append(Schedule(nil), s...)
	sort.Slice(ps, func(i, j int) bool {
		if ps[i].G != ps[j].G {
			return ps[i].G < ps[j].G
		}
		if ps[i].K != ps[j].K {
			return ps[i].K < ps[j].K
		}
		return ps[i].C < ps[j].C
	})
	var b strings.Builder
	b.WriteString("g")
	for i, p := range ps {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(p.String())
	}
	return b.String()
}

// ParseSchedule reads a schedule written by Schedule.String.
func ParseSchedule(s string) (Schedule, error) {
	rest, ok := strings.CutPrefix(s, "g")
	if !ok {
		return nil, fmt.Errorf("schedule %q: want g followed by goroutine.acquisition pairs", s)
	}
	var out Schedule
	if rest == "" {
		return out, nil
	}
	for _, f := range strings.Split(rest, ",") {
		pk, cs, hasCase := strings.Cut(f, ":")
		pk, to, hasTo := strings.Cut(pk, "/")
		g, k, ok := parseAcq(pk)
		c := -1
		var err3 error
		if hasCase {
			c, err3 = strconv.Atoi(cs)
		}
		var tg, tk int
		if hasTo {
			var okTo bool
			tg, tk, okTo = parseAcq(to)
			ok = ok && okTo && !hasCase
		}
		if !ok || err3 != nil || (hasCase && c < 0) {
			return nil, fmt.Errorf("schedule %q: %q is not goroutine.acquisition, goroutine.acquisition:case or goroutine.acquisition/goroutine.acquisition", s, f)
		}
		out = append(out, Point{G: g, K: k, C: c + 1, ToG: tg, ToK: tk})
	}
	return out, nil
}

// parseAcq reads goroutine.acquisition, both at least 1.
func parseAcq(s string) (g, k int, ok bool) {
	a, b, ok := strings.Cut(s, ".")
	g, err1 := strconv.Atoi(a)
	k, err2 := strconv.Atoi(b)
	return g, k, ok && err1 == nil && err2 == nil && g >= 1 && k >= 1
}

// opKind is what an entry of an object's log did.
type opKind uint8

const (
	opWrite      opKind = iota // a Lock, a Once's Do, an atomic operation
	opRead                     // an RLock
	opSend                     // a send on a channel
	opRecv                     // a receive from a channel
	opClose                    // a close of a channel
	opWgAdd                    // an Add of a positive delta to a WaitGroup
	opWgWait                   // a Wait of a WaitGroup
	opCondWait                 // a Wait of a Cond
	opCondSignal               // a Signal or Broadcast of a Cond
	opUpdateAdd                // an atomic Add whose result is not used (commute.go)
	opUpdateAnd                // an atomic And whose result is not used
	opUpdateOr                 // an atomic Or whose result is not used
	opSection                  // the Lock of a commuting section of class 1 (section.go); class c is opSection+c-1
)

// opSectionLast is the kind of the Lock of a commuting section of the last
// class.
const opSectionLast = opSection + maxSectionClass - 1

// isUpdate reports whether k is a commuting operation: an atomic update
// (commute.go) or the Lock of a commuting section (section.go). Two
// commuting operations on one object are dependent exactly when their
// kinds differ.
func isUpdate(k opKind) bool { return k >= opUpdateAdd }

// acquisition is one entry of an object's log.
type acquisition struct {
	p       Point
	kind    opKind
	sel     bool   // a case of a select statement of several cases, or with a default
	senders bool   // a channel operation made while a sender was parked on the channel
	site    uint32 // where, for a channel operation
	vc      vclock // the goroutine's clock when it attempted the operation (hb.go), or nil
	pool    int32  // a receive of a worker of this pool class (pool.go), or 0
}

// chanUse is what a channel's log holds: whether some goroutine attempted
// to send on it.
type chanUse struct{ send bool }

func useOf(log []acquisition) chanUse {
	var u chanUse
	for _, a := range log {
		if a.kind == opSend {
			u.send = true
		}
	}
	return u
}

// dependent reports whether the order of a and b, operations on one
// object by different goroutines with a first, can change the run; u is
// what the object's log holds. Locks are dependent unless both read, and
// so are the operations of a Once and of an atomic variable. Of a
// WaitGroup, an Add of a positive delta and a Wait are (the Wait returns
// before the Add, or waits for the Add's Done); Adds commute with Adds,
// and the Dones are not logged: a Wait joins every Done before it in
// either order. Of a Cond, a Wait is dependent with every other operation
// (a Signal before the Wait is lost, after it wakes it; of two Waits, a
// Signal wakes the first), and two Signals commute. Of an atomic
// variable, two updates of one kind whose results are not used (two Adds,
// two Ands, two Ors) commute (commute.go), and every other pair is
// dependent; of a mutex, so do the Locks of two commuting sections of one
// class (section.go), which are dependent with every other Lock and
// RLock. On a channel:
//
//   - a close and a send: the send panics after the close;
//   - a close and a receive, when a sender was parked at the first of
//     them (the receive takes its value before the close, which makes it
//     panic after), or when one is a select statement (which takes its
//     default, or another case, before the close);
//   - two sends (which value a receive takes first, which of them finds
//     room in the buffer and which blocks);
//   - two receives, when some goroutine sends on the channel (which of
//     them takes a value), unless two workers of one pool make them
//     (pool.go);
//   - a send and a receive, when one is a select statement (a case that
//     is ready in one order and not in the other).
//
// The other pairs commute: in either order each operation completes with
// the same partner, or blocks until the same later one.
func dependent(a, b acquisition, u chanUse) bool {
	switch {
	case isUpdate(a.kind) || isUpdate(b.kind):
		return a.kind != b.kind
	case a.kind >= opCondWait || b.kind >= opCondWait:
		return a.kind == opCondWait || b.kind == opCondWait
	case a.kind >= opWgAdd || b.kind >= opWgAdd:
		return a.kind != b.kind // an Add and a Wait
	case a.kind == opRead && b.kind == opRead:
		return false
	case a.kind <= opRead || b.kind <= opRead:
		return true
	case a.kind == opClose && b.kind == opClose:
		return true
	case a.kind == opClose || b.kind == opClose:
		other := a
		if a.kind == opClose {
			other = b
		}
		return other.kind == opSend || a.senders || a.sel || b.sel
	case a.kind == opSend && b.kind == opSend:
		return true
	case a.kind == opRecv && b.kind == opRecv:
		// Two workers of one pool are interchangeable (pool.go).
		return u.send && (a.pool == 0 || a.pool != b.pool)
	default: // a send and a receive
		return a.sel || b.sel
	}
}

// reversals calls f with each operation before log[i] that is dependent
// with it, by another goroutine, and not ordered before it by go
// statements (log[i]'s goroutine descending from a go statement that the
// other goroutine made after it): yielding at such an operation runs
// log[i]'s before it. The search ends at an earlier operation of log[i]'s
// goroutine of the same kind, whose own search covered what precedes it.
// Every dependent operation, not only the latest, is reversed: two
// operations that are independent of each other (two Adds of a
// WaitGroup) may each be dependent with a later one (a Wait), and
// reversing the latest does not move the other after it. f returns false
// to end the search.
func (e *Exec) reversals(log []acquisition, i int, u chanUse, f func(a acquisition) bool) {
	b := log[i]
	for j := i - 1; j >= 0; j-- {
		a := log[j]
		if a.p.G == b.p.G {
			if a.kind == b.kind && a.sel == b.sel {
				return
			}
			continue
		}
		if !dependent(a, b, u) || e.spawnedAfter(b.p.G, a.p) || hbBefore(a, b) {
			continue
		}
		if !f(a) {
			return
		}
	}
}

// spawnedAfter reports whether goroutine g descends from a go statement
// that goroutine a.G made after its operation a.
func (e *Exec) spawnedAfter(g int, a Point) bool {
	for x := e.gs[g-1]; x.Parent != nil; x = x.Parent {
		if x.Parent.ID == a.G {
			return x.spawnK >= a.K
		}
	}
	return false
}

// SetSchedule makes the run yield, and choose cases, at the points of s.
func (e *Exec) SetSchedule(s Schedule) {
	e.sched = s
	e.yieldAt = map[Point]bool{}
	e.caseAt = map[Point]int{}
	e.yieldTo = map[Point]Point{}
	for _, p := range s {
		switch {
		case p.C > 0:
			e.caseAt[p.at()] = p.C - 1
		case p.ToG > 0:
			e.yieldTo[p.at()] = p.to()
			fallthrough
		default:
			e.yieldAt[p.at()] = true
		}
	}
}

// attempt counts an operation of the running goroutine that a schedule
// can name and yields when the schedule says so; it returns the
// operation's point.
func (e *Exec) attempt(site uint32) Point {
	g := e.cur
	g.acqs++
	p := Point{G: g.ID, K: g.acqs}
	if g.rheld > 0 {
		e.readHeldAttempt(g, site)
	}
	if e.yieldAt[p] {
		g.released = false
		to, ok := e.yieldTo[p]
		if ok {
			if e.awaited == nil {
				e.awaited = map[Point]*G{}
			}
			e.awaited[to] = g
		}
		g.awaits, g.scheduled = ok, true
		e.ready = append(e.ready, g)
		e.park(g, "yield", site)
		g.awaits, g.scheduled = false, false
	}
	// The operation p is made now, after its own yield if it has one: a
	// goroutine whose yield lets it go first can go on.
	if y := e.awaited[p]; y != nil {
		y.released = true // readyFirst, heldBack
		delete(e.awaited, p)
	}
	e.preempt(g, site)
	return p
}

// heldBack reports whether g, which yielded, is held back: its yield
// names an operation that has not been made yet.
func (g *G) heldBack() bool { return g.awaits && !g.released }

// promoteFree lets a goroutine that is held back (heldBack) at the front
// of e.ready wait: it moves the first goroutine after it that yielded at
// a point of the schedule and is not held back to the front, the others
// keeping their order. Yielded goroutines go on first in first out, but
// one whose yield lets a named operation go first waits for it while
// another goroutine that yielded at a point of the schedule can go on.
// Only those pass it, each once per run: a goroutine that polls (poll,
// preempt) yields again and again, and would keep it waiting forever.
// When none can, the first goes on (the named operation may never be
// made in this run: its goroutine may wait for the held one).
func (e *Exec) promoteFree() {
	if len(e.ready) == 0 || !e.ready[0].heldBack() {
		return
	}
	for i, r := range e.ready {
		if r.scheduled && !r.heldBack() {
			copy(e.ready[1:i+1], e.ready[:i])
			e.ready[0] = r
			return
		}
	}
}

// enter counts an attempt of the running goroutine to acquire obj and
// yields when the schedule says so; it returns the attempt's point. Until
// acquired logs it, the attempt is pending: a run that ends with it still
// waiting (a deadlock, or a goroutine left blocked) lists the schedule in
// which it comes first too.
func (e *Exec) enter(obj unsafe.Pointer, read bool, site uint32) Point {
	return e.enterKind(obj, lockKind(read), site)
}

// enterKind is enter for an acquisition of kind k (a lock, a read lock,
// or the Lock of a commuting section).
func (e *Exec) enterKind(obj unsafe.Pointer, k opKind, site uint32) Point {
	p := e.attempt(site)
	e.pending[p] = pendingAcq{obj, k, site, e.cur.vc}
	return p
}

// pendingAcq is an attempt to acquire obj that has not succeeded yet.
type pendingAcq struct {
	obj  unsafe.Pointer
	kind opKind
	site uint32
	vc   vclock // the goroutine's clock at the attempt
}

// withPending returns obj's log followed by the attempts to acquire it
// that are still pending.
func (e *Exec) withPending(obj unsafe.Pointer) []acquisition {
	log := e.log[obj]
	for p, a := range e.pending {
		if a.obj == obj {
			log = append(log[:len(log):len(log)], acquisition{p: p, kind: a.kind, site: a.site})
		}
	}
	return log
}

func lockKind(read bool) opKind {
	if read {
		return opRead
	}
	return opWrite
}

// maxLog bounds an object's log. A log that reaches it while each kind of
// operation on the object came from one goroutine and no select or close
// took part holds no dependent pair (dependent): it is dropped, and only
// who made which kind of operation is kept (solo). The object's later
// operations by the same goroutines are not logged either, as they make
// no pair; any other, or a log that reaches the bound with pairs in it,
// makes the run note a choice instead: a program that makes hundreds of
// thousands of operations on one object is not explored in every order,
// and its log would take memory in proportion.
const maxLog = 1 << 16

// soloOps is who made the operations of a dropped log: per kind, the one
// goroutine that made them (0 for none), or -1 for the commuting updates
// of an atomic variable made by several goroutines (which make no pair
// among themselves).
type soloOps [opSectionLast + 1]int

// appendLog logs a on obj, or notes that obj's log is full.
func (e *Exec) appendLog(obj unsafe.Pointer, a acquisition, site uint32) {
	if solo, ok := e.solo[obj]; ok {
		if solo.add(a) {
			e.solo[obj] = solo
			return
		}
		e.note(site, "an object with more than %d operations, whose orders are not explored", maxLog)
		return
	}
	log := e.log[obj]
	if len(log) < maxLog {
		e.log[obj] = append(log, a)
		return
	}
	var solo soloOps
	for _, x := range append(log, a) {
		if !solo.add(x) {
			e.note(site, "an object with more than %d operations, whose orders are not explored", maxLog)
			return
		}
	}
	e.solo[obj] = solo
	delete(e.log, obj)
}

// add records a in s, and reports whether a makes no dependent pair with
// the operations s stands for: a is no select, and every other kind's
// goroutine is a's, or that kind is independent of a's. A close is
// dependent with a receive only when a sender was parked at the first of
// them, which s does not keep: it counts as dependent unless the channel's
// one sender closes it (that sender cannot be parked at its own close,
// and a receive that found it parked cannot come after the close, which
// follows the send in program order).
func (s *soloOps) add(a acquisition) bool {
	if a.pool != 0 {
		a.p.G = poolGoroutine(a.pool)
	}
	if a.sel || (s[a.kind] != 0 && s[a.kind] != a.p.G && !isUpdate(a.kind)) {
		return false
	}
	u := chanUse{send: s[opSend] != 0 || a.kind == opSend}
	closer := a.p.G
	if a.kind != opClose {
		closer = s[opClose]
	}
	senderCloses := s[opSend] == 0 || s[opSend] == closer
	for k, g := range s {
		if g == 0 || g == a.p.G {
			continue
		}
		if senderCloses && (a.kind == opClose && k == int(opRecv) || a.kind == opRecv && k == int(opClose)) {
			continue
		}
		b := acquisition{kind: opKind(k), senders: true}
		if dependent(b, a, u) || dependent(acquisition{kind: a.kind, senders: true}, b, u) {
			return false
		}
	}
	if s[a.kind] != 0 && s[a.kind] != a.p.G {
		s[a.kind] = -1 // updates of one kind by several goroutines
	} else {
		s[a.kind] = a.p.G
	}
	return true
}

// acquired logs that the acquisition p of obj (at site) took place.
func (e *Exec) acquired(obj unsafe.Pointer, p Point, read bool, site uint32) {
	e.acquiredKind(obj, p, lockKind(read), site)
}

// acquiredKind is acquired for an acquisition of kind k.
func (e *Exec) acquiredKind(obj unsafe.Pointer, p Point, k opKind, site uint32) {
	vc := e.pending[p].vc
	delete(e.pending, p)
	e.appendLog(obj, acquisition{p: p, kind: k, site: site, vc: vc}, site)
}

// chanOp logs an operation on the channel ch at point p, when it is
// attempted.
func (e *Exec) chanOp(ch unsafe.Pointer, p Point, kind opKind, sel bool, site uint32) {
	cs := e.chanState(ch)
	senders := hasWaiter(cs.sendq)
	e.appendLog(ch, acquisition{p: p, kind: kind, sel: sel, senders: senders, site: site, vc: e.cur.vc}, site)
	e.lazy[ch] = true
}

// logOp logs an operation on obj at point p, when it is attempted, for an
// object whose pairs of dependent operations Explorable looks for at the
// end of the run.
func (e *Exec) logOp(obj unsafe.Pointer, p Point, kind opKind, site uint32) {
	e.appendLog(obj, acquisition{p: p, kind: kind, site: site, vc: e.cur.vc}, site)
	e.lazy[obj] = true
}

// selected records that the select statement at p (at site) found the
// cases ready ready (indices, at least two) and took case c.
func (e *Exec) selected(p Point, ready []int, c int, site uint32) {
	e.explore(site, "a select statement with %d cases ready", len(ready))
	e.choices = append(e.choices, selChoice{p: p, ready: ready, took: c})
}

// selChoice is a select statement that had several cases ready.
type selChoice struct {
	p     Point
	ready []int
	took  int
}

// Explorable reports whether another order of operations, or another
// case of a select statement, may give another graph.
func (e *Exec) Explorable() bool {
	if !e.explorable {
		for obj := range e.lazy {
			log := e.withPending(obj)
			u := useOf(log)
			for i := 1; i < len(log) && !e.explorable; i++ {
				e.reversals(log, i, u, func(a acquisition) bool {
					what := "a channel"
					switch {
					case e.mutexes[obj] != nil:
						// A mutex's log is lazy when it holds commuting
						// sections (section.go).
						what = "a mutex"
					case isUpdate(log[i].kind) || isUpdate(a.kind) || log[i].kind == opWrite:
						// Only an atomic variable's log holds both
						// lazily logged updates and acquisitions.
						what = "an atomic variable"
					case log[i].kind >= opCondWait:
						what = "a sync.Cond"
					case log[i].kind >= opWgAdd:
						what = "a sync.WaitGroup"
					}
					e.explore(log[i].site, "%s that goroutines %d and %d both use, goroutine %d", what, a.p.G, log[i].p.G, log[i].p.G)
					return false
				})
			}
		}
	}
	return e.explorable
}

// Alternatives returns the schedules that reverse one pair of dependent
// operations of one object by two goroutines, each the run's schedule
// plus the point at which the first of the pair yields, and those that
// take another ready case of a select statement.
func (e *Exec) Alternatives() []Schedule {
	var out []Schedule
	chosen := map[Point]bool{}
	yielded := map[Point]Point{} // yield points, and the operations they name
	for _, p := range e.sched {
		if p.C > 0 {
			chosen[p.at()] = true
		} else {
			yielded[p.at()] = p.to()
		}
	}
	add := func(p Point) {
		s := append(append(Schedule(nil), e.sched...), p)
		out = append(out, s)
	}
	// Each yield names the operation it lets go first (see Point); a
	// yield that named another one, which came first, is listed again
	// naming this one, so that the goroutine is held back until it too.
	retarget := func(a, b Point) {
		s := make(Schedule, 0, len(e.sched))
		for _, p := range e.sched {
			if p.C == 0 && p.at() == a {
				p.ToG, p.ToK = b.G, b.K
			}
			s = append(s, p)
		}
		out = append(out, s)
	}
	logs := make(map[unsafe.Pointer][]acquisition, len(e.log))
	for obj := range e.log {
		logs[obj] = e.withPending(obj)
	}
	for _, a := range e.pending {
		if logs[a.obj] == nil {
			logs[a.obj] = e.withPending(a.obj)
		}
	}
	for _, log := range logs {
		u := useOf(log)
		for i := 1; i < len(log); i++ {
			b := log[i].p
			e.reversals(log, i, u, func(a acquisition) bool {
				to, ok := yielded[a.p]
				switch {
				case !ok:
					yielded[a.p] = b
					add(Point{G: a.p.G, K: a.p.K, ToG: b.G, ToK: b.K})
				case to != b.at() && b.G > 0:
					// a yields already, and still came first: the
					// goroutine that makes b yielded too and went on
					// after a's, or was let go on by one that did, or
					// a's yield named another operation. It names b
					// now, which holds a's goroutine back until b is
					// made (promoteFree, readyFirst).
					yielded[a.p] = b.at()
					retarget(a.p, b.at())
				}
				return true
			})
		}
	}
	for _, c := range e.choices {
		if chosen[c.p] {
			continue // the schedule chose the case already
		}
		for _, r := range c.ready {
			if r != c.took {
				add(Point{G: c.p.G, K: c.p.K, C: r + 1})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

// Fingerprint identifies the run's orders of operations and the cases its
// select statements took: two runs with the same fingerprint made the same
// operations in the same orders, so the schedules that reverse their pairs
// are the same too. The updates of a round of commuting updates
// (commute.go) are listed in one order whatever order they ran in: their
// orders are one run, and the pairs they make with the operations around
// the round are the same in each.
func (e *Exec) Fingerprint() string {
	var orders []string
	for _, log := range e.log {
		var b strings.Builder
		for i := 0; i < len(log); {
			j := i + 1
			if isUpdate(log[i].kind) {
				for j < len(log) && log[j].kind == log[i].kind {
					j++
				}
			}
			round := make([]Point, 0, j-i)
			for _, a := range log[i:j] {
				round = append(round, a.p)
			}
			sort.Slice(round, func(x, y int) bool {
				return round[x].G < round[y].G || round[x].G == round[y].G && round[x].K < round[y].K
			})
			for _, p := range round {
				fmt.Fprintf(&b, "%s;", p)
			}
			i = j
		}
		orders = append(orders, b.String())
	}
	sort.Strings(orders)
	var b strings.Builder
	for _, c := range e.choices {
		fmt.Fprintf(&b, "%s:%d;", c.p, c.took)
	}
	return strings.Join(orders, "|") + "/" + b.String()
}
