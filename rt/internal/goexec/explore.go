package goexec

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// Exploring the orders of acquisitions. Which goroutine acquires a mutex
// (or runs a Once's function, or makes an atomic operation) first, which
// of two senders' values a channel carries first, which of two receivers
// takes a value, whether a send comes before a close, and which ready case
// a select statement takes are the choices of a run that can change its
// graph. A run records, per object, the order in which goroutines
// attempted its operations (for a channel, its sends, receives, closes
// and the select statements that offered to communicate on it), and the
// order of all its attempts. Two operations on different objects are
// independent, and so are two read locks of one RWMutex and, on one
// channel, a send and a receive outside select statements: which receive
// takes which value depends only on the order of the sends among
// themselves and of the receives among themselves, and a send or a
// receive blocks in one order and not in the other without the pairing
// changing (dependent lists the rest).
//
// The exploration is dynamic partial-order reduction (Flanagan and
// Godefroid, POPL 2005), stateless, with the program run again for each
// schedule. A step is a goroutine's attempt and what it does until its
// next one; a run's state after i steps is named by its first i attempts
// (which goroutine made each: the executor is deterministic, so the same
// order of attempts makes the same state). For each operation b and each
// earlier operation a of another goroutine that is dependent with it and
// not ordered before it by happens-before (reversals, hb.go), the run
// lists the schedule that goes to the state before a by its own order of
// attempts and lets b's goroutine make the next step there, if it can
// (enabled): else every goroutine that can, but a's, as the algorithm's
// backtracking sets take every enabled process then. A select statement
// that found several cases ready is run again, with the same prefix,
// taking each other ready case. The runs of those schedules list theirs
// in turn, down to runs that list no schedule not run yet. Sleep sets
// (sleep.go) keep a run from listing a goroutine whose step, from that
// state, another branch explores.
//
// Why every order of dependent operations is reached: by Flanagan and
// Godefroid's Theorem 1, in a state space without cycles (a run ends) the
// steps explored from each state this way form a persistent set of it,
// and a search that explores a persistent set in every state it visits
// reaches a run of every Mazurkiewicz trace of the program (every class of
// runs that differ only in the order of independent steps; Godefroid's
// thesis, 1996). Two runs of one trace make the same graph, so every graph
// that a schedule makes is the graph of an explored run, and the detector,
// which checks every schedule of one graph (the futures paper's Theorem
// 2), checks every schedule. TestEveryOrder counts the orders reached on
// programs whose traces are known, and TestExactSubset compares random
// programs with a brute-force oracle of every interleaving. Two commuting atomic updates are independent
// (commute.go), and so are the Locks of two commuting sections of one
// class (section.go); a pool's workers are interchangeable (pool.go). A
// run follows its schedule's prefix by making each goroutine wait at an
// attempt until its turn (takeTurn); one that cannot (its program made
// other operations: it reads the clock, or input) says so (Diverged), and
// the exploration's verdict with it.
//
// A schedule may also name points at which a goroutine yields, and the
// operation it lets go first: such schedules were the exploration's
// before, and a replay option may still name them (Point).

// Point names an acquisition: the K-th acquisition (counting from 1) that
// goroutine G attempted. In a schedule, C is what the goroutine does
// there: 0 to yield, c+1 to take case c of a select statement when that
// case is ready. A yield may name the operation it lets go first, the
// ToK-th acquisition of goroutine ToG (written G.K/ToG.ToK): the run's
// clock (timers.go, readyFirst) then holds the goroutine back only until
// that operation is made (attempted, past its own yield if it yields
// there too), and, until then, the other goroutines that yielded at points of the schedule go on
// before it (promoteFree). A yield without it goes on first in first out
// among the goroutines that yielded. Exploration lists schedules that
// name only cases (and an order of attempts: Schedule); a replay option
// may name yields.
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

// Schedule is what an explored run does differently from the depth-first
// run: it makes its first attempts in the order Follow gives, and then
// yields, or chooses a case of a select statement, at its Points.
//
// Follow lists goroutines, one per attempt (an acquisition a Point can
// name): the run's i-th attempt is the next attempt of goroutine
// Follow[i]. A goroutine that reaches an attempt before its turn waits
// there (takeTurn), and the others go on, until the attempts before its
// own were made. After the last, the run goes on as the depth-first run
// does. Exploration lists schedules whose Follow is a prefix of a run's
// own order of attempts followed by the goroutine whose next attempt is
// to come first (Alternatives), and a select statement's other ready case
// with the prefix before it: the nodes and branches of the tree that
// dynamic partial-order reduction walks.
type Schedule struct {
	Follow []int32
	Points []Point
	// Sleep is the schedule's sleep set (sleep.go): steps that runs of
	// other schedules explore, whose goroutines its run does not list as
	// the next to go while they are asleep. It changes which schedules
	// the run lists, not the run.
	Sleep []Asleep
	// Walk is the goroutine whose racing step the schedule moves, for a
	// schedule that racySteps listed (start.go): its run lists the
	// schedules that move that step further, and no other. 0 for the
	// others. Like Sleep, it changes which schedules the run lists, not
	// the run.
	Walk int32
}

