package instrument

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/tpinstr/tpinstr/internal/syncapi"
)

// Loops that spin on plain memory.
//
// A goroutine may wait for another by spinning on memory that the other
// writes, with no synchronisation at all (a racy program, which the
// checker reports):
//
//	for !done {
//	}
//
// Go's scheduler preempts such a loop and the writer runs. The checked
// executor runs one goroutine until it waits, and the loop's reads after
// the first are covered by that first read's hook (straight.go), so the
// loop would enter no hook and run for ever while the writer, suspended,
// never runs. So a for statement with a condition only (no init, no
// post), whose condition reads memory that another goroutine can write (a
// package-level variable, or anything reached through a selector, an
// index or a pointer) and calls nothing, and whose body calls nothing and
// makes no channel operation, gets the hook rt.Spin(site) at the top of
// its body: in a checked run of goroutines, every few iterations it lets
// the others go first, as runtime.Gosched does (rt.Gosched), an order the
// program can take that synchronises nothing. Loops of other shapes enter
// a hook each iteration, or call something that may.

// spinLoop gives the loop s the hook rt.Spin when it may spin on plain
// memory (see above).
func (g *goRewriter) spinLoop(s *ast.ForStmt) {
	if s.Init != nil || s.Post != nil || s.Cond == nil || s.Body == nil {
		return
	}
	if !g.sharedRead(s.Cond) || busyBody(s.Body) || busyBody(s.Cond) {
		return
	}
	site := g.site(s.Pos(), s)
	g.insert(s.Body.Lbrace+1, rt("Spin")+"("+site+"); ", prioFirst)
}

// busyBody reports whether n calls something, makes a channel operation,
// starts a goroutine or declares a function: whether a spinning loop
// would enter hooks, or block, anyway.
func busyBody(n ast.Node) bool {
	busy := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr, *ast.GoStmt, *ast.SendStmt, *ast.SelectStmt, *ast.DeferStmt, *ast.FuncLit:
			busy = true
		case *ast.UnaryExpr:
			busy = busy || x.Op == token.ARROW
		case *ast.RangeStmt:
			busy = true // over a channel it receives; others hook each element
		}
		return !busy
	})
	return busy
}

// sharedRead reports whether e reads memory that another goroutine can
// write: a package-level variable, or a location reached through a
// selector of a field, an index or a pointer.
func (g *goRewriter) sharedRead(e ast.Expr) bool {
	shared := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.Ident:
			if v, ok := g.r.info.Uses[x].(*types.Var); ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
				shared = true
			}
		case *ast.SelectorExpr:
			if sel, ok := g.r.info.Selections[x]; ok && sel.Kind() == types.FieldVal {
				shared = true
			}
		case *ast.IndexExpr, *ast.StarExpr:
			shared = true
		}
		return !shared
	})
	return shared
}

// Loops that poll one synchronising operation.
//
// A goroutine may wait for another by polling an atomic variable, yielding
// between the polls:
//
//	for atomic.LoadInt32(&s) != 1 {    // or !s.CompareAndSwap(1, 0), s.Load() == 0, …
//		runtime.Gosched()
//	}
//
// Each failed iteration reads the variable, reads nothing else that
// another goroutine can write, writes nothing, and yields. Its Gosched
// becomes rt.SpinYield, which yields as rt.Gosched does and tells the
// checked run that the poll before it changes nothing: another failed poll
// of the same variable, with no operation of another goroutine on it in
// between, is a stutter, and the run's exploration does not list
// schedules that only add such polls (rt/internal/goexec, Polling). Without
// it, an unbounded polling loop looks like a bounded one, whose number of
// failed polls can matter, and the exploration stops at a bound, saying
// so.
//
// Conditions. The loop is `for COND { runtime.Gosched() }`: no init, no
// post, a body of that one call. COND is built of constants, local
// variables that no other goroutine can write (privateLocal), unary
// and binary operators, and exactly one call of sync/atomic: a Load (of
// any type, function or method), or a CompareAndSwap under a `!` that is
// the whole condition (the loop goes on while it fails, when it writes
// nothing). The call's operands are constants, such locals, or the
// address of the variable: &x or &x.f, or x or x.f for a method, reached
// through no pointer but such a local.
//
// Why no schedule is lost. A failed iteration makes no write and no
// operation that another goroutine can observe: a load synchronises
// nothing to others (the Go memory model orders a store before the load
// that observes it, not the other way), and a failed CompareAndSwap is a
// load. So inserting a failed iteration changes no other goroutine's run
// and adds only edges into the poller; and the next poll of the variable,
// with no operation on it in between, reads what the last one read and
// fails again. Every race or outcome of a schedule with such repeated
// polls is one of the schedule without them. A plain write to the variable
// between two polls would change what the next poll reads without an
// operation on it; it races with the poll, which the run reports.

