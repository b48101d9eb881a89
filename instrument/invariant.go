package instrument

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Hooks of loop-invariant locations (optimization invariant, switched off by
// Config.Disable[OptInvariant] or -instr.disable=invariant).
//
// A loop that calls nothing (effects.call: no task-library call, no code
// of the program) and reads a location whose address it never changes (a
// package-level or captured variable, a field or constant-index element of
// one, p.f or *p for a pointer p it does not assign, a map m it does not
// assign; see effects.moves)
// needs the read recorded once per execution of the loop, not once per
// iteration. Each such read keeps its hook, but behind a flag declared
// true just before the loop: the first hook to run clears it, and the
// others skip:
//
//	_tpinstr_t1 := true; for i := range s {
//		if _tpinstr_t1 { _tpinstr_t1 = false; rt.Read(&g, site) }; s[i] = g
//	}
//
// The hook that runs is the first read of the location in the loop, at its
// own site, when and only when the program makes it; a loop that runs no
// iteration, or never reaches the read, records nothing. A loop entered
// again (an inner loop, run once per iteration of an outer one) declares
// its flag again. The flag costs one test of a local boolean per iteration
// instead of a call of the hook. Writes keep their hooks. Loops in
// functions with goto are left alone (the declaration could be jumped
// over), and so are loops in Isolated bodies.
//
// Why this hides no race. From the loop's start to its end nothing starts,
// ends or joins a task, so every access the loop makes is made by one step
// of one task (Surendran and Sarkar, RV 2016, Definition 1). Each left-out
// read is of the location that the first read recorded, by the same step:
// the argument of straight.go (an earlier read of a step stands for the
// step's later reads of the location, in the read and write checks of
// their Algorithms 8 and 9) applies. It needs the location to be the same,
// not its content: a write of the location by the loop is recorded by its
// own hook, and the first read stands for the later ones all the same.
type invLoop struct {
	start, end token.Pos // the parts of the loop that run once per iteration
	ef         *effects  // of those parts
	flags      map[string]string
	order      []string // flag names in the order they were made
}

func (l *invLoop) scope() (token.Pos, token.Pos) { return l.start, l.end }

func (l *invLoop) apply(r *fileRewriter, a *acc) coverFate {
	if a.write || !r.facts.universeAt(a.pos, "false") {
		return coverNone
	}
	k, ok := r.facts.keyOf(a)
	if !ok || l.ef.moves(r.facts.esc, k) {
		return coverNone
	}
	flag, ok := l.flags[k.text]
	if !ok {
		flag = r.newTemp()
		l.flags[k.text] = flag
		l.order = append(l.order, flag)
	}
	a.once = flag
	return coverGuard
}

// invariantLoop registers the cover of loop s (a for or range statement)
// for the reads of locations it does not change, when s calls nothing. It
// returns nil when s does not qualify.
func (r *fileRewriter) invariantLoop(s ast.Stmt, pre token.Pos) *invLoop {
	if !r.on(OptInvariant) || r.fn == nil || r.fn.hasGoto || r.facts.inIsolated(s.Pos()) || !r.facts.universeAt(pre, "true") {
		return nil
	}
	var ef *effects
	var start token.Pos
	switch s := s.(type) {
	case *ast.ForStmt:
		ef = r.facts.effectsOf(s.Cond, s.Post, s.Body)
		start = s.Body.Pos()
		if s.Post != nil {
			start = s.Post.Pos()
		}
		if s.Cond != nil {
			start = s.Cond.Pos()
		}
	case *ast.RangeStmt:
		ef = r.facts.effectsOf(s.Body)
		switch coreType(r.info.TypeOf(s.X)).(type) {
		case *types.Signature, *types.Chan, nil:
			return nil
		}
		if s.Tok == token.DEFINE {
			r.facts.defines(ef, s.Key, s.Value)
		} else {
			r.facts.writeEffect(ef, s.Key)
			r.facts.writeEffect(ef, s.Value)
		}
		start = s.Body.Pos()
	default:
		return nil
	}
	if ef.call {
		return nil
	}
	l := &invLoop{start: start, end: s.End(), ef: ef, flags: map[string]string{}}
	r.addCover(l)
	return l
}

// declareFlags declares, before the loop at pre, the flags of l that some
// placed hook uses.
func (r *fileRewriter) declareFlags(l *invLoop, pre token.Pos) {
	if l == nil {
		return
	}
	var decls []string
	for _, f := range l.order {
		if r.fn.usedFlags[f] {
			decls = append(decls, f+" := true")
		}
	}
	if len(decls) > 0 {
		r.before(pre, decls...)
	}
}
