package instrument

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strconv"
)

// Range hooks for runs of constant indices (optimization construn, switched off by
// Config.Disable[OptConstRun] or -instr.disable=construn).
//
// Code that unrolls a loop by hand reads a key or a table at constant
// indices, one statement after another:
//
//	x1 = mul(x1, k[0])
//	x2 += k[1]
//	x3 += k[2]
//	...
//
// Within a window of consecutive simple statements of one statement list
// (expression statements, assignments, x++, var declarations, and a
// return statement that ends the window) none of which calls anything
// (effects.call: conversions, builtins that run no code of the program
// and pure functions only, so no task-library call), the reads (or the
// writes) of t[c] for one variable t (an array variable, a pointer to an
// array, or a slice) and constants c that cover every index lo..hi of a
// run, at least two, are recorded by one ReadSlice (WriteSlice) hook of
// t[lo:hi+1] placed before the first statement f of the window that makes
// one of them; the hooks of those accesses (and, for a write run, of
// reads of the same elements) that come from f through L, the last
// statement that makes one, are left out. Each index of the run is made
// by an access of a statement's own evaluation, not of the right operand
// of && or || (which may not run).
//
// The conditions that every access of the run is surely made once the
// range hook has run:
//
//   - the statements f through L-1 cannot panic (panicFreeNode: no
//     division by a variable, no nil dereference, no index that could be
//     out of range, ...) except by indexing t at the run's constant
//     indices, which is tested before: t != nil for a pointer to an array
//     (whose constant indices the compiler has checked), hi < len(t) into
//     a flag for a slice (nothing for an array variable). When the test
//     fails, the range hook does not run and every left-out hook runs
//     instead behind the negated flag (for a nil pointer, none would run:
//     the first access panics before any of them is made);
//   - no statement f through L-1 changes t (by name, or through memory
//     that may alias it, effects.changesVar), so t[c] denotes one element
//     throughout; an array variable's elements never move;
//   - the window makes no task-library call and runs no code but its own
//     (no call), has no label in it (no jump lands between f and L), and
//     the window's statements run in order: L is reached once f is.
//
// Statement L itself may stop part-way, as any statement may; its
// accesses are hooked before it all the same, as every statement's are.
// Accesses that another optimization already stands for (a loop's range
// hook, a once-per-loop flag) are left to it. Functions with goto get no
// flag, and so no run over a slice. A race found by a range hook is
// reported as an access of t[lo:hi+1] at the first access of the run.
//
// Why this hides no race. From f through L, nothing starts, ends or joins
// a task, so the range hook and every access it stands for are made by one
// step of one task (Surendran and Sarkar, RV 2016, Definition 1). The
// range hook records exactly accesses of that step that surely follow it:
// it invents none. For the detector's write and read checks (their
// Algorithms 8 and 9), what an access of a step finds depends only on the
// step and on the accesses of other steps, and a location's shadow state
// after the step records the step as reader (writer) whenever the step
// read (wrote) it; so recording a read (write) of the step earlier in the
// step than the program makes it reports a race on the location exactly
// when the access would have. Each left-out hook is then covered as in
// straight.go: an earlier read of the step stands for its later reads of
// the element, an earlier write for its later reads and writes. This is
// BigFoot's coalescing of checks into one that dominates them (Rhodes,
// Flanagan and Freund, "BigFoot: Static Check Placement for Dynamic Race
// Detection", PLDI 2017), in the exact form: the covering check is made
// only where every access it covers follows it in the same step.

// constRun is one run found in a window: the accesses of t[lo..hi] of one
// kind, made from statement first through last of the window.
type constRun struct {
	t           *types.Var
	base        ast.Expr // t as it appears in the first access
	lo, hi      int64
	write       bool
	first, last int // statements of the window
	accs        []*acc
}

// constCover leaves out, in [start, end), the hooks of accesses of t[c]
// for constants c in lo..hi: reads, and writes when write is set; with a
// flag, they stay behind !flag.
type constCover struct {
	start, end token.Pos
	t          *types.Var
	lo, hi     int64
	write      bool
	flag       string
}

func (c *constCover) scope() (token.Pos, token.Pos) { return c.start, c.end }

func (c *constCover) apply(r *fileRewriter, a *acc) coverFate {
	if a.form != formAddr || (a.write && !c.write) {
		return coverNone
	}
	t, n, ok := r.facts.constIndex(a.loc)
	if !ok || t != c.t || n < c.lo || n > c.hi {
		return coverNone
	}
	if c.flag == "" {
		return coverDrop
	}
	a.fallback = c.flag
	return coverGuard
}

// constRuns finds the runs of constant indices in the statement list of
// the function being rewritten, places their range hooks and registers
// their covers. It runs before the list's statements are rewritten.
func (r *fileRewriter) constRuns(list []ast.Stmt) {
	if r.fn == nil || !r.on(OptConstRun) {
		return
	}
	r.windows(list, r.windowRuns)
}

// windows calls each with every window of the statement list: a maximal
// run of consecutive statements that windowStmt allows, ended after a
// return statement.
func (r *fileRewriter) windows(list []ast.Stmt, each func(win []ast.Stmt)) {
	for i := 0; i < len(list); {
		j := i
		for j < len(list) && r.windowStmt(list[j]) {
			j++
			if _, isRet := list[j-1].(*ast.ReturnStmt); isRet {
				break
			}
		}
		if j > i {
			each(list[i:j])
		}
		if j == i {
			j++
		}
		i = j
	}
}