// pureSpin returns the call of runtime.Gosched that is the body of loop s
// when s polls one synchronising operation (see above), else nil.
func (g *goRewriter) pureSpin(s *ast.ForStmt) *ast.CallExpr {
	if s.Init != nil || s.Post != nil || s.Cond == nil || s.Body == nil || len(s.Body.List) != 1 {
		return nil
	}
	es, ok := s.Body.List[0].(*ast.ExprStmt)
	if !ok {
		return nil
	}
	call, ok := ast.Unparen(es.X).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return nil
	}
	if fn, ok := g.r.facts.callee(call).(*types.Func); !ok || fn.Pkg() == nil || fn.Pkg().Path() != "runtime" || fn.Name() != "Gosched" {
		return nil
	}
	polls := 0
	cas := false // the condition is !CompareAndSwap(…)
	if u, ok := ast.Unparen(s.Cond).(*ast.UnaryExpr); ok && u.Op == token.NOT {
		if c, ok := ast.Unparen(u.X).(*ast.CallExpr); ok && g.atomicPoll(c, true) {
			cas = true
		}
	}
	if cas {
		return call
	}
	if !g.pollCond(s.Cond, &polls) || polls != 1 {
		return nil
	}
	return call
}

// pollCond reports whether e is made of constants, unshared locals,
// operators and atomic loads (counted in polls).
func (g *goRewriter) pollCond(e ast.Expr, polls *int) bool {
	info := g.r.info
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		return true
	}
	switch x := e.(type) {
	case *ast.ParenExpr:
		return g.pollCond(x.X, polls)
	case *ast.UnaryExpr:
		return x.Op != token.ARROW && x.Op != token.AND && g.pollCond(x.X, polls)
	case *ast.BinaryExpr:
		return g.pollCond(x.X, polls) && g.pollCond(x.Y, polls)
	case *ast.Ident:
		return g.privateLocal(x)
	case *ast.CallExpr:
		if !g.atomicPoll(x, false) {
			return false
		}
		*polls++
		return true
	}
	return false
}

// atomicPoll reports whether call is a Load of sync/atomic (or, with cas,
// a CompareAndSwap) whose operands read nothing another goroutine can
// write (see pureSpin).
func (g *goRewriter) atomicPoll(call *ast.CallExpr, cas bool) bool {
	u, ok := g.classifier().Call(g.r.info, call)
	if !ok || (u.Op != syncapi.AtomicFunc && u.Op != syncapi.AtomicMethod) || u.Func == nil {
		return false
	}
	name := u.Func.Name()
	if !strings.HasPrefix(name, "Load") && !(cas && strings.HasPrefix(name, "CompareAndSwap")) {
		return false
	}
	args := u.Args
	if u.Op == syncapi.AtomicFunc {
		if len(args) == 0 {
			return false
		}
		addr := ast.Unparen(args[0])
		if a, ok := addr.(*ast.UnaryExpr); !ok || a.Op != token.AND || !g.quietPlace(a.X) {
			if id, ok := addr.(*ast.Ident); !ok || !g.privateLocal(id) {
				return false
			}
		}
		args = args[1:]
	} else if u.Recv == nil || !g.quietPlace(u.Recv) {
		return false
	}
	for _, a := range args {
		var none int
		if !g.pollCond(a, &none) || none != 0 {
			return false
		}
	}
	return true
}

// quietPlace reports whether the place e (a variable, or a field of one)
// is reached without reading memory another goroutine can write: through
// no pointer, or through a pointer held by an unshared local.
func (g *goRewriter) quietPlace(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := g.r.info.Uses[x].(*types.Var)
		if !ok {
			return false
		}
		if _, ptr := v.Type().Underlying().(*types.Pointer); ptr {
			return g.privateLocal(x) // a method call through the pointer reads it
		}
		return true
	case *ast.SelectorExpr:
		sel, ok := g.r.info.Selections[x]
		if !ok || sel.Kind() != types.FieldVal {
			return false
		}
		if sel.Indirect() {
			id, ok := ast.Unparen(x.X).(*ast.Ident)
			return ok && len(sel.Index()) == 1 && g.privateLocal(id)
		}
		return g.quietPlace(x.X)
	case *ast.StarExpr:
		id, ok := ast.Unparen(x.X).(*ast.Ident)
		return ok && g.privateLocal(id)
	}
	return false
}

// privateLocal reports whether id is a local variable that no other
// goroutine can write: one that no other can reach (escapes.isShared), or
// one that nothing assigns after its declaration and whose address is not
// taken, which every goroutine reads as its declaration left it.
func (g *goRewriter) privateLocal(id *ast.Ident) bool {
	v, ok := g.r.info.Uses[id].(*types.Var)
	if !ok || v.IsField() || isPackageLevel(v) {
		return false
	}
	return !g.r.facts.esc.isShared(v) || !g.r.facts.esc.addressed[v] && !g.assigned()[v]
}

// assigned returns the variables of the file that an assignment, an
// increment or a range statement sets after their declaration.
func (g *goRewriter) assigned() map[*types.Var]bool {
	if g.sets != nil {
		return g.sets
	}
	g.sets = map[*types.Var]bool{}
	mark := func(e ast.Expr) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if v, ok := g.r.info.Uses[id].(*types.Var); ok {
				g.sets[v] = true
			}
		}
	}
	ast.Inspect(g.r.file, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				mark(l)
			}
		case *ast.IncDecStmt:
			mark(x.X)
		case *ast.RangeStmt:
			if x.Key != nil {
				mark(x.Key)
			}
			if x.Value != nil {
				mark(x.Value)
			}
		}
		return true
	})
	return g.sets
}
