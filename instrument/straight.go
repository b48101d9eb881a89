package instrument

import "go/ast"

// Redundant hooks in straight-line code (optimization straight, switched off by
// Config.Disable[OptStraight] or -instr.disable=straight).
//
// Within one stretch of straight-line code, a hook of a location that an
// earlier hook of the stretch already recorded is left out when the earlier
// one was a write, or when both are reads. A stretch is a run of
// consecutive statements of one statement list (and the header of a
// compound statement that ends it) in which no statement calls anything
// (other than conversions and builtins such as len and append, which run
// no code of the program), receives or sends, or starts a goroutine or a
// deferred call; labels (jump targets) and compound statements end it, and
// loop bodies and branches start their own, so no back edge falls inside
// one. Two hooks have the same location when their keys (keys.go) are
// equal, so syntactically the same side-effect-free expression with the
// same variables, and no statement in between wrote a variable or memory
// that the location's address depends on (effects.moves). Aliasing only
// makes two keys different (p.f and q.f), and then both hooks stay. The
// order that counts is the order of the hooks, which run before their
// statement: in g = g + 1 the hook of the write comes first and stands
// for the read's.
//
// Why this hides no race. Surendran and Sarkar's detector ("Dynamic
// Determinacy Race Detection for Task Parallelism with Futures", RV 2016)
// orders accesses by the step that made them (Definition 1: a step is a
// sequence of instructions of one task with no async, finish or get in
// it), and checks each access against the location's last writer and
// readers (Algorithms 8 and 9, write and read check). Between the two hooks
// of a stretch, nothing can start, end or join a task: no task-library
// call, no call at all that could make one. So both accesses are made by
// the same task in the same step, and every other step is ordered with
// both or with neither. Let the second access race with an access x of
// another task: x is unordered with the step, and x or the second access
// is a write. If the first access is a write, it conflicts with x too; if
// both are reads, x is a write and conflicts with the first. Whether x
// comes before the stretch (and the first hook's check finds the pair) or
// after it (and x's check finds the first access in the shadow cell, which
// the second would have replaced by an access of the same step), the
// location's race is reported. Afterwards, the location's shadow state
// (last writer and readers) holds the first access where it would also
// have held the second, an access of the same step that conflicts with
// nothing the first does not: later checks find the same races. A read
// followed by a write is not covered: the write conflicts with reads that
// the read does not.
//
// Statements that call. A statement that calls something (or receives,
// sends, or starts a goroutine) ends the stretch, but after its hooks
// before it, not before them: those hooks run right after the stretch's
// earlier ones, with nothing in between. The hook of an access inside the
// call or receive that Go makes first (its operands, its receiver: the
// first of the hoister's points, hoist.go, which has no call inside) may
// so be left out when the stretch records its location, since the access
// is made before any call of the statement. Any other access of the
// statement keeps its hook: Go's compiler evaluates an operand such as g
// in a + g + h() after the calls of the statement, and so does the
// specification allow. When the statement's hooks need a temporary of a
// hoisted call, that call runs between the stretch and the hooks, and the
// hooks left out are placed after all (place.go). The statement's own
// hooks do not join the stretch, which ends with it.
//
// Accesses inside Isolated bodies keep every hook, as prune keeps them:
// schedule exploration compares the locations isolated sections touch.

// straight is the state of one stretch: the locations recorded so far and
// whether one of their hooks was a write. A nil *straight is no stretch.
type straight struct {
	avail []availHook
}

// availHook is one location recorded in the current stretch.
type availHook struct {
	key   locKey
	write bool
}

// reset ends the stretch.
func (s *straight) reset() {
	if s != nil {
		s.avail = s.avail[:0]
	}
}

// covers reports whether an earlier hook of the stretch stands for an
// access of k (a write when write is set).
func (s *straight) covers(k locKey, write bool) bool {
	if s == nil {
		return false
	}
	for _, h := range s.avail {
		if h.key.text == k.text && (h.write || !write) {
			return true
		}
	}
	return false
}

// add records that a hook of k was placed (unconditionally) in the
// stretch.
func (s *straight) add(k locKey, write bool) {
	if s == nil {
		return
	}
	for i := range s.avail {
		if s.avail[i].key.text == k.text {
			s.avail[i].write = s.avail[i].write || write
			return
		}
	}
	s.avail = append(s.avail, availHook{key: k, write: write})
}

// after forgets the locations whose address a statement with effects ef
// may have changed.
func (s *straight) after(ef *effects, esc *escapes) {
	if s == nil {
		return
	}
	kept := s.avail[:0]
	for _, h := range s.avail {
		if !ef.moves(esc, h.key) {
			kept = append(kept, h)
		}
	}
	s.avail = kept
}

// newStretch returns an empty stretch for a statement list, or nil (no
// stretch) when the optimization is off.
func (r *fileRewriter) newStretch() *straight {
	if !r.on(OptStraight) {
		return nil
	}
	return &straight{}
}

// lineFor returns the stretch that the hooks of a statement or header made
// of nodes may join: the current one when nodes call nothing, or nil after
// ending the current one.
func (r *fileRewriter) lineFor(nodes ...ast.Node) *straight {
	if r.facts.effectsOf(nodes...).call {
		r.line.reset()
		return nil
	}
	return r.line
}

// dedupe reports whether the hook of a, about to be placed in stretch line,
// is redundant (and counts it), and otherwise returns the key under which
// its hook, once placed, joins the stretch (ok false: it does not).
func (r *fileRewriter) dedupe(line *straight, a *acc) (drop bool, k locKey, ok bool) {
	if line == nil || r.facts.inIsolated(a.pos) {
		return false, locKey{}, false
	}
	k, ok = r.facts.keyOf(a)
	if !ok {
		return false, locKey{}, false
	}
	if line.covers(k, a.write) {
		r.stats.AccessSites++
		r.stats.Covered++
		return true, locKey{}, false
	}
	// A hook behind a guard of a loop optimization may not run: it
	// records nothing for later hooks to rely on.
	return false, k, a.once == "" && a.fallback == ""
}
