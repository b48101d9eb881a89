package goexec

import (
	"sort"
	"unsafe"
)

// Sleep sets.
//
// Dynamic partial-order reduction alone runs a trace more than once: when
// a run lists two goroutines to go first at one state (b's goroutine, or
// every enabled one when b's cannot), the run of the second may make the
// step of the first, and of the run's own goroutine, at once, and reach
// the trace that the run of the first, or the run itself, reaches. Sleep
// sets (Godefroid's thesis, 1996, chapter 5; with dynamic partial-order
// reduction, Flanagan and Godefroid, POPL 2005, section 4) remove those:
// the steps explored from a state before a branch are asleep in the
// branch, and stay asleep, from state to state, until a step dependent
// with them is made; a goroutine whose step is asleep at a state is not
// explored from it. A step that is asleep at state s' after s, with every
// step from s to s' independent of it, makes from s' the traces that it
// makes from s followed by those independent steps, which its own branch
// at s explored.
//
// Here a schedule's Sleep lists entries (At, G): goroutine G's next step
// at the state of the first At attempts of the order was explored by
// another branch. Alternatives gives the schedule it lists for goroutine
// g at state i the entries of the run's own sleep set still asleep at i,
// the step that the run made at i (its own branch, explored by the run
// and the schedules it lists), and the goroutines listed at i before g in
// the order of their numbers (each explored by its own schedule). It does
// not list g at i when g is asleep there. The other schedules a run lists
// (a select statement's other case, a late turn) carry no sleep set: they
// are explored in full.
//
// An entry is asleep at state i of the run when At <= i, and no attempt
// among the run's attempts At..i-1 was G's, or an operation dependent with
// G's next one (dependent, on one object; the pairs that happens-before
// orders are counted too). G's next step is its first attempt from At on
// in the run: the run made the same first At attempts as the run that
// listed the entry, so G waits at the same operation there. An attempt
// whose operations the run did not log (an object whose log was dropped,
// or a channel that is nil), or an entry whose goroutine makes no attempt
// after At, counts as awake: what is not known is not slept on. A run
// that could not follow its order (Diverged) uses no sleep set.
//
// Sleep sets only remove schedules: a schedule run with a smaller sleep
// set, or none, lists the schedules it would list and more. The checker
// keeps the first of two schedules with one order, whichever sleep set it
// has (each entry stands for a branch that is explored, however it was
// listed). TestEveryOrder counts the orders reached, and the property
// tests compare random programs with the brute-force oracle, with sleep
// sets.

// Asleep is an entry of a schedule's sleep set: goroutine G's next step
// at the state after the first At attempts of the order is explored by
// another branch.
type Asleep struct{ At, G int32 }

// sleeper is an entry of the run's sleep set and the last state at which
// it is asleep (until < At when it never is).
type sleeper struct {
	Asleep
	until int
}

// maxSleepScan bounds the attempts runSleep looks at in all; an entry
// whose scan would go past it counts as awake from there.
const maxSleepScan = 1 << 22

// maxSleep bounds the entries of a schedule's sleep set.
const maxSleep = 1 << 10

// opAt is an operation made at an attempt: the object, and the entry of
// its log.
type opAt struct {
	obj unsafe.Pointer
	a   acquisition
	u   chanUse
}

// runSleep returns the entries of the run's sleep set with the last state
// at which each is asleep. logs are the objects' logs with their pending
// attempts; index gives an operation's place in the order of attempts.
func (e *Exec) runSleep(logs map[unsafe.Pointer][]acquisition, index func(Point) int) []sleeper {
	if len(e.sched.Sleep) == 0 || e.Diverged {
		return nil
	}
	from := len(e.attempts)
	for _, s := range e.sched.Sleep {
		from = min(from, int(s.At))
	}
	ops := map[int][]opAt{}
	for obj, log := range logs {
		u := useOf(log)
		for _, a := range log {
			if i := index(a.p); i >= from {
				ops[i] = append(ops[i], opAt{obj: obj, a: a, u: u})
			}
		}
	}
	scanned := 0
	out := make([]sleeper, 0, len(e.sched.Sleep))
	for _, s := range e.sched.Sleep {
		out = append(out, sleeper{Asleep: s, until: e.asleepUntil(s, ops, &scanned)})
	}
	return out
}

// asleepUntil returns the last state at which s is asleep, or -1.
func (e *Exec) asleepUntil(s Asleep, ops map[int][]opAt, scanned *int) int {
	if s.G < 1 || int(s.G) > len(e.gs) {
		return -1
	}
	at := e.gs[s.G-1].attAt
	n := sort.Search(len(at), func(j int) bool { return at[j] >= s.At })
	if n == len(at) {
		return -1 // no next attempt: its operation is not known
	}
	k := int(at[n])
	mine := ops[k]
	if len(mine) == 0 {
		return -1
	}
	for j := int(s.At); j < k; j++ {
		if *scanned++; *scanned > maxSleepScan {
			return j
		}
		theirs := ops[j]
		if len(theirs) == 0 {
			return j // not logged: counts as dependent
		}
		for _, x := range theirs {
			for _, y := range mine {
				if x.obj == y.obj && dependent(x.a, y.a, y.u) {
					return j
				}
			}
		}
	}
	return k
}

// asleep reports whether goroutine g's step is asleep at state i.
func asleep(z []sleeper, g int32, i int) bool {
	for _, s := range z {
		if s.G == g && int(s.At) <= i && i <= s.until {
			return true
		}
	}
	return false
}

// sleepUpTo returns the entries of z asleep at some state up to i: a
// schedule that branches at i keeps the run's order up to i, and lists
// schedules that branch at those states too.
func sleepUpTo(z []sleeper, i int) []Asleep {
	var out []Asleep
	for _, s := range z {
		if int(s.At) <= i && int(s.At) <= s.until {
			out = append(out, s.Asleep)
		}
	}
	return out
}

// sleepSets gives each schedule of out that lets a goroutine go first at
// a state (branches: its index in out, and the state) its sleep set: the
// entries of the run's sleep set z asleep there or at a state before
// it, the run's own step there, and the goroutines listed there before
// it, in the order of their numbers.
func (e *Exec) sleepSets(out []Schedule, branches map[int]int, z []sleeper) {
	if e.Diverged {
		return
	}
	at := map[int][]int{}
	for k, i := range branches {
		at[i] = append(at[i], k)
	}
	for i, ks := range at {
		g := func(k int) int32 { return out[k].Follow[i] }
		sort.Slice(ks, func(a, b int) bool { return g(ks[a]) < g(ks[b]) })
		base := sleepUpTo(z, i)
		if c := e.attempts[i]; c > 0 {
			base = append(base, Asleep{At: int32(i), G: c})
		}
		for n, k := range ks {
			s := append([]Asleep(nil), base...)
			for _, before := range ks[:n] {
				s = append(s, Asleep{At: int32(i), G: g(before)})
			}
			// Fewer entries make more runs, never fewer traces: past
			// maxSleep, the later states' entries are dropped.
			out[k].Sleep = s[:min(len(s), maxSleep)]
		}
	}
}