// windowStmt reports whether s may be part of a window: a simple
// statement that calls nothing, outside Isolated bodies.
func (r *fileRewriter) windowStmt(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.ExprStmt, *ast.AssignStmt, *ast.IncDecStmt, *ast.ReturnStmt:
	case *ast.DeclStmt:
		if gd, ok := s.Decl.(*ast.GenDecl); !ok || gd.Tok != token.VAR {
			return false
		}
	default:
		return false
	}
	if r.facts.inIsolated(s.Pos()) {
		return false
	}
	return !r.facts.effectsOf(s).call
}

// windowRuns finds the runs of one window and places them.
func (r *fileRewriter) windowRuns(win []ast.Stmt) {
	type groupKey struct {
		t     *types.Var
		write bool
	}
	type elem struct {
		stmt int
		n    int64
		a    *acc
		base ast.Expr
	}
	groups := map[groupKey][]elem{}
	var order []groupKey
	for si, s := range win {
		c := newCollector(r)
		c.dry = true
		c.collectSimple(s)
		for _, a := range c.main.accs {
			if a.form != formAddr {
				continue
			}
			t, n, ok := r.facts.constIndex(a.loc)
			if !ok {
				continue
			}
			if r.coveredElsewhere(a) {
				continue
			}
			k := groupKey{t, a.write}
			if _, seen := groups[k]; !seen {
				order = append(order, k)
			}
			base := ast.Unparen(a.loc).(*ast.IndexExpr).X
			groups[k] = append(groups[k], elem{si, n, a, base})
		}
	}
	for _, k := range order {
		es := groups[k]
		sort.SliceStable(es, func(i, j int) bool { return es[i].n < es[j].n })
		// Split the indices into maximal runs of consecutive values.
		for i := 0; i < len(es); {
			j := i + 1
			for j < len(es) && es[j].n <= es[j-1].n+1 {
				j++
			}
			if es[j-1].n > es[i].n {
				run := &constRun{t: k.t, base: es[i].base, lo: es[i].n, hi: es[j-1].n, write: k.write, first: len(win), last: -1}
				for _, e := range es[i:j] {
					run.first = min(run.first, e.stmt)
					run.last = max(run.last, e.stmt)
					run.accs = append(run.accs, e.a)
				}
				r.placeConstRun(win, run)
			}
			i = j
		}
	}
}

// coveredElsewhere reports whether a cover already in force (a loop's
// range hook or once-per-loop flag) would decide the fate of a's hook.
func (r *fileRewriter) coveredElsewhere(a *acc) bool {
	cp := *a
	for _, c := range r.fn.covers {
		start, end := c.scope()
		if a.pos < start || a.pos >= end {
			continue
		}
		if c.apply(r, &cp) != coverNone {
			return true
		}
	}
	return false
}

// placeConstRun places the range hook of run before its first statement
// and registers its cover, when the conditions of the rule hold.
func (r *fileRewriter) placeConstRun(win []ast.Stmt, run *constRun) {
	pre := win[run.first].Pos()
	if r.cfg.Keep != nil {
		for _, a := range run.accs {
			if !r.cfg.Keep(a.loc) {
				return // the static analysis prunes these hooks anyway
			}
		}
	}
	if !r.facts.visibleAt(run.t, pre) && !isQualified(r.info, run.base) {
		return
	}
	for _, s := range win[run.first:run.last] {
		if _, isArr := run.t.Type().Underlying().(*types.Array); !isArr && r.facts.varChanged(r.facts.effectsOf(s), run.t) {
			return
		}
		safe := r.facts.panicFreeNode(s, func(x *ast.IndexExpr) bool {
			if tv := r.info.Types[x.Index]; tv.Value != nil {
				if _, isArr := coreType(r.info.TypeOf(x.X)).(*types.Array); isArr {
					return true
				}
			}
			t, n, ok := r.facts.constIndex(x)
			return ok && t == run.t && n >= run.lo && n <= run.hi
		})
		if !safe {
			return
		}
	}
	rd := &renderer{f: r.facts, e: r.emitter, pos: pre}
	base, ok := rd.value(run.base)
	if !ok || len(rd.guards) > 0 || !r.facts.universeAt(pre, "nil", "len") {
		return
	}
	span := base + "[" + strconv.FormatInt(run.lo, 10) + ":" + strconv.FormatInt(run.hi+1, 10) + "]"
	op, kind := "ReadSlice", kindRead
	if run.write {
		op, kind = "WriteSlice", kindWrite
	}
	flag, test := "", ""
	switch run.t.Type().Underlying().(type) {
	case *types.Pointer:
		test = base + " != nil"
	case *types.Slice:
		if r.fn.hasGoto {
			return
		}
		flag = r.newTemp()
	}
	first := run.accs[0]
	for _, a := range run.accs {
		if a.pos < first.pos {
			first = a
		}
	}
	k := r.addSite(first.pos, kind, first.shown)
	r.sites[k].expr = squeeze(r.text(run.base) + "[" + strconv.FormatInt(run.lo, 10) + ":" + strconv.FormatInt(run.hi+1, 10) + "]")
	call := rtCall(op, span, r.siteRef(k))
	r.stats.RangeHooks++
	switch {
	case flag != "":
		r.before(pre, flagged(flag, strconv.FormatInt(run.hi, 10)+" < len("+base+")", call)...)
	case test != "":
		r.before(pre, hookStmt(call, []string{test}))
	default:
		r.before(pre, call)
	}
	r.addCover(&constCover{start: pre, end: win[run.last].End(), t: run.t, lo: run.lo, hi: run.hi, write: run.write, flag: flag})
}