// String formats s as the replay option takes it: "g", the order of the
// first attempts after "@" when there is one (a goroutine, or a goroutine
// and "*" and how many attempts in a row it makes, separated by dots),
// and the points, sorted, separated by commas ("g" alone for the
// depth-first schedule). A late turn is written as the goroutine's
// negative, a late start (start.go) as "s" and the goroutine, a pause
// after a release (start.go) as "p" and the goroutine, and a turn of the
// clock (clockTurn) as "c". The sleep set, when there is one,
// comes last, after "|": goroutine "@" state, separated by commas. The
// replay option takes it, and it makes no difference there (Replay leaves
// it out).
func (s Schedule) String() string {
	ps := append([]Point(nil), s.Points...)
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
	if len(s.Follow) > 0 {
		b.WriteString("@")
		for i := 0; i < len(s.Follow); {
			j := i + 1
			for j < len(s.Follow) && s.Follow[j] == s.Follow[i] {
				j++
			}
			if i > 0 {
				b.WriteString(".")
			}
			if s.Follow[i] == clockTurn {
				b.WriteString("c")
			} else if g, ok := startOf(s.Follow[i]); ok {
				fmt.Fprintf(&b, "s%d", g)
			} else if g, ok := pauseOf(s.Follow[i]); ok {
				fmt.Fprintf(&b, "p%d", g)
			} else {
				fmt.Fprintf(&b, "%d", s.Follow[i])
			}
			if j-i > 1 {
				fmt.Fprintf(&b, "*%d", j-i)
			}
			i = j
		}
		if len(ps) > 0 {
			b.WriteString(",")
		}
	}
	for i, p := range ps {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(p.String())
	}
	if len(s.Sleep) > 0 {
		z := append([]Asleep(nil), s.Sleep...)
		sort.Slice(z, func(i, j int) bool {
			if z[i].At != z[j].At {
				return z[i].At < z[j].At
			}
			return z[i].G < z[j].G
		})
		b.WriteString("|")
		for i, a := range z {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, "%d@%d", a.G, a.At)
		}
	}
	if s.Walk > 0 {
		fmt.Fprintf(&b, "^%d", s.Walk)
	}
	return b.String()
}

// Replay is s without its sleep set, as a report shows it.
func (s Schedule) Replay() string {
	s.Sleep, s.Walk = nil, 0
	return s.String()
}

// maxFollow bounds the attempts a parsed schedule lists.
const maxFollow = 1 << 24

// ParseSchedule reads a schedule written by Schedule.String.
func ParseSchedule(s string) (Schedule, error) {
	var out Schedule
	rest, ok := strings.CutPrefix(s, "g")
	if !ok {
		return out, fmt.Errorf("schedule %q: want g followed by goroutine.acquisition pairs", s)
	}
	rest, walk, hasWalk := strings.Cut(rest, "^")
	if hasWalk {
		w, err := strconv.Atoi(walk)
		if err != nil || w < 1 || w > maxStartG {
			return Schedule{}, fmt.Errorf("schedule %q: %q is not a goroutine", s, walk)
		}
		out.Walk = int32(w)
	}
	rest, sleep, hasSleep := strings.Cut(rest, "|")
	if hasSleep {
		for _, f := range strings.Split(sleep, ",") {
			gs, ats, _ := strings.Cut(f, "@")
			g, err1 := strconv.Atoi(gs)
			at, err2 := strconv.Atoi(ats)
			if err1 != nil || err2 != nil || g < 1 || g > math.MaxInt32 || at < 0 || at > maxFollow || len(out.Sleep) >= maxFollow {
				return Schedule{}, fmt.Errorf("schedule %q: %q is not goroutine@state", s, f)
			}
			out.Sleep = append(out.Sleep, Asleep{At: int32(at), G: int32(g)})
		}
	}
	if f, ok := strings.CutPrefix(rest, "@"); ok {
		f, rest, _ = strings.Cut(f, ",")
		for _, run := range strings.Split(f, ".") {
			gs, ns, hasN := strings.Cut(run, "*")
			g, err := strconv.Atoi(gs)
			if gs == "c" {
				g, err = int(clockTurn), nil
			} else if n, ok := strings.CutPrefix(gs, "s"); ok {
				if g, err = strconv.Atoi(n); err == nil && (g < 1 || g > maxStartG) {
					err = fmt.Errorf("no goroutine %d", g)
				}
				g = int(startCode(g))
			} else if n, ok := strings.CutPrefix(gs, "p"); ok {
				if g, err = strconv.Atoi(n); err == nil && (g < 1 || g > maxStartG) {
					err = fmt.Errorf("no goroutine %d", g)
				}
				g = int(pauseCode(g))
			}
			n := 1
			var errN error
			if hasN {
				n, errN = strconv.Atoi(ns)
				if errN == nil && n < 1 {
					errN = fmt.Errorf("no attempts")
				}
			}
			if err != nil || errN != nil || g == 0 || (g <= startBase && gs[0] != 'c' && gs[0] != 's' && gs[0] != 'p') || g > math.MaxInt32 || n > maxFollow-len(out.Follow) {
				return Schedule{}, fmt.Errorf("schedule %q: %q is not goroutine or goroutine*count", s, run)
			}
			for range n {
				out.Follow = append(out.Follow, int32(g))
			}
		}
	}
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
			return Schedule{}, fmt.Errorf("schedule %q: %q is not goroutine.acquisition, goroutine.acquisition:case or goroutine.acquisition/goroutine.acquisition", s, f)
		}
		out.Points = append(out.Points, Point{G: g, K: k, C: c + 1, ToG: tg, ToK: tk})
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
	opWrite      opKind = iota // a Lock, the Do of a Once that runs its function, an atomic operation
	opRead                     // an RLock, a Do of a Once that finds its function run or running
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

