package goexec

import (
	"slices"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// Racing reads: late starts, and the steps after them.
//
// The depth-first run runs a new goroutine at once, up to its first
// attempt or wait (its start step), before the rest of its creator's
// step; a goroutine woken or let go by another's operation goes on at once
// as well. A goroutine that begins with an unlocked check-then-act,
//
//	go func() {
//		if n > longest {
//			longest = n
//		}
//		wg.Done()
//	}()
//
// therefore always writes before the next such goroutine reads, and the
// second one, reading the larger value, never writes: the run finds the
// read racing with the write, but not the two writes, which race in the
// schedules where the second goroutine reads first. No order of the
// synchronising operations differs (the Dones are not even logged), so
// the reversals of dependent operations and their late turns
// (Alternatives) do not reach those schedules.
//
// Racing accesses are dependent transitions in dynamic partial-order
// reduction (Flanagan and Godefroid, POPL 2005): for a race between an
// access u of a step of goroutine g and a later access v of another
// goroutine, the algorithm backtracks at the state before u's step and
// lets v's goroutine go first there, or, when it cannot, every other
// goroutine that can. A run notes, for every segment, the step it belongs
// to (noteStep: its goroutine and the index of the attempt that began the
// step, or the start), and racySteps lists, for each race of which one
// access is a read (a read that could have read another value, and taken
// another path), for the step of its earlier access:
//
//   - a start step: g's late start, written "s" and g in an order of
//     attempts (Schedule.Follow), at g's go statement (G.born): a run that
//     follows it makes g wait at its start, before its first instruction,
//     until the entry's turn, and then until no other goroutine can go on
//     without its next turn (releaseLate), as a late turn waits at an
//     attempt; the late start is kept in the run's order where g went on;
//   - a step that began at an attempt of g: v's goroutine first there
//     when it can go on there (enabled, and not waiting for the clock:
//     canGo); otherwise every goroutine that can, and, when the attempt
//     came while another goroutine was between
//     two of its steps (early: the other goes on only after g's step),
//     g's late turn there, as Alternatives lists it for a dependent pair;
//   - a step that began at a late start, a late turn or a pause (below)
//     that the run followed (its entry is in the run's order): v's
//     goroutine first there when it can, otherwise each goroutine that
//     could make the attempt there (enabled) first, then g's late start,
//     turn or pause. The others' next attempts may not have been far
//     enough for v to come first; this moves g's step one attempt later,
//     and the runs of these schedules list the next ones, until v comes
//     first or nothing else can go before g;
//   - besides, when u came after a release that g made in its step (an
//     Unlock, a Done, a send…: relSince), g's pause at the step's first
//     release, written "p" and g in an order of attempts, in the state of
//     that release (after the attempts the run had made then, relAt,
//     which may include other goroutines' after the entry that began g's
//     step, when g waited in it): a run that follows it makes g, once the
//     hook of that release is done (Exit), or before an attempt that the
//     same hook makes after it (a Cond's Wait), wait as at a late turn,
//     until the pause's turn and then until no other goroutine can go on
//     without its next turn. A check under a lock whose act comes after
//     the Unlock,
//
//	mu.Lock()
//	seen := visited[k] // read
//	mu.Unlock()
//	if !seen {
//		visited[k] = true // write
//	}
//
//     has no attempt between its read and its write, so no order of
//     attempts lets another goroutine's check come between them: the
//     pause is the point of the schedule where it can, and its step is
//     then walked as above. The pause is bound to g's entry before it
//     (pausesOf, armPause): g's own entries are its attempts, late
//     starts, late turns and pauses, so the release it pauses at is its
//     first one after the entry that began its step.
//
// A schedule listed this way names g as the step it walks
// (Schedule.Walk, written "^" and g), and its run lists the schedules
// that move g's step further, and nothing else: neither the reversals of
// its dependent operations nor walks of other racing steps. Each racing
// step that a run of the orders of synchronisation finds is walked on its
// own, one attempt later at each run (for each goroutine that can go
// first), up to the run's end at most, instead of every run of a walk
// starting the whole exploration again (a program whose goroutines all
// race would run every interleaving of their steps). What a walk's run would reach by reordering its operations as
// well is not run: a racy run's exploration promises no more than the
// README says.
//
// Each of these is a schedule of the program: its prefix is this run's,
// and what goes first there could (enabled; a goroutine that descends
// from g cannot go before g's start, and is not listed there). The
// exploration runs each order once (Ran).
//
// Like late turns, these are listed by racy runs only: a run that finds no
// race lists none, so the verdict "no race in any schedule" rests on the
// argument of Alternatives alone. In a racy run they find races that a
// racing read hides, which the README counts among what a race can hide,
// when the read's step and the step it races with can come in the other
// order, or split at a release. Races of two writes list none: their
// other order changes only which value a later read that is ordered after
// both sees.
//
// A pause adds no edge: g parks as at a yield, its segments end and its
// next one joins them, as after runtime.Gosched. The run it makes is
// therefore a schedule of the program, in which the other goroutines made
// their steps between g's release and the rest of g's step.

// stepRef is a step of goroutine g: the index of the attempt that began
// it in the run's order, -1 for its start step, -2 past maxAttempts.
type stepRef struct {
	g  *G
	at int32
	// relAt is how many attempts the run had made at g's first release
	// in the step, when the segment came after it; -1 when it did not.
	relAt int32
}

// maxSegSteps bounds the segments whose steps a run notes: a longer run
// lists nothing for races of its later segments.
const maxSegSteps = 1 << 20

// startBase is the largest late start code: the code of goroutine g's
// late start is startBase - g, below every late turn (-g) and above
// clockTurn.
const startBase = -(1 << 30)

// maxStartG is the largest goroutine whose late start, or pause after a
// release, has a code.
const maxStartG = 1<<29 - 1

// pauseBase is the largest pause code: the code of goroutine g's pause
// after a release is pauseBase - g, below every late start code and above
// clockTurn.
const pauseBase = startBase - (1 << 29)

// startCode is the entry of an order of attempts for the late start of
// goroutine g.
func startCode(g int) int32 { return int32(startBase - min(g, maxStartG)) }

// startOf returns the goroutine whose late start f is, and whether it is
// one.
func startOf(f int32) (int, bool) {
	if f >= startBase || f <= pauseBase {
		return 0, false
	}
	return int(startBase - f), true
}

// pauseCode is the entry of an order of attempts for the pause of
// goroutine g after a release.
func pauseCode(g int) int32 { return int32(pauseBase - min(g, maxStartG)) }

// pauseOf returns the goroutine whose pause f is, and whether it is one.
func pauseOf(f int32) (int, bool) {
	if f > pauseBase || f == clockTurn {
		return 0, false
	}
	return int(pauseBase - f), true
}

// ownerOf returns the goroutine of the entry f of an order of attempts,
// 0 for a turn of the clock.
func ownerOf(f int32) int {
	if g, ok := pauseOf(f); ok {
		return g
	}
	if g, ok := startOf(f); ok {
		return g
	}
	if f == clockTurn {
		return 0
	}
	if f < 0 {
		return int(-f)
	}
	return int(f)
}

// pausesOf returns, for the order follow, the indexes whose entry's
// goroutine has its pause as its next entry, and the goroutines whose
// first entry is their pause.
func pausesOf(follow []int32) (after, first map[int]bool) {
	var last map[int]int // each goroutine's latest entry
	for i, f := range follow {
		g, ok := pauseOf(f)
		if !ok {
			if last != nil {
				last[ownerOf(f)] = i
			}
			continue
		}
		if last == nil {
			// The entries before the first pause, once.
			last = map[int]int{}
			for k, f := range follow[:i] {
				last[ownerOf(f)] = k
			}
			after, first = map[int]bool{}, map[int]bool{}
		}
		if k, ok := last[g]; ok {
			after[k] = true
		} else {
			first[g] = true
		}
		last[g] = i
	}
	return after, first
}

// armPause arms g's pause at its next release when its entry at index i
// of the order it follows, which it has just made, is followed by its
// pause.
func (e *Exec) armPause(g *G, i int) {
	if e.pauseAfter[i] {
		g.pauseArmed = true
	}
}

// pauseTurn pauses g, whose release was made while its pause was armed,
// now that the release's hook is done: as at a late start, g waits for
// the turn of its pause, and then until no other goroutine can go on
// without its next turn (releaseLate). A pause that does not come (the run
// diverged) lets g go on at once.
func (e *Exec) pauseTurn(g *G) {
	g.pauseDue = false
	code := pauseCode(g.ID)
	if e.over || g.state != gRunning || e.fidx >= len(e.follow) || !slices.Contains(e.follow[e.fidx:], code) {
		return
	}
	if !e.waitLate(g, code, g.lastSite) {
		return
	}
	g.stepAt, g.relSince = -2, false
	if len(e.attempts) < maxAttempts {
		g.stepAt = int32(len(e.attempts))
		e.attempts = append(e.attempts, code)
	}
	if len(g.segs) > 0 {
		// The segment g went on in began the step of the pause (its
		// note, made when it began, names the step before).
		e.noteStep(g.seg(), g)
	}
	e.armPause(g, e.fidx)
	e.fidx++
	e.passTurn()
}

// noteStep notes that c, a new segment of g, belongs to g's current step,
// and whether g made a release in that step before c. Segments are
// numbered in the order they are made (with the graph's other tasks), so
// the notes are a slice from the first one noted: a run notes one at
// every synchronising operation that cuts a segment.
func (e *Exec) noteStep(c event.Task, g *G) {
	if e.segStep == nil {
		e.segBase = c
	}
	i := int(c) - int(e.segBase)
	if i < 0 || i >= maxSegSteps {
		return
	}
	if i >= len(e.segStep) {
		e.segStep = slices.Grow(e.segStep, i+1-len(e.segStep))[:i+1]
	}
	r := stepRef{g: g, at: g.stepAt, relAt: -1}
	if g.relSince {
		r.relAt = g.relAt
	}
	e.segStep[i] = r
}

// stepOf returns the step noted for segment c (noteStep), or the zero
// stepRef.
func (e *Exec) stepOf(c event.Task) stepRef {
	if i := int(c) - int(e.segBase); i >= 0 && i < len(e.segStep) {
		return e.segStep[i]
	}
	return stepRef{}
}

// startTurn makes g, which has just started, wait for its late start when
// the order the run follows gives it one: first for the turns before it,
// then for the others to go on as far as they can (releaseLate). It runs
// before g's first instruction, holding the executor. A late start that
// does not come (the run diverged) lets g go on at once.
func (e *Exec) startTurn(g *G) {
	if e.pauseFirst[g.ID] {
		g.pauseArmed = true
	}
	code := startCode(g.ID)
	if e.fidx >= len(e.follow) || !slices.Contains(e.follow[e.fidx:], code) {
		return
	}
	if !e.waitLate(g, code, g.Site) {
		return
	}
	g.startAt = int32(len(e.attempts))
	e.lateStarted = true
	if len(e.attempts) < maxAttempts {
		e.attempts = append(e.attempts, code)
	}
	e.armPause(g, e.fidx)
	e.fidx++
	e.passTurn()
}

// waitLate makes g wait for its late start or pause, whose entry in the
// order it follows is code: first for the turns before it, then for the
// others to go on as far as they can (releaseLate). It reports whether
// the entry came; when the run diverged instead, g goes on at once.
func (e *Exec) waitLate(g *G, code int32, site uint32) bool {
	g.lateCode = code
	for e.fidx < len(e.follow) {
		if e.follow[e.fidx] == code && g.lateGo {
			break
		}
		e.parkForTurn(g, site)
	}
	g.lateCode = 0
	late := g.lateGo
	g.lateGo = false
	return late
}

// racySteps lists, for a racy run, the schedules above through list
// (Alternatives). States before fixed, the prefix a diverged run
// followed, are not listed, nor those whose goroutine would only repeat a
// failed poll there (stutter, explore.go's stutterCheck).
func (e *Exec) racySteps(fixed int, stutter func(id, i int) bool, list func(i int, g, then int32, p *Point, site uint32, walk int32)) {
	// goes reports whether h can make the next attempt at j (canGo), an
	// attempt that would not only repeat a failed poll (stutterCheck).
	goes := func(h *G, j int) bool { return e.canGo(h, j) && !stutter(h.ID, j) }
	for _, r := range e.stepRaces() {
		g, other := r[0].g, r[1].g
		if w := e.sched.Walk; w != 0 && w != int32(g.ID) {
			continue // a walk moves one step (see above)
		}
		walk := int32(g.ID)
		j := int(r[0].at)
		if r[0].at == -1 {
			if g.startAt < 0 {
				j = int(g.born)
				if !e.Diverged || j >= fixed {
					list(j, startCode(g.ID), 0, nil, g.Site, walk)
					if k := int(r[0].relAt); k >= j {
						list(k, pauseCode(g.ID), 0, nil, g.Site, walk)
					}
				}
				continue
			}
			j = int(g.startAt)
		}
		if j < 0 || j >= len(e.attempts) || e.Diverged && j < fixed {
			continue
		}
		f := e.attempts[j]
		if k := int(r[0].relAt); k > j && ownerOf(f) == g.ID && f != clockTurn && (!e.Diverged || k >= fixed) {
			// The earlier access came after a release of g's step: g
			// pauses at the step's first release, which came after the
			// run's first k attempts.
			list(k, pauseCode(g.ID), 0, nil, g.Site, walk)
		}
		switch f {
		case int32(g.ID):
			if other != nil && other != g && goes(other, j) {
				list(j, int32(other.ID), 0, nil, g.Site, walk)
				continue
			}
			if e.isEarly(j) {
				list(j, -int32(g.ID), 0, nil, g.Site, walk)
			}
			for _, h := range e.gs {
				if h != g && goes(h, j) {
					list(j, int32(h.ID), 0, nil, g.Site, walk)
				}
			}
		case -int32(g.ID), startCode(g.ID), pauseCode(g.ID):
			if other != nil && !descends(other, g) && goes(other, j) {
				// v's goroutine can make the next attempt: it goes
				// first, as at an attempt.
				list(j, int32(other.ID), f, nil, g.Site, walk)
				continue
			}
			for _, h := range e.gs {
				if !descends(h, g) && goes(h, j) {
					list(j, int32(h.ID), f, nil, g.Site, walk)
				}
			}
		}
	}
}

// stepRaces returns, for each race of the run with a read among its two
// accesses, the step of its earlier access and the goroutine of its later
// one (nil when not known), for the first race of each pair of sites only
// (a loop that races at every iteration, with the same sites, walks its
// first racing step, not each), leaving out the steps of the
// first goroutine before its first attempt and of adopted ones; when the
// run stopped noting races one by one (maxRaceNotes), the start step of
// every goroutine besides.
func (e *Exec) stepRaces() [][2]stepRef {
	if !e.raced {
		return nil
	}
	var out [][2]stepRef
	seen := map[[2]stepRef]bool{}
	add := func(s stepRef, other *G) {
		k := [2]stepRef{s, {g: other}}
		if s.g != nil && s.at >= -1 && (s.at >= 0 || s.g.Parent != nil) && !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	pairs := map[[2]uint32]bool{}
	for _, r := range e.raceLog {
		if r.read && !pairs[r.sites] {
			pairs[r.sites] = true
			add(e.stepOf(r.prevT), e.stepOf(r.cur).g)
		}
	}
	if e.raceWideAt > 0 {
		for _, g := range e.gs {
			add(stepRef{g: g, at: -1}, nil)
		}
	}
	return out
}

// canGo reports whether goroutine h could make the next attempt after the
// first i attempts of the run (enabled), and was not waiting for the
// clock there: letting a sleeper go first would move the clock before the
// racing step, an order of time that the reversals of dependent operations
// explore (clock.go) and racing reads need not.
func (e *Exec) canGo(h *G, i int) bool {
	if !e.enabled(h.ID, i) {
		return false
	}
	for _, s := range h.clockWaits {
		if int(s[0]) <= i && i < int(s[1]) {
			return false
		}
	}
	return h.clockFrom < 0 || int(h.clockFrom) > i
}

// descends reports whether h is g or a goroutine that g or one of its
// descendants created: one that cannot go on before g's start.
func descends(h, g *G) bool {
	for ; h != nil; h = h.Parent {
		if h == g {
			return true
		}
	}
	return false
}

// keepWaiting appends to follow, an order listed for the state after the
// first i attempts of the run, the late starts of the goroutines that
// were waiting for theirs in that state (created by then, started late
// at i or after): the listed order then keeps them waiting, as they were
// in the state it names, instead of letting them run at once and make
// other operations before the ones it lists. Their late starts come after
// what follow lists, in the order the run made them. A goroutine that
// follow lets go first there, or one that it descends from, does not
// wait: that order starts it.
func (e *Exec) keepWaiting(follow []int32, i int) []int32 {
	if !e.lateStarted {
		return follow // no goroutine waited for a late start: the common case
	}
	var ws []*G
	for _, g := range e.gs {
		if g.startAt < int32(i) || g.born > int32(i) || slices.Contains(follow, startCode(g.ID)) {
			continue
		}
		goes := false
		for _, f := range follow[i:] {
			goes = goes || f > 0 && int(f) <= len(e.gs) && descends(e.gs[f-1], g)
		}
		if !goes {
			ws = append(ws, g)
		}
	}
	slices.SortFunc(ws, func(a, b *G) int { return int(a.startAt - b.startAt) })
	for _, g := range ws {
		follow = append(follow, startCode(g.ID))
	}
	return follow
}

// isEarly reports whether the attempt at index i of the run's order came
// while another goroutine was between two of its steps (see attempt).
func (e *Exec) isEarly(i int) bool {
	return i >= 0 && i/64 < len(e.early) && e.early[i/64]&(1<<(i%64)) != 0
}
