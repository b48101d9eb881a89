package goexec

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unsafe"
)

// Exploring the orders of acquisitions. Which goroutine acquires a mutex
// (or runs a Once's function, or makes an atomic operation) first is the
// one choice of a run that can change its graph while every channel still
// pairs its operations in one way only. A run records, per object, the
// order in which goroutines acquired it. Another order of two consecutive
// acquisitions by different goroutines is reached by running the same
// program again with the first of them yielding at that acquisition: it
// parks, the depth-first run goes on without it, and it goes on (from the
// scheduler, with no edge, as yielding synchronises nothing) when no other
// goroutine can. A schedule is the set of acquisitions at which goroutines
// yield; each run lists the schedules that reverse one more pair
// (Alternatives), and the caller runs them, depth first, as dynamic
// partial-order reduction reverses each pair of dependent operations of an
// execution (Flanagan and Godefroid, POPL 2005): acquisitions of different
// objects, and read locks of one RWMutex, are independent and never
// reversed.

// Point names an acquisition: the K-th acquisition (counting from 1) that
// goroutine G attempted.
type Point struct{ G, K int }

func (p Point) String() string { return fmt.Sprintf("%d.%d", p.G, p.K) }

// Schedule is a set of points at which goroutines yield.
type Schedule []Point

// String formats s as the replay option takes it: "g" and the points,
// sorted, separated by commas ("g" alone for the depth-first schedule).
func (s Schedule) String() string {
	ps := append(Schedule(nil), s...)
	sort.Slice(ps, func(i, j int) bool {
		if ps[i].G != ps[j].G {
			return ps[i].G < ps[j].G
		}
		return ps[i].K < ps[j].K
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
		a, b, ok := strings.Cut(f, ".")
		g, err1 := strconv.Atoi(a)
		k, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil || g < 1 || k < 1 {
			return nil, fmt.Errorf("schedule %q: %q is not goroutine.acquisition", s, f)
		}
		out = append(out, Point{g, k})
	}
	return out, nil
}

// acquisition is one entry of an object's log.
type acquisition struct {
	p    Point
	read bool
}

// SetSchedule makes the run yield at the points of s.
func (e *Exec) SetSchedule(s Schedule) {
	e.sched = s
	e.yieldAt = map[Point]bool{}
	for _, p := range s {
		e.yieldAt[p] = true
	}
}

// enter counts an attempt of the running goroutine to acquire obj and
// yields when the schedule says so; it returns the attempt's point. Until
// acquired logs it, the attempt is pending: a run that ends with it still
// waiting (a deadlock, or a goroutine left blocked) lists the schedule in
// which it comes first too.
func (e *Exec) enter(obj unsafe.Pointer, read bool, site uint32) Point {
	g := e.cur
	g.acqs++
	p := Point{g.ID, g.acqs}
	if e.yieldAt[p] {
		e.ready = append(e.ready, g)
		e.park(g, "yield", site)
	}
	e.pending[p] = pendingAcq{obj, read}
	return p
}

// pendingAcq is an attempt to acquire obj that has not succeeded yet.
type pendingAcq struct {
	obj  unsafe.Pointer
	read bool
}

// acquired logs that the acquisition p of obj took place.
func (e *Exec) acquired(obj unsafe.Pointer, p Point, read bool) {
	delete(e.pending, p)
	e.log[obj] = append(e.log[obj], acquisition{p, read})
}

// Explorable reports whether some object was acquired by two goroutines:
// another order of acquisitions may give another graph.
func (e *Exec) Explorable() bool { return e.explorable }

// Alternatives returns the schedules that reverse one pair of consecutive
// acquisitions of one object by two goroutines, each the run's schedule
// plus the point at which the first of the pair yields.
func (e *Exec) Alternatives() []Schedule {
	var out []Schedule
	seen := map[Point]bool{}
	for _, p := range e.sched {
		seen[p] = true
	}
	logs := make(map[unsafe.Pointer][]acquisition, len(e.log))
	for obj, log := range e.log {
		logs[obj] = log
	}
	for p, a := range e.pending {
		logs[a.obj] = append(logs[a.obj][:len(logs[a.obj]):len(logs[a.obj])], acquisition{p, a.read})
	}
	for _, log := range logs {
		for i := 1; i < len(log); i++ {
			a, b := log[i-1], log[i]
			if a.p.G == b.p.G || (a.read && b.read) || seen[a.p] {
				continue
			}
			seen[a.p] = true
			s := append(append(Schedule(nil), e.sched...), a.p)
			out = append(out, s)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

// Fingerprint identifies the run's orders of acquisitions: two runs with
// the same fingerprint made the same acquisitions in the same orders, so
// the schedules that reverse their pairs are the same too.
func (e *Exec) Fingerprint() string {
	var orders []string
	for _, log := range e.log {
		var b strings.Builder
		for _, a := range log {
			fmt.Fprintf(&b, "%s;", a.p)
		}
		orders = append(orders, b.String())
	}
	sort.Strings(orders)
	return strings.Join(orders, "|")
}
