package mhp

import (
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"

	"github.com/tpinstr/tpinstr/analysis/pst"
)

// maxEffects bounds a summary's effects and maxEffectSteps the path below
// the variable or pointee: summaries are facts stored for every function,
// and a caller's race reports gain little from more. Writes are kept before
// reads. Cutting the steps after the last dereference makes a path denote
// more memory, never less.
const (
	maxEffects     = 24
	maxEffectSteps = 5
)

// Summarize computes the summary of t's function for its callers (see
// pst.Summary): effects on package-level variables and on memory reached
// through parameters, with whether each may happen after the function
// returns (out up to the root: a task left running) or inside Isolated;
// how each function-valued parameter is invoked; whether tasks may be left
// running; which task operations may run before it returns. Each is the
// join over the function's leaves and nodes, so a summary only grows when
// its callees' summaries grow, and the fixed point of Analyze exists.
func Summarize(t *Tree, fset *token.FileSet, callees pst.Callees) *pst.Summary {
	s := &pst.Summary{}
	var sig *types.Signature
	if t.Func != nil {
		sig, _ = t.Func.Type().(*types.Signature)
	}
	seen := map[string]bool{}
	for _, writes := range []bool{true, false} {
		for _, l := range t.Leaves {
			if l.Access == nil || l.Access.Write != writes || len(s.Effects) >= maxEffects {
				continue
			}
			e, ok := effectOf(t, l, sig, fset)
			if !ok {
				continue
			}
			key := fmt.Sprint(e.Global, e.Param, e.Steps, e.Write, e.Isolated, e.Esc)
			if !seen[key] {
				seen[key] = true
				s.Effects = append(s.Effects, e)
			}
		}
	}
	if sig != nil {
		s.FuncParams, s.Once = funcParams(t, sig)
		if s.FuncParams != nil {
			s.InFuture = inFuture(t, sig)
		}
	}
	pst.Walk(t.Root, func(n *pst.Node) bool {
		switch n.Kind {
		case pst.Escape:
			return false // runs later, not while the function runs
		case pst.Async:
			s.Ops |= pst.MaySpawn
			if t.out(n, nil, false).esc != pst.EscNone {
				s.Spawns = pst.EscAsync
			}
		case pst.Finish:
			if n.Op == pst.OpFinish || n.Op == pst.OpForAll || n.Op == pst.OpRun {
				s.Ops |= pst.MayFinish
			}
		case pst.Stmt:
			if n.Get != nil {
				s.Ops |= pst.MayGet
			}
		}
		return true
	})
	if callees != nil {
		for _, c := range t.Calls {
			if inEscape(c.In) {
				continue
			}
			if cs := callees(c.Fn.Origin()); cs != nil {
				s.Ops |= cs.Ops
			}
		}
	}
	return s
}

func inEscape(n *pst.Node) bool {
	for ; n != nil; n = n.Parent {
		if n.Kind == pst.Escape {
			return true
		}
	}
	return false
}

// effectOf returns the effect a caller sees for an access leaf, if any.
func effectOf(t *Tree, l *pst.Node, sig *types.Signature, fset *token.FileSet) (pst.Effect, bool) {
	p := l.Access.Path
	e := pst.Effect{Write: l.Access.Write, Isolated: Isolated(l), Esc: t.out(l, nil, false).esc}
	steps := p.Steps
	switch {
	case p.Root.Global != "":
		e.Global = p.Root.Global
	case sig != nil && p.Root.Var != nil:
		idx := pst.ParamIndex(sig, p.Root.Var)
		if idx < 0 || len(steps) == 0 || steps[0].Kind != pst.Deref {
			return pst.Effect{}, false
		}
		e.Param = idx
		steps = steps[1:]
	default:
		return pst.Effect{}, false
	}
	// A byte range of an unsafe view has no summary step: the effect is
	// on the whole location it is in, and on nothing past it.
	for i, st := range steps {
		if st.Kind == pst.Bytes {
			steps = steps[:i]
			break
		}
	}
	// Keep every dereference (a prefix ending before one would denote the
	// pointer, not what it points to) and cut what follows the last one.
	keep := min(len(steps), maxEffectSteps)
	for i, st := range steps {
		if st.Kind == pst.Deref || st.Kind == pst.MapElem {
			keep = max(keep, i+1)
		}
	}
	for _, st := range steps[:keep] {
		es := pst.EffectStep{Kind: st.Kind, Name: st.Name, Const: st.Const, Range: st.Range, Value: st.Value, Hi: st.Hi}
		if st.Param != nil && sig != nil {
			es.Arg = pst.ParamIndex(sig, st.Param) + 1
		}
		e.Steps = append(e.Steps, es)
	}
	if l.Access.Via != nil && l.Access.Where != "" {
		e.Where, e.In = l.Access.Where, l.Access.In
		if e.In == "" {
			e.In = l.Access.Via.Name()
		}
	} else {
		pos := fset.Position(l.Pos)
		e.Where = fmt.Sprintf("%s:%d:%d", filepath.Base(pos.Filename), pos.Line, pos.Column)
		if t.Func != nil {
			e.In = t.Func.Name()
		}
	}
	return e, true
}

// funcParams returns how each function-valued parameter is invoked: the
// join, over the leaves that use it, of the mode of the use and the class of
// where the leaf runs; a parameter stored or otherwise escaping is
// CalledDetached. A parameter is invoked at most once when it has a single
// use, outside any loop.
func funcParams(t *Tree, sig *types.Signature) ([]pst.Mode, []bool) {
	n := sig.Params().Len()
	if sig.Recv() != nil {
		n++
	}
	modes := make([]pst.Mode, n)
	uses := make([]int, n)
	looped := make([]bool, n)
	used := false
	for _, l := range t.Leaves {
		if l.Use == nil {
			continue
		}
		idx := pst.ParamIndex(sig, l.Use.Param)
		if idx < 0 {
			continue
		}
		modes[idx] = max(modes[idx], l.Use.Mode, t.positionMode(l))
		uses[idx]++
		looped[idx] = looped[idx] || len(commonLoops(l)) > 0
		used = true
	}
	for v := range t.Stored {
		if _, ok := v.Type().Underlying().(*types.Signature); !ok {
			continue
		}
		if idx := pst.ParamIndex(sig, v); idx >= 0 {
			modes[idx] = pst.CalledDetached
			uses[idx] += 2
			used = true
		}
	}
	if !used {
		return nil, nil
	}
	once := make([]bool, n)
	for i := range once {
		once[i] = uses[i] == 1 && !looped[i] && modes[i] != pst.CalledDetached
	}
	return modes, once
}

// positionMode classifies where a leaf runs relative to its function's
// caller.
func (t *Tree) positionMode(l *pst.Node) pst.Mode {
	switch t.out(l, nil, false).esc {
	case pst.EscDetached:
		return pst.CalledDetached
	case pst.EscAsync:
		return pst.CalledAsync
	}
	for n := l.Parent; n != nil; n = n.Parent {
		if n.Kind == pst.Async || n.Kind == pst.Escape {
			return pst.CalledParallel
		}
	}
	return pst.CalledSync
}