// opInsert is the kind of the Lock of an insert section (LockInsert): two
// are dependent when their keys are the same.
const opInsert = opSection + classInsert - 1

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
	key     any    // the key of the Lock of an insert section (LockInsert)
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
// so are the operations of an atomic variable; of a Once, the Do that runs
// its function is dependent with every other (another order lets that one
// run it), and two Dos that find it run or running are not. Of a
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
		if a.kind == opInsert && b.kind == opInsert {
			return sameKey(a.key, b.key)
		}
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

// raceNote is a race the detector found in the run: the attempts made
// when it found it, the segments of its two accesses and their clocks
// (hb.go: the clock of the running goroutine for the current access, the
// segment's clock when it ended or was released, or its goroutine's
// clock now, for the earlier one), or wide when one of them is not known
// or the earlier access was a read or isolated (raceAfter).
type raceNote struct {
	at         int
	prevT, cur event.Task
	prevWide   bool
	read       bool      // one of the two accesses is a read (start.go)
	sites      [2]uint32 // the sites of the two accesses, lower first
	clocks     [2]vclock // of prevT and cur
	wide       bool
}

// maxRaceNotes bounds the races a run notes one by one; past it, a race
// only moves Exec.raceWideAt, and counts as wide.
const maxRaceNotes = 1 << 12

// RaceFound tells the run that the detector found a race between the
// access being made, of segment cur, and an earlier one of segment prev,
// a read or an isolated access when prevWide is set: late turns
// (Alternatives) are listed only for attempts that such a race can
// concern (raceAfter); read says that one of the two accesses is a read,
// which may have read another value in another order (start.go), and
// sites are their sites. The detector calls it for every racing byte, so
// the same pair at the next byte costs one comparison.
func (e *Exec) RaceFound(prev, cur event.Task, prevWide, read bool, sites [2]uint32) {
	if sites[0] > sites[1] {
		sites[0], sites[1] = sites[1], sites[0]
	}
	e.raced = true
	at := len(e.attempts)
	if k := len(e.raceLog); k > 0 {
		if l := &e.raceLog[k-1]; l.at == at && l.prevT == prev && l.cur == cur && l.prevWide == prevWide && l.read == read {
			return
		}
	}
	if len(e.raceLog) >= maxRaceNotes {
		e.raceWideAt = at + 1
		return
	}
	n := raceNote{at: at, prevT: prev, cur: cur, prevWide: prevWide, read: read, sites: sites, wide: prevWide || e.hbOff}
	if !n.wide {
		n.clocks = [2]vclock{e.segmentClock(prev), e.segmentClock(cur)}
		n.wide = n.clocks[0] == nil || n.clocks[1] == nil
	}
	e.raceLog = append(e.raceLog, n)
}

// segmentClock returns the clock of segment s: the clock it ended or was
// released with, or, while it is open, its goroutine's clock now; nil when
// the run does not know it. Either is at least the clock of any access
// of the segment, which is all raceAfter needs.
func (e *Exec) segmentClock(s event.Task) vclock {
	if c, ok := e.segClock[s]; ok {
		return c
	}
	for _, g := range e.gs {
		if slices.Contains(g.segs, s) {
			return g.vc
		}
	}
	return nil
}

// raceAfter reports whether a race of the run may concern the late turn
// of the attempt a, made at index ia of the run's order: a race found
// after the attempt, one of whose accesses is in a segment that the graph
// orders after a (or may: wide), or any race when the run noted none one
// by one. Alternatives gives the argument.
func (e *Exec) raceAfter(a acquisition, ia int) bool {
	if !e.raced || e.raceWideAt-1 > ia {
		return true
	}
	i := a.p.G - 1
	after := func(c vclock) bool { return i < len(c) && i < len(a.vc) && a.vc[i] <= c[i] }
	for _, r := range e.raceLog {
		if r.at > ia && (r.wide || a.vc == nil || after(r.clocks[0]) || after(r.clocks[1])) {
			return true
		}
	}
	return false
}

