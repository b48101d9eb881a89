package instrument

import (
	"go/ast"
)

// Stretches through if statements (optimization ifjoin, switched off by
// Config.Disable[OptIfJoin] or -instr.disable=ifjoin).
//
// straight.go ends a stretch at every compound statement and starts every
// branch with a stretch of its own. An if statement whose header calls
// nothing (effects.call) does not need either, because of where control
// can go in Go: a block can only be entered at its start (goto cannot jump
// into a block), so the first statement of a branch is reached only from
// the header, and the statement after the if is reached only by falling
// out of a branch or, with no else, from the header (or by a jump to a
// label on it, which ends a stretch anyway).
//
//   - A branch starts with the stretch of the header: the locations the
//     stretch recorded up to and including the header, less those whose
//     address the header's init statement may change. The header's hooks
//     dominate the branch (BigFoot's placement of one check where it
//     dominates the accesses it covers: Rhodes, Flanagan and Freund,
//     PLDI 2017).
//   - The stretch goes on after the if when every branch either calls
//     nothing or cannot fall out of its end (its last statement is a
//     return, break, continue or goto, or a call of panic): the locations
//     kept are those of the header's stretch that no branch that can fall
//     out may change (effects.moves). Hooks placed inside a branch are not
//     added: the other path does not run them.
//
// Why this hides no race. The argument of straight.go needs two things of
// a covered hook and the earlier hook that stands for it: that no
// task-library call, nor any call that could make one, runs between them,
// so that both accesses are made by the same step (Surendran and Sarkar,
// RV 2016, Definition 1), and that the location's address did not change
// between them. Every path from the header's hook to a hook in a branch
// runs the header and the branch's earlier statements only; every path
// from it to a hook after the if runs the header and one branch that can
// fall out of its end, or no branch. Those paths call nothing, and the
// locations kept are those that none of them can move; the rest of the
// argument is straight.go's.

// snapshot returns a copy of the stretch, or nil for no stretch.
func (s *straight) snapshot() *straight {
	if s == nil {
		return nil
	}
	return &straight{avail: append([]availHook(nil), s.avail...)}
}

// restore makes the stretch hold what from holds (nothing for nil).
func (s *straight) restore(from *straight) {
	if s == nil {
		return
	}
	s.avail = s.avail[:0]
	if from != nil {
		s.avail = append(s.avail, from.avail...)
	}
}

// stmtListFrom rewrites a branch's statements in a stretch that starts
// with the locations of start (a header's stretch), or an empty one.
func (r *fileRewriter) stmtListFrom(list []ast.Stmt, start *straight) {
	outer := r.line
	r.line = r.newStretch()
	r.line.restore(start)
	r.constRuns(list)
	r.spanRuns(list)
	for _, s := range list {
		r.stmt(s, s.Pos())
	}
	r.line = outer
}

// joinAfterIf sets the stretch after the if statement s, whose header left
// the stretch hdr (nil: none), as the rule above says, or ends it.
func (r *fileRewriter) joinAfterIf(s *ast.IfStmt, hdr *straight) {
	if hdr == nil || r.line == nil {
		r.line.reset()
		return
	}
	var falls []ast.Node
	if !r.facts.branchEnds(s.Body.List) {
		falls = append(falls, s.Body)
	}
	switch e := s.Else.(type) {
	case *ast.BlockStmt:
		if !r.facts.branchEnds(e.List) {
			falls = append(falls, e)
		}
	case *ast.IfStmt:
		falls = append(falls, e)
	}
	for _, b := range falls {
		if r.facts.effectsOf(b).call {
			r.line.reset()
			return
		}
	}
	r.line.restore(hdr)
	for _, b := range falls {
		r.line.after(r.facts.effectsOf(b), r.facts.esc)
	}
}