// SetSchedule makes the run yield, and choose cases, at the points of s.
func (e *Exec) SetSchedule(s Schedule) {
	e.sched = s
	e.follow = s.Follow
	e.pauseAfter, e.pauseFirst = pausesOf(s.Follow)
	e.yieldAt = map[Point]bool{}
	e.caseAt = map[Point]int{}
	e.yieldTo = map[Point]Point{}
	for _, p := range s.Points {
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
	if g.pauseDue {
		// A hook that released and now attempts (a Cond's Wait): the
		// pause comes between the two (start.go).
		e.pauseTurn(g)
	}
	if g.roLock != nil {
		e.promoteRO(site)
	}
	g.acqs++
	g.stepAt, g.relSince = -2, false
	if len(e.attempts) < maxAttempts {
		g.stepAt = int32(len(e.attempts))
	}
	p := Point{G: g.ID, K: g.acqs}
	id := int32(g.ID)
	if e.fidx < len(e.follow) && e.takeTurn(g, site) {
		id = -id
	}
	if i := len(e.attempts); len(e.stack) > 0 {
		// Another goroutine is between two of its steps: it handed the
		// baton to a goroutine it started or woke (Alternatives, late).
		for len(e.early) <= i/64 {
			e.early = append(e.early, 0)
		}
		e.early[i/64] |= 1 << (i % 64)
	}
	if len(e.attempts) < maxAttempts {
		g.attAt = append(g.attAt, int32(len(e.attempts)))
		e.attempts = append(e.attempts, id)
	}
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

// takeTurn makes g, at an attempt while the run follows its schedule's
// order of attempts, wait until its turn: until every attempt that
// Follow lists before its own was made. It waits as a goroutine that
// yielded does, and the scheduler passes it over while another can go on
// (turnFirst). A late turn (a negative entry) comes once no other
// goroutine can go on (releaseLate): the others first make every step
// they can up to their next attempt. takeTurn reports whether the turn
// was a late one. A goroutine that goes on before its turn went on
// because no goroutine could make the attempt whose turn it is: the run
// cannot follow the order any further (the program did not make the same
// operations, or the schedule was not one a run listed), and goes on from
// here as the depth-first run does (diverge).
func (e *Exec) takeTurn(g *G, site uint32) bool {
	if e.clockStep(g) {
		// A timer's function, on the way to the wake of the goroutine
		// whose turn it is (clock.go): part of the clock's step.
		return false
	}
	id := int32(g.ID)
	for e.fidx < len(e.follow) {
		f := e.follow[e.fidx]
		if f == id || f == -id && g.lateGo {
			break
		}
		e.parkForTurn(g, site)
	}
	late := g.lateGo
	g.lateGo = false
	if e.fidx < len(e.follow) {
		e.armPause(g, e.fidx)
		e.fidx++
		e.passTurn()
	}
	return late
}

// parkForTurn parks g, which waits for a turn of the order the run
// follows, until another goroutine's operation lets it go on (passTurn,
// releaseLate); when it went on still waiting for its turn (no goroutine
// could make the entry whose turn it is), the run diverges.
func (e *Exec) parkForTurn(g *G, site uint32) {
	g.turn, g.released = true, false
	e.ready = append(e.ready, g)
	e.park(g, "yield", site)
	if g.turn {
		e.diverge(site)
	}
}

// passTurn lets the goroutine whose turn comes next go on, if it waits
// for it and its turn is not a late one, and every goroutine once the
// order was followed to its end. A goroutine that waited for its turn did
// not yield: it goes on before the run's clock moves (readyFirst), as it
// would have without waiting.
func (e *Exec) passTurn() {
	end := e.fidx == len(e.follow)
	for _, r := range e.ready {
		if r.turn && (end || int32(r.ID) == e.follow[e.fidx]) {
			r.turn, r.released = false, true
		}
	}
}

// releaseLate lets the goroutine whose late turn it is go on, when it
// waits for it, and reports whether it did.
func (e *Exec) releaseLate() bool {
	if e.fidx == len(e.follow) {
		return false
	}
	for _, r := range e.ready {
		// A goroutine that waits for its turn is released here when
		// its late turn (or late start or pause, start.go) is next, although it
		// may have parked while another turn was next.
		want := -int32(r.ID)
		if r.lateCode != 0 {
			want = r.lateCode
		}
		if r.turn && want == e.follow[e.fidx] {
			r.turn, r.lateGo, r.released = false, true, true
			return true
		}
	}
	return false
}

// diverge ends the following of the schedule's order of attempts, and
// notes it as a choice: the run is not the one its schedule stands for in
// the exploration, whose verdict then covers the schedules it ran only.
func (e *Exec) diverge(site uint32) {
	e.note(site, "a run that could not make its operations in the order of the run that listed its schedule (the program made other operations)")
	e.Diverged = true
	e.follow = e.follow[:e.fidx]
	e.passTurn()
}

// turnFirst moves the first goroutine of e.ready that does not wait for
// its turn to the front, the others keeping their order, and reports
// whether there was one.
func (e *Exec) turnFirst() bool {
	for i, r := range e.ready {
		if !r.turn {
			copy(e.ready[1:i+1], e.ready[:i])
			e.ready[0] = r
			return true
		}
	}
	return false
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
	e.pending[p] = pendingAcq{obj: obj, kind: k, site: site, vc: e.cur.vc}
	return p
}

// pendingAcq is an attempt to acquire obj that has not succeeded yet.
type pendingAcq struct {
	obj  unsafe.Pointer
	kind opKind
	site uint32
	vc   vclock // the goroutine's clock at the attempt
	key  any    // the key of an insert section (LockInsert)
}

// withKey returns a with the key of an insert section.
func withKey(a pendingAcq, key any) pendingAcq {
	a.key = key
	return a
}

// withPending returns obj's log followed by the attempts to acquire it
// that are still pending.
func (e *Exec) withPending(obj unsafe.Pointer) []acquisition {
	log := e.log[obj].all()
	for p, a := range e.pending {
		if a.obj == obj {
			log = append(log[:len(log):len(log)], acquisition{p: p, kind: a.kind, site: a.site, key: a.key})
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
	if log == nil {
		log = new(acqLog)
		e.log[obj] = log
	}
	if log.n < maxLog {
		log.append(a)
		return
	}
	var solo soloOps
	for _, c := range log.chunks {
		for _, x := range c {
			if !solo.add(x) {
				e.note(site, "an object with more than %d operations, whose orders are not explored", maxLog)
				return
			}
		}
	}
	if !solo.add(a) {
		e.note(site, "an object with more than %d operations, whose orders are not explored", maxLog)
		return
	}
	e.solo[obj] = solo
	delete(e.log, obj)
}

// logChunk is the length of the chunks of an acqLog.
const logChunk = 1 << 10

// acqLog is an object's log of acquisitions, in order. It is kept in
// chunks of logChunk, so that a long log (a mutex that every goroutine of a
// run locks, up to maxLog) grows without copying what it holds: the
// doubling of one slice copied each entry about four times (append grows
// a large slice by a quarter) into new memory, and the copies and the page
// faults of that memory were a quarter of the run of a counter that a
// hundred goroutines update under one lock.
type acqLog struct {
	chunks [][]acquisition
	n      int
}

// append adds a at the end of l. The first chunk grows as a slice does,
// up to logChunk, so that the logs of the many objects with a few
// operations stay small; the later ones are made at their full length.
func (l *acqLog) append(a acquisition) {
	k := len(l.chunks) - 1
	switch {
	case k < 0:
		l.chunks = [][]acquisition{{a}}
	case len(l.chunks[k]) < cap(l.chunks[k]) || k == 0 && cap(l.chunks[0]) < logChunk:
		l.chunks[k] = append(l.chunks[k], a)
	default:
		c := make([]acquisition, 1, logChunk)
		c[0] = a
		l.chunks = append(l.chunks, c)
	}
	l.n++
}

// all returns l's entries as one slice, which the caller may not append
// to in place: the first chunk itself when there is only one.
func (l *acqLog) all() []acquisition {
	switch {
	case l == nil || l.n == 0:
		return nil
	case len(l.chunks) == 1:
		c := l.chunks[0]
		return c[:len(c):len(c)]
	}
	s := make([]acquisition, 0, l.n)
	for _, c := range l.chunks {
		s = append(s, c...)
	}
	return s
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
	if a.sel || (s[a.kind] != 0 && s[a.kind] != a.p.G && (!isUpdate(a.kind) || a.kind == opInsert)) {
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
	pa := e.pending[p]
	delete(e.pending, p)
	e.appendLog(obj, acquisition{p: p, kind: k, site: site, vc: pa.vc, key: pa.key}, site)
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
	e.choices = append(e.choices, selChoice{p: p, ready: ready, took: c, site: site})
}

// selChoice is a select statement that had several cases ready.
type selChoice struct {
	p     Point
	ready []int
	took  int
	site  uint32
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
					case e.onces[obj] != nil:
						what = "a sync.Once"
					case e.atomics[obj] != nil:
						// Its log is lazy when it holds commuting updates
						// or Loads (commute.go, sync.go's AtomicLoad).
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
	if !e.explorable {
		if rs := e.stepRaces(); len(rs) > 0 {
			// A racy run whose only choices are where a racing
			// read's step comes (start.go).
			e.explore(rs[0][0].g.Site, "a step of goroutine %d that races with a read, which another goroutine's step may come before", rs[0][0].g.ID)
		}
	}
	return e.explorable
}

// Alternatives returns the schedules that reverse one pair of dependent
// operations of one object by two goroutines, and those that take another
// ready case of a select statement, as dynamic partial-order reduction
// (Flanagan and Godefroid, POPL 2005) lists them: for a pair a, b (a
// first, not ordered by happens-before: reversals), the run's own order
// of attempts up to a, and then b's goroutine, whose next attempt comes
// before a's when it can go on there (enabled); when it cannot (it waits
// for another goroutine, or was not created yet), every goroutine that
// can, as the backtracking sets of the algorithm take every enabled
// process then. For a select statement that had several cases ready (or
// a sync.Pool's Get that found objects, or tied timers), the order up to
// and including its attempt, and the other case. A schedule lists the points of the
// run's schedule that come in the prefix it keeps (the select
// statements' cases), so that the prefix runs as it ran here.
//
// A step that came while another goroutine was between two of its steps
// (it had started or woken the goroutine of the step, which the
// depth-first run runs at once) is listed once more, in a run that found
// a race, as a late turn: the same prefix, and then every other goroutine
// makes what it can of its step before it. In a run without a race the
// two orders make one trace: the rest of the other goroutine's step
// accesses no location that the step accesses (the two are not ordered
// by happens-before, so the detector would have reported a race), and
// its releases (an Unlock, a Done) come before an acquisition of the step
// in one order and let it go on in the other, with the same edges. In a
// racy run, the step may read what the other goroutine was about to
// write, and take another path (a consumer that finds an item a producer
// appended without the lock, and does not wait).
//
// Only a race found after the attempt, with an access that the graph
// orders after the attempt, can make its late turn another trace
// (RaceFound, raceAfter), so a late turn is listed only then. The run up
// to the goroutine's arrival at the attempt a is the same in both
// schedules: the same prefix of attempts, and between them the same
// goroutines running the same code on the same values. What the late
// turn changes is the order of what comes after that point: what the
// graph orders after a (the goroutine's own rest, and what waits for it)
// comes after what it does not order after a and the others can do
// first. Two accesses u (ordered after a) and v (not) that it swaps came
// in that order here, after the attempt, and are unordered (u before v in
// the graph would put v after a). If they conflict, they race, and the
// detector found a race in this run between the two, after the attempt,
// whose earlier access is ordered after a or is a read or an isolated
// access (wide): when u is a write, v's check meets the location's last
// writer, which is u or a later write that followed it (ordered after
// a, then) unless one raced with it, found at that write with the writer
// it replaced as the earlier access; when u is a read, a later check may
// meet a reader (isolated or not) that stands for it, and such a race is
// wide. With no such race, every conflicting pair that the late turn
// swaps keeps its order, every read reads what it read here, and the late
// turn's run is this run's trace again. A segment's clock is taken at its
// end (or now), which can only add races that count. (Two accesses that
// the graph orders after a, or two that it does not, may also come in
// another order in the late turn's run, as the scheduler goes on from
// another state; the first kind races with an access ordered after a,
// which counts, and the second is a pair of other goroutines, whose own
// early attempts have late turns. Runs that found a race promise no more
// than this: a racing read can hide other races, as the README says.)
//
// The pairs whose second operation comes in the order the run followed
// (the prefix its schedule kept from the run that listed it) are not
// listed again: that run listed them, with the same prefixes. A
// goroutine asleep at a state (sleep.go) is not listed to go first there,
// and the schedules that let a goroutine go first carry their sleep sets.
func (e *Exec) Alternatives(racy bool) []Schedule {
	// The same goroutine is asked about the same state for many pairs:
	// a run of a thousand goroutines asks a million times.
	e.enabledMemo = map[[2]int32]bool{}
	defer func() { e.enabledMemo = nil }()
	var out []Schedule
	fixed := max(0, min(e.fidx, len(e.sched.Follow)-1))
	if e.Diverged {
		fixed = e.fidx
	}
	// index is p's place in the order of attempts, or -1 past
	// maxAttempts.
	index := func(p Point) int {
		if at := e.gs[p.G-1].attAt; p.K <= len(at) {
			return int(at[p.K-1])
		}
		return -1
	}
	// keep returns the points of the run's schedule before the attempt i.
	keep := func(i int) []Point {
		var ps []Point
		for _, p := range e.sched.Points {
			if p.G <= len(e.gs) && p.K <= len(e.gs[p.G-1].attAt) && index(p.at()) < i {
				ps = append(ps, p)
			}
		}
		return ps
	}
	type key struct {
		i       int
		g, then int32
		p       Point
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
	stutter := e.stutterCheck(logs, index)
	sleeping := e.runSleep(logs, index)
	// branches are the schedules listed for a goroutine to go first at a
	// state (by the index of out), which get sleep sets below.
	branches := map[int]int{}
	listed := map[key]bool{}
	size := 0
	full := false // past maxAlternatives or ListBy: the run noted a choice, and lists no more
	// overdue reports whether ListBy has passed, looking at every
	// listByEvery-th pair, and then notes the choice at site.
	pairs := 0
	overdue := func(site uint32) bool {
		if pairs++; e.ListBy.IsZero() || pairs%e.listByEvery != 0 {
			return false
		}
		if time.Now().Before(e.ListBy) {
			return false
		}
		e.note(site, "a run whose orders of operations took longer than the explore_time limit to list")
		full = true
		return true
	}
	// list lists the run's order up to the attempt i, then g (and then
	// then, when it is not 0), with the point p when it is not nil.
	list := func(i int, g, then int32, p *Point, site uint32, walk int32) {
		if g > 0 && p == nil && asleep(sleeping, g, i) {
			return // its branch is explored (sleep.go)
		}
		k := key{i: i, g: g, then: then}
		if p != nil {
			k.p = *p
		}
		if listed[k] {
			return
		}
		listed[k] = true
		if len(out) == maxAlternatives || size+i > maxAlternativeSize {
			e.note(site, "a run with more than %d orders of its operations to explore", len(out))
			full = true
			return
		}
		size += i + 1
		s := Schedule{Follow: e.attempts[:i:i], Points: keep(i), Walk: walk}
		if g != 0 {
			s.Follow = append(s.Follow, g)
		}
		if then != 0 {
			s.Follow = append(s.Follow, then)
		}
		s.Follow = e.keepWaiting(s.Follow, i)
		if p != nil {
			s.Points = append(s.Points, *p)
		} else if g > 0 && then == 0 {
			branches[len(out)] = i
		}
		out = append(out, s)
	}
	// A run of a walk (start.go) lists the walk's next steps only.
	add := func(i int, g int32, p *Point, site uint32) {
		if e.sched.Walk == 0 {
			list(i, g, 0, p, site, 0)
		}
	}
	for _, log := range logs {
		u := useOf(log)
		for i := 1; i < len(log) && !full; i++ {
			b := log[i].p
			if ib := index(b); ib < 0 {
				e.note(log[i].site, "a run with more than %d synchronising operations, whose later orders are not explored", maxAttempts)
				break
			} else if ib < fixed {
				continue
			}
			e.reversals(log, i, u, func(a acquisition) bool {
				if full || overdue(log[i].site) {
					return false
				}
				ia := index(a.p)
				if racy && e.isEarly(ia) && e.raceAfter(a, ia) {
					// a came while another goroutine was between two
					// of its steps (the depth-first run runs a new
					// goroutine before the rest of its creator's step):
					// in a racy run, a also comes once the others made
					// theirs (late).
					add(ia, -int32(a.p.G), nil, log[i].site)
				}
				if e.enabled(b.G, ia) {
					if !stutter(b.G, ia) && !e.pollsCapped(b.G, ia, log[i].site) {
						add(ia, int32(b.G), nil, log[i].site)
					}
					return true
				}
				for _, g := range e.gs {
					if g.ID != a.p.G && e.enabled(g.ID, ia) && !stutter(g.ID, ia) && !e.pollsCapped(g.ID, ia, log[i].site) {
						add(ia, int32(g.ID), nil, log[i].site)
					}
				}
				return true
			})
		}
	}
	for _, c := range e.clockFirst {
		// The clock could have woken goroutine c.g before the operation
		// that woke it, or made a case of a select statement ready
		// before it (clock.go).
		if c.at >= fixed {
			add(c.at, c.g, nil, 0)
		}
	}
	if racy {
		e.racySteps(fixed, stutter, list)
	}
	chosen := map[Point]bool{}
	for _, p := range e.sched.Points {
		if p.C > 0 {
			chosen[p.at()] = true
		}
	}
	for _, c := range e.choices {
		if chosen[c.p] {
			continue // the schedule chose the case already
		}
		for _, r := range c.ready {
			if i := index(c.p); i < 0 {
				e.note(c.site, "a run with more than %d synchronising operations, whose later orders are not explored", maxAttempts)
			} else if r != c.took {
				// The order up to the choice's own attempt, which
				// makes the same state, with its ready cases, and
				// another case: a free run from before the attempt
				// could let another goroutine go first (the run's
				// order came from its schedule, not from the
				// depth-first order), and the combination of the
				// order and the case would never be run.
				add(i, e.attempts[i], &Point{G: c.p.G, K: c.p.K, C: r + 1}, c.site)
			}
		}
	}
	e.sleepSets(out, branches, sleeping)
	// An exploration takes the last listed first. Walks of racing steps
	// (start.go) last, so that they come first: a walk is bounded (its
	// runs list its next steps only, up to the run's end), and the races
	// it finds are what the orders of the operations would reach only
	// after many runs. Then late starts first, so that the orders of the
	// operations come before them.
	rank := func(s Schedule) int {
		switch {
		case s.Walk != 0:
			return 2
		case slices.ContainsFunc(s.Follow, func(f int32) bool { _, ok := startOf(f); return ok }):
			return 0
		}
		return 1
	}
	sort.Slice(out, func(i, j int) bool {
		if ri, rj := rank(out[i]), rank(out[j]); ri != rj {
			return ri < rj
		}
		return out[i].String() < out[j].String()
	})
	return out
}

// Attempts returns the order of the run's attempts: the goroutine of
// each, negative for a late turn (Schedule.Follow).
func (e *Exec) Attempts() []int32 { return e.attempts }

// Ran is the set of schedules an exploration ran, and of those that would
// make the same runs: a schedule whose order of attempts is an order that
// a run made, at least as long as the order that run followed and with
// the same points (none), makes that run again. Its run follows the
// order, and each goroutine then makes its attempt at its turn as it made
// it in the run that ran (the one that ran went on freely from where its
// own order ended, and the executor is deterministic), so a run already
// listed every schedule it would list. Orders are kept as two hashes of
// each prefix.
type Ran struct {
	seen map[[2]uint64]bool
}

// Add records that schedule s ran, with the order of attempts order.
func (r *Ran) Add(s Schedule, order []int32) {
	if r.seen == nil {
		r.seen = map[[2]uint64]bool{}
	}
	if len(s.Points) > 0 {
		r.seen[orderHash(s.Follow, s.Points)] = true
		return
	}
	h := newPrefixHash()
	for i, g := range order {
		if i >= len(s.Follow) {
			r.seen[h.sum] = true
		}
		h.add(g)
	}
	r.seen[h.sum] = true
}

// Covers reports whether s ran, or would make a run that ran.
func (r *Ran) Covers(s Schedule) bool { return r.seen[orderHash(s.Follow, s.Points)] }

func orderHash(follow []int32, points []Point) [2]uint64 {
	h := newPrefixHash()
	for _, g := range follow {
		h.add(g)
	}
	if len(points) > 0 {
		h.add(0) // no goroutine is 0: the points follow
		for _, p := range (Schedule{Points: points}).String() {
			h.add(int32(p))
		}
	}
	return h.sum
}

// prefixHash hashes a sequence of int32s, one at a time: FNV-1a and a
// multiply-xorshift mix, 128 bits together.
type prefixHash struct{ sum [2]uint64 }

func newPrefixHash() prefixHash {
	return prefixHash{[2]uint64{14695981039346656037, 0x9e3779b97f4a7c15}}
}

func (h *prefixHash) add(x int32) {
	v := uint64(uint32(x))
	for range 4 {
		h.sum[0] ^= v & 0xff
		h.sum[0] *= 1099511628211
		v >>= 8
	}
	y := h.sum[1] ^ uint64(uint32(x))
	y *= 0xbf58476d1ce4e5b9
	y ^= y >> 31
	y *= 0x94d049bb133111eb
	h.sum[1] = y ^ y>>29
}

// maxAttempts bounds the attempts whose order a run keeps (8 bytes each):
// a run of tens of millions of synchronising operations keeps the first
// ones, and a dependent pair past them makes it note a choice instead of
// listing a schedule (Alternatives).
const maxAttempts = 1 << 22

// maxAlternatives and maxAlternativeSize bound the schedules one run
// lists, and the attempts their orders name in all: a run of a program
// with that many pairs of dependent operations notes a choice instead of
// listing the rest (no exploration would run them all).
const (
	maxAlternatives    = 4096
	maxAlternativeSize = 1 << 23
)

// enabled reports whether goroutine id can make the next attempt after
// the first i attempts of the run: it makes an attempt at i or later, it
// did not wait for another goroutine (or sleep) there, and it was created
// before, or is created by a goroutine that could go on there before that
// goroutine's next attempt (a go statement in the rest of a step, which
// the depth-first run made after the new goroutine's steps: a goroutine
// that waits for its turn lets its creator go on).
func (e *Exec) enabled(id, i int) bool {
	if e.enabledMemo == nil {
		return e.enabledAt(id, i)
	}
	k := [2]int32{int32(id), int32(i)}
	v, ok := e.enabledMemo[k]
	if !ok {
		v = e.enabledAt(id, i)
		e.enabledMemo[k] = v
	}
	return v
}

// enabledAt is enabled, without the memo of Alternatives.
func (e *Exec) enabledAt(id, i int) bool {
	g := e.gs[id-1]
	if len(g.attAt) == 0 || int(g.attAt[len(g.attAt)-1]) < i || g.blockedAt(i) {
		return false
	}
	if int(g.born) > i && !e.sameNumber(g, i) {
		return false
	}
	for int(g.born) > i {
		p := g.Parent
		if p == nil || p.blockedAt(i) {
			return false
		}
		for _, k := range p.attAt {
			if int(k) >= i && k < g.born {
				return false // p made an attempt before creating g
			}
		}
		g = p
	}
	return true
}

// sameNumber reports whether g, created after the first i attempts of the
// run, gets its number again in a run whose order lets it go first there.
// Goroutines are numbered in the order of their go statements, which a
// schedule can change: a goroutine created after the first i attempts by
// a goroutine that is not g's creator, or one of its creators (a child of
// a goroutine that will wait at its next attempt), may not be created
// before g in that run, and g would be numbered one less. Such a g does
// not count as enabled there: the goroutines that can go on are listed
// instead, as for a goroutine that cannot.
func (e *Exec) sameNumber(g *G, i int) bool {
	chain := map[*G]bool{}
	for p := g.Parent; p != nil; p = p.Parent {
		chain[p] = true
	}
	for _, x := range e.gs[:g.ID-1] {
		if int(x.born) > i && !chain[x] && !chain[x.Parent] {
			return false
		}
	}
	return true
}

// blockedAt reports whether g waited for another goroutine, or slept,
// after the first i attempts of the run.
func (g *G) blockedAt(i int) bool {
	for _, s := range g.blocked {
		if int(s[0]) <= i && i < int(s[1]) {
			return true
		}
	}
	return g.blockFrom >= 0 && int(g.blockFrom) <= i
}

// stutterCheck returns a function that reports whether goroutine id's next
// attempt, placed at the i-th attempt of the run, would repeat a failed
// poll unchanged: id's latest attempt before i is a failed poll of a loop
// that changes nothing else (markStutter, the rewriter's spin.go), and no
// other goroutine operated on its object between the two, but for atomic
// Loads (opRead), which change nothing a Load reads. The poll would
// then read what the last one read and fail again, and a schedule that
// only adds it has the races and outcomes of the one without it (see the
// argument in spin.go): the exploration does not list it, and says
// nothing, as nothing is left out.
func (e *Exec) stutterCheck(logs map[unsafe.Pointer][]acquisition, index func(Point) int) func(id, i int) bool {
	if len(e.stutters) == 0 {
		return func(int, int) bool { return false }
	}
	objOf := map[int]unsafe.Pointer{} // the object of each marked attempt
	for obj, log := range logs {
		for _, a := range log {
			if ia := index(a.p); e.isStutter(ia) {
				objOf[ia] = obj
			}
		}
	}
	return func(id, i int) bool {
		g := e.gs[id-1]
		k, _ := slices.BinarySearch(g.attAt, int32(i))
		if k == 0 {
			return false
		}
		j := int(g.attAt[k-1])
		obj, ok := objOf[j]
		if !ok {
			return false
		}
		for _, a := range logs[obj] {
			if ia := index(a.p); a.p.G != id && j < ia && ia < i && a.kind != opRead {
				return false // it may have changed what the poll reads
			}
		}
		return true
	}
}

// pollsCapped reports whether goroutine id made maxFailedPolls failed
// polls in a row before the i-th attempt of the run, and notes that the
// schedules letting its next attempt come there are not explored (exec.go,
// Polling).
func (e *Exec) pollsCapped(id, i int, site uint32) bool {
	if e.failedPolls(e.gs[id-1], i) < maxFailedPolls {
		return false
	}
	e.note(site, "goroutine %d's poll that failed %d times in a row, whose later failures before the operation that ends it were not explored", id, maxFailedPolls)
	return true
}
