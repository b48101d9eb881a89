package instrument

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/tpinstr/tpinstr/internal/syncapi"
)

// Plain Go concurrency. After the access hooks of a file are planned,
// plainGo rewrites its go statements, channel operations and calls of
// package sync, sync/atomic and time.Sleep into the hooks of rt/gohooks.go,
// following the rules written there. Every rewritten operation gets a site
// of its own, whose kind names the operation (sitekinds.go) and whose
// expression shows it.
//
// Like every edit of the rewriter, these are insertions and replacements of
// the tokens around the operands, never of the operands themselves, so
// the operands keep their own edits (hooks in function literals, task
// handles wrapped in rt.At) and their lines:
//
//	mu.Lock()               →  _tpinstr_rt.MutexLock(&(mu), site)
//	s.Lock()  (s embeds sync.Mutex)  →  _tpinstr_rt.MutexLock(&(s.Mutex), site)
//	(*sync.Mutex).Lock(p)   →  _tpinstr_rt.MutexLock(p, site)
//	mu.Lock(); n++; mu.Unlock()  →  _tpinstr_rt.MutexLockCommute(&(mu), 1, site); n++; …  (mutexsection.go)
//	mu.Lock(); m[k] = v; mu.Unlock()  →  _tpinstr_rt.MutexLockInsert(&(mu), k, site); m[k] = v; …
//	f := mu.Unlock          →  f := bind(&(mu), _tpinstr_rt.MutexUnlock, site)
//	f := (*sync.Mutex).Lock →  f := siteOf(_tpinstr_rt.MutexLock, site)
//	go f(x, y)              →  _tpinstr_rt.Go(goN(f, x, y), site)
//	go func() {…}()         →  _tpinstr_rt.Go(func() {…}, site)
//	ch <- v                 →  _tpinstr_rt.Send(ch, v, site)
//	<-ch                    →  _tpinstr_rt.Recv(ch, site)
//	v, ok := <-ch           →  v, ok := _tpinstr_rt.Recv2(ch, site)
//	close(ch)               →  _tpinstr_rt.Close(ch, site)
//	atomic.AddInt64(&x, 1)  →  atomic.AddInt64(_tpinstr_rt.AtomicAt(&x, site), 1)
//	v.Add(1)                →  _tpinstr_rt.AtomicAt(&v, site).Add(1)
//	time.Sleep(d)           →  _tpinstr_rt.Sleep(d, site)
//	time.After(d), time.Now() and others  →  see timers.go
//
// A go statement keeps Go's evaluation order without naming a type: the
// generic helper goN, declared after the file's last line, receives the
// function value and the arguments, evaluated where the go statement
// evaluated them, and returns the closure that calls one with the others;
// type inference gives each argument its parameter's type (untyped
// constants and nil included) and passes a variadic tail through. bind and
// siteOf are generic helpers of the same kind for method values and
// method expressions, with the hook as their function argument.
//
// The range loop over a channel and the select statement follow
// gohooks.go:
//
//	for v := range ch {…}   →  for c := ch; ; { v, ok := _tpinstr_rt.Recv2(c, site); if !ok { break }; …}
//	  (a worker's loop in a pool: PoolEnter and PoolRecv2, workerloop.go)
//	select { case v := <-a: S0; case b <- x: S1; default: S2 }
//	  →  { c0, c1 := _tpinstr_rt.OnRecv(a), _tpinstr_rt.OnSend(b, x); switch _tpinstr_rt.Select(site, true, c0, c1) { case 0: v := c0.Value(); S0; case 1: S1; default: S2 } }
//
// The channel and value operands of the cases of a select are evaluated on
// entry, in source order, as Go evaluates them; they move to the select's
// line, so a select is rewritten only when they are plain expressions on
// one line with nothing of their own to rewrite.
//
// Left as they are, and counted in Stats.Skipped: a go statement of a
// builtin (go println(x)) or of a function value of type-parameter type;
// channel operations on a channel of type-parameter type; a select whose
// case operands are not plain; a method expression of an interface with
// Lock and Unlock, used as a value, whose type expression is not plain;
// atomic functions used as values
// and atomic method values; promoted method expressions used as values
// whose path or types the file cannot name (lockforms.go).
// The import of golang.org/x/sync/errgroup names rt/errgroup instead, and
// the receiver of each call of a Group's method is wrapped in rt.At for its
// site (errgroupImport). The function of synctest.Test is wrapped in
// rt.Bubble (timers.go); len and cap of a channel are not hooked.

// goRewriter holds the state of the plain-Go rewrite of one file.
type goRewriter struct {
	r       *fileRewriter
	stmts   map[*ast.CallExpr]bool         // calls whose result is not used: expression statements
	handled map[ast.Node]bool              // nodes a construct around them has rewritten
	helpers map[string]bool                // generic helpers declared in the trailer
	labels  map[ast.Stmt]token.Pos         // labelled statements: where their labels start
	defers  map[*ast.CallExpr]bool         // calls of defer statements (lockforms.go)
	workers map[*ast.RangeStmt]*workerLoop // the loops of workers of pools (workerloop.go)
	spins   map[*ast.CallExpr]bool         // the runtime.Gosched calls of loops that poll one operation (spin.go)
	sets    map[*types.Var]bool            // the variables assignments set (spin.go's assigned), once asked
}

// plainGo rewrites the plain-Go concurrency of the file.
func (r *fileRewriter) plainGo() {
	g := &goRewriter{r: r, handled: map[ast.Node]bool{}, helpers: map[string]bool{}, labels: map[ast.Stmt]token.Pos{}, stmts: map[*ast.CallExpr]bool{}, defers: deferredCalls(r.file), workers: r.workerLoops()}
	ast.Inspect(r.file, func(n ast.Node) bool {
		if es, ok := n.(*ast.ExprStmt); ok {
			if c, ok := ast.Unparen(es.X).(*ast.CallExpr); ok {
				g.stmts[c] = true
			}
		}
		return true
	})
	g.errgroupImport()
	outer := r.fn
	defer func() { r.fn = outer }()
	for _, d := range r.file.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Body != nil {
				g.walk(d.Body, r.bodyNames[d.Body])
			}
		case *ast.GenDecl:
			g.walk(d, "")
		}
	}
}

// walk rewrites the operations under n, inside the function named fn (""
// outside functions): sites name the function they are in.
func (g *goRewriter) walk(n ast.Node, fn string) {
	ctx := &funcCtx{name: fn}
	if fn == "" {
		ctx = nil
	}
	ast.Inspect(n, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok {
			g.walk(lit.Body, g.r.bodyNames[lit.Body])
			return false
		}
		g.r.fn = ctx
		return g.visit(n)
	})
}

// visit rewrites the operation n is, if any, and reports whether to look
// inside n.
func (g *goRewriter) visit(n ast.Node) bool {
	if n == nil || g.handled[n] {
		return true
	}
	switch x := n.(type) {
	case *ast.LabeledStmt:
		start, ok := g.labels[x]
		if !ok {
			start = x.Pos()
		}
		g.labels[x.Stmt] = start
	case *ast.GoStmt:
		g.goStmt(x)
	case *ast.SendStmt:
		g.send(x)
	case *ast.UnaryExpr:
		if x.Op == token.ARROW {
			g.recv(x, false)
		}
	case *ast.AssignStmt:
		if len(x.Lhs) == 2 && len(x.Rhs) == 1 {
			g.recv2(x.Lhs[1], x.Rhs[0], nil)
		}
	case *ast.ValueSpec:
		if len(x.Names) == 2 && len(x.Values) == 1 {
			g.recv2(x.Names[1], x.Values[0], x.Type)
		}
	case *ast.CallExpr:
		g.call(x)
	case *ast.SelectorExpr:
		if u, ok := g.classifier().Value(g.r.info, x); ok {
			g.value(u)
		}
	case *ast.RangeStmt:
		g.rangeChan(x)
	case *ast.SelectStmt:
		g.selectStmt(x)
	case *ast.ForStmt:
		g.spinLoop(x) // spin.go
		if c := g.pureSpin(x); c != nil {
			if g.spins == nil {
				g.spins = map[*ast.CallExpr]bool{}
			}
			g.spins[c] = true
		}
	}
	return true
}

func (g *goRewriter) classifier() syncapi.Classifier {
	return syncapi.Classifier{TaskPath: g.r.cfg.TaskPackage}
}

// site registers a site for the operation at pos, shown as expr.
func (g *goRewriter) site(pos token.Pos, expr ast.Node) string {
	k := g.r.addSite(pos, g.siteKind(expr), expr) // sitekinds.go
	g.r.stats.SyncOps++
	return g.r.siteRef(k)
}

// Edits. Replaced text keeps the line breaks it held, at its end, so that
// what follows stays on its line.

func (g *goRewriter) insert(p token.Pos, text string, prio int) {
	g.r.buf.insert(g.r.off(p), text, prio)
}

func (g *goRewriter) replace(from, to token.Pos, text string) {
	a, b := g.r.off(from), g.r.off(to)
	g.r.buf.replace(a, b, text+strings.Repeat("\n", strings.Count(string(g.r.src[a:b]), "\n")))
}

// rt returns the name of a hook as rewritten code calls it.
func rt(name string) string { return rtName + "." + name }

// hookOf names the hook of a synchronisation method.
var hookOf = map[syncapi.Op]string{
	syncapi.MutexLock:           "MutexLock",
	syncapi.MutexUnlock:         "MutexUnlock",
	syncapi.MutexTryLock:        "MutexTryLock",
	syncapi.RWMutexLock:         "RWMutexLock",
	syncapi.RWMutexUnlock:       "RWMutexUnlock",
	syncapi.RWMutexTryLock:      "RWMutexTryLock",
	syncapi.RWMutexRLock:        "RWMutexRLock",
	syncapi.RWMutexRUnlock:      "RWMutexRUnlock",
	syncapi.RWMutexTryRLock:     "RWMutexTryRLock",
	syncapi.LockerLock:          "LockerLock",
	syncapi.LockerUnlock:        "LockerUnlock",
	syncapi.WaitGroupAdd:        "WaitGroupAdd",
	syncapi.WaitGroupDone:       "WaitGroupDone",
	syncapi.WaitGroupWait:       "WaitGroupWait",
	syncapi.WaitGroupGo:         "WaitGroupGo",
	syncapi.OnceDo:              "OnceDo",
	syncapi.MapLoad:             "SyncMapLoad",
	syncapi.MapStore:            "SyncMapStore",
	syncapi.MapLoadOrStore:      "SyncMapLoadOrStore",
	syncapi.MapLoadAndDelete:    "SyncMapLoadAndDelete",
	syncapi.MapDelete:           "SyncMapDelete",
	syncapi.MapSwap:             "SyncMapSwap",
	syncapi.MapCompareAndSwap:   "SyncMapCompareAndSwap",
	syncapi.MapCompareAndDelete: "SyncMapCompareAndDelete",
	syncapi.MapRange:            "SyncMapRange",
	syncapi.MapClear:            "SyncMapClear",
	syncapi.CondWait:            "CondWait",
	syncapi.CondSignal:          "CondSignal",
	syncapi.CondBroadcast:       "CondBroadcast",
	syncapi.TimerStop:           "TimerStop", // timers.go
	syncapi.TimerReset:          "TimerReset",
	syncapi.TickerStop:          "TickerStop",
	syncapi.TickerReset:         "TickerReset",
	syncapi.ContextErr:          "ContextErr",   // a look at a context of the run, at the call (rt/gocontext.go)
	syncapi.TestParallel:        "TestParallel", // direct calls only (call)
	syncapi.TestRun:             "TestRun",      // direct calls only (call)
}

// isChan reports whether e is a channel whose hooks can infer its element
// type: a channel type, not a type parameter.
func (g *goRewriter) isChan(e ast.Expr) bool {
	t := g.r.info.TypeOf(e)
	if t == nil {
		return false
	}
	if _, isTP := types.Unalias(t).(*types.TypeParam); isTP {
		return false
	}
	_, ok := t.Underlying().(*types.Chan)
	return ok
}

// send rewrites ch <- v.
func (g *goRewriter) send(s *ast.SendStmt) {
	if !g.isChan(s.Chan) {
		g.r.skip("channel operation on a type parameter")
		return
	}
	site := g.site(s.Arrow, s)
	if !g.elemTyped(s.Chan, s.Value) {
		// rt.Send would infer its type parameter from the value too: the
		// curried form assigns the value to the element type, as the
		// send does (a struct{} to a chan any).
		g.insert(s.Chan.Pos(), rt("SendTo")+"(", prioAtOpen)
		g.replace(s.Chan.End(), s.Value.Pos(), ", "+site+")(")
		g.insert(s.Value.End(), ")", prioAtClose)
		return
	}
	g.insert(s.Chan.Pos(), rt("Send")+"(", prioAtOpen)
	g.replace(s.Chan.End(), s.Value.Pos(), ", ")
	g.insert(s.Value.End(), ", "+site+")", prioAtClose)
}

// elemTyped reports whether the value v sent on ch has exactly the
// element type of ch, so that a hook may infer its type parameter from
// both.
func (g *goRewriter) elemTyped(ch, v ast.Expr) bool {
	ct, vt := g.r.info.TypeOf(ch), g.r.info.TypeOf(v)
	if ct == nil || vt == nil {
		return false
	}
	c, ok := ct.Underlying().(*types.Chan)
	if !ok {
		return false
	}
	if b, ok := vt.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
		return true // an untyped constant or nil takes the element type
	}
	return types.Identical(c.Elem(), vt)
}

// recv rewrites <-ch, as Recv or (two) as Recv2.
func (g *goRewriter) recv(x *ast.UnaryExpr, two bool) {
	g.handled[x] = true
	if !g.isChan(x.X) {
		g.r.skip("channel operation on a type parameter")
		return
	}
	hook := "Recv"
	if two {
		hook = "Recv2"
	}
	site := g.site(x.OpPos, x)
	g.replace(x.OpPos, x.X.Pos(), rt(hook)+"(")
	g.insert(x.X.End(), ", "+site+")", prioAtClose)
}

// recv2 rewrites v, ok := <-ch (or =, or var v, ok = <-ch) when ok is a
// plain bool, as Recv2 returns.
func (g *goRewriter) recv2(ok ast.Expr, rhs ast.Expr, declType ast.Expr) {
	u, isRecv := ast.Unparen(rhs).(*ast.UnaryExpr)
	if !isRecv || u.Op != token.ARROW || g.handled[u] {
		return
	}
	if declType != nil || !g.isBool(ok) {
		return // left to recv: v, ok receives as a plain receive does not
	}
	g.recv(u, true)
}

// isBool reports whether e is the blank identifier or of type bool.
func (g *goRewriter) isBool(e ast.Expr) bool {
	if isBlank(e) {
		return true
	}
	t := g.r.info.TypeOf(e)
	if id := identOf(e); id != nil {
		if obj := g.r.info.Defs[id]; obj != nil {
			t = obj.Type()
		} else if obj := g.r.info.Uses[id]; obj != nil {
			t = obj.Type()
		}
	}
	return t != nil && types.Identical(t, types.Typ[types.Bool])
}

// call rewrites a call of close or of a synchronisation operation.
func (g *goRewriter) call(x *ast.CallExpr) {
	g.handled[ast.Unparen(x.Fun)] = true
	if b, ok := g.r.facts.callee(x).(*types.Builtin); ok {
		if b.Name() == "close" && len(x.Args) == 1 {
			if !g.isChan(x.Args[0]) {
				g.r.skip("channel operation on a type parameter")
				return
			}
			site := g.site(x.Pos(), x)
			g.replace(x.Fun.Pos(), x.Fun.End(), rt("Close"))
			g.insert(x.Rparen, ", "+site, prioAtClose)
		}
		return
	}
	if fn, ok := g.r.facts.callee(x).(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == "time" && fn.Name() == "AfterFunc" && len(x.Args) == 2 {
		// f runs in a goroutine of the checked run (rt.AfterFunc).
		site := g.site(x.Pos(), x)
		g.keepImport(x.Fun, "AfterFunc")
		g.replace(x.Fun.Pos(), x.Fun.End(), rt("AfterFunc"))
		g.insert(x.Rparen, ", "+site, prioAtClose)
		return
	}
	if fn, ok := g.r.facts.callee(x).(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == "runtime" && fn.Name() == "Gosched" {
		// A polling loop yields with it: in a checked run the others
		// then go first (rt.Gosched).
		site := g.site(x.Pos(), x)
		g.keepImport(x.Fun, "Gosched")
		if g.spins[x] {
			g.replace(x.Fun.Pos(), x.Fun.End(), rt("SpinYield"))
		} else {
			g.replace(x.Fun.Pos(), x.Fun.End(), rt("Gosched"))
		}
		g.insert(x.Rparen, site, prioAtClose)
		return
	}
	if g.libCall(x) { // ioread.go, pool.go
		return
	}
	u, ok := g.classifier().Call(g.r.info, x)
	if !ok || !u.Op.IsSync() {
		return
	}
	if g.timeCall(u, x) { // timers.go
		return
	}
	switch {
	case u.Op == syncapi.Sleep:
		site := g.site(x.Pos(), x)
		g.keepImport(x.Fun, "Sleep")
		g.replace(x.Fun.Pos(), x.Fun.End(), rt("Sleep"))
		g.insert(x.Rparen, ", "+site, prioAtClose)
	case u.Op == syncapi.AtomicFunc:
		if len(u.Args) == 0 {
			return
		}
		site := g.site(x.Pos(), x)
		g.insert(u.Args[0].Pos(), rt(g.atomicHook(u))+"(", prioAtOpen)
		g.insert(u.Args[0].End(), ", "+site+")", prioAtClose)
	case u.Op == syncapi.AtomicMethod:
		g.atomicMethod(u)
	case u.Op == syncapi.ErrgroupGo || u.Op == syncapi.ErrgroupTryGo || u.Op == syncapi.ErrgroupWait || u.Op == syncapi.ErrgroupSetLimit:
		// The import of errgroup names rt/errgroup (see errgroupImport),
		// whose methods take the site recorded by rt.At.
		if u.Form != syncapi.Direct || u.Recv == nil {
			return
		}
		pre, post, ok := g.recvText(u)
		if !ok {
			return
		}
		site := g.site(x.Pos(), x)
		g.insert(u.Recv.Pos(), rt("At")+"("+pre, prioAtOpen)
		g.insert(u.Recv.End(), post+", "+site+")", prioAtClose)
	case u.Op == syncapi.TestParallel || u.Op == syncapi.TestRun:
		// The rest of the subtest runs beside its siblings once its
		// parent's function returned (rt.TestParallel); a subtest's
		// goroutine follows its caller, which waits for it (rt.TestRun).
		// Only direct calls: a method value runs package testing's own,
		// and the run approximates its edges (goexec's outside.go).
		if u.Form == syncapi.Direct {
			g.syncMethod(u)
		}
	case hookOf[u.Op] != "":
		g.syncMethod(u)
	}
}

// errgroupImport makes the file's import of golang.org/x/sync/errgroup
// name rt/errgroup instead: the same API written on the hooks of package
// rt, so that the goroutines, WaitGroup and limit of a Group are checked.
// The go command does not let an overlay replace the sources of a module
// in the module cache, where errgroup lives, so its own sources cannot be
// rewritten. The package keeps its name, errgroup, and its position.
func (g *goRewriter) errgroupImport() {
	for _, spec := range g.r.file.Imports {
		if path, err := strconv.Unquote(spec.Path.Value); err == nil && path == syncapi.ErrgroupPath {
			g.replace(spec.Path.Pos(), spec.Path.End(), strconv.Quote(RTPath+"/errgroup"))
		}
	}
}

// recvText returns the text that goes before and after the receiver
// expression of u so that it becomes the hook's pointer (or interface)
// argument: &(x), &(x.Mutex) for a method promoted through embedded
// fields, x for a pointer or interface. It fails for a path through a
// field the file cannot name.
func (g *goRewriter) recvText(u syncapi.Use) (pre, post string, ok bool) {
	final := g.r.info.TypeOf(u.Recv)
	var path string
	for _, f := range u.Embedded {
		if !f.Exported() && f.Pkg() != g.r.pkg.Types {
			return "", "", false
		}
		path += "." + f.Name()
		final = f.Type()
	}
	if final == nil {
		return "", "", false
	}
	_, isPtr := final.Underlying().(*types.Pointer)
	amp := !isPtr && !types.IsInterface(final)
	switch {
	case amp:
		return "&(", path + ")", true
	case path != "":
		return "(", path + ")", true
	}
	return "", "", true
}

// syncMethod rewrites a call of a method of package sync into its hook.
func (g *goRewriter) syncMethod(u syncapi.Use) {
	x := u.Call
	pre, post, ok := g.recvText(u)
	if !ok {
		g.r.skip("synchronisation method promoted through an unexported field")
		return
	}
	hook := g.syncHook(u, g.defers[x] || u.Form == syncapi.MethodExpr) + "("
	site := g.site(x.Pos(), x)
	if u.Form == syncapi.Direct && (u.Op == syncapi.MutexLock || u.Op == syncapi.RWMutexLock) {
		switch class, key := g.r.facts.sectionClass(x); class {
		case commuteNone:
		case commuteInsert:
			// The Lock of a section of inserts under one key.
			hook = rt(hookOf[u.Op]+"Insert") + "("
			site = types.ExprString(key) + ", " + site
		default:
			// The Lock of a commutative section (mutexsection.go).
			hook = rt(hookOf[u.Op]+"Commute") + "("
			site = strconv.Itoa(class) + ", " + site
		}
	}
	sep := ""
	if len(u.Args) > 0 {
		sep = ", "
	}
	switch u.Form {
	case syncapi.Direct:
		g.insert(u.Recv.Pos(), hook+pre, prioAtOpen)
		g.replace(u.Recv.End(), x.Lparen+1, post+sep)
	case syncapi.MethodExpr:
		if post != "" {
			pre, post = pre+"(", ")"+post
		}
		g.replace(x.Fun.Pos(), x.Lparen+1, hook+pre)
		g.insert(u.Recv.End(), post, prioAtClose)
	default:
		return
	}
	g.insert(x.Rparen, ", "+site, prioAtClose)
}

// atomicMethod wraps the receiver of a method of a sync/atomic type in
// rt.AtomicAt.
func (g *goRewriter) atomicMethod(u syncapi.Use) {
	x := u.Call
	pre, post, ok := g.recvText(u)
	if !ok {
		g.r.skip("synchronisation method promoted through an unexported field")
		return
	}
	switch u.Form {
	case syncapi.Direct:
		site := g.site(x.Pos(), x)
		g.insert(u.Recv.Pos(), rt(g.atomicHook(u))+"("+pre, prioAtOpen)
		g.insert(u.Recv.End(), post+", "+site+")", prioAtClose)
	case syncapi.MethodExpr:
		if u.Promoted {
			g.r.skip("promoted atomic method expression")
			return
		}
		site := g.site(x.Pos(), x)
		g.insert(u.Recv.Pos(), rt(g.atomicHook(u))+"(", prioAtOpen)
		g.insert(u.Recv.End(), ", "+site+")", prioAtClose)
	}
}

// value rewrites a method value or method expression of package sync that
// is not called where it appears into a closure over the hook.
func (g *goRewriter) value(u syncapi.Use) {
	g.handled[u.Fun] = true
	if !u.Op.IsSync() {
		return
	}
	if h, ok := clockValues[u.Op]; ok && u.Form == syncapi.FuncValue {
		g.clockValue(u, h) // timers.go
		return
	}
	hook := hookOf[u.Op]
	if u.Op == syncapi.TestParallel || u.Op == syncapi.TestRun {
		hook = "" // direct calls only (call)
	}
	if hook == "" {
		switch u.Op {
		case syncapi.AtomicFunc, syncapi.AtomicMethod, syncapi.Sleep:
			g.r.skip("synchronisation function used as a value")
		}
		return
	}
	sig, _ := u.Func.Type().(*types.Signature)
	if sig == nil {
		return
	}
	n, m := sig.Params().Len(), sig.Results().Len()
	sel, _ := u.Fun.(*ast.SelectorExpr)
	if sel == nil {
		return
	}
	switch u.Form {
	case syncapi.MethodValue:
		pre, post, ok := g.recvText(u)
		if !ok {
			g.r.skip("synchronisation method promoted through an unexported field")
			return
		}
		site := g.site(sel.Pos(), sel)
		helper := g.helper("Bind", n, false, m) + g.lockerInst(u)
		g.insert(u.Recv.Pos(), helper+"("+pre, prioAtOpen)
		g.replace(u.Recv.End(), sel.End(), post+", "+g.syncHook(u, true)+", "+site+")")
	case syncapi.MethodExpr:
		if u.Promoted {
			g.promotedMethodExpr(u, sel) // lockforms.go
			return
		}
		if u.Interface && g.lockerInst(u) != "" {
			g.ifaceMethodExpr(u, sel) // lockforms.go
			return
		}
		site := g.site(sel.Pos(), sel)
		helper := g.helper("Site", n, false, m)
		g.replace(u.Fun.Pos(), u.Fun.End(), helper+"("+g.syncHook(u, true)+", "+site+")")
	}
}

// lockerType returns sync.Locker, the receiver type of a Locker method.
func (g *goRewriter) lockerType(u syncapi.Use) types.Type {
	if sig, ok := u.Func.Type().(*types.Signature); ok && sig.Recv() != nil {
		return sig.Recv().Type()
	}
	return nil
}

// goStmt rewrites a go statement into rt.Go of a closure.
func (g *goRewriter) goStmt(s *ast.GoStmt) {
	call := s.Call
	g.handled[call] = true
	fun := ast.Unparen(call.Fun)
	if _, isBuiltin := g.r.facts.callee(call).(*types.Builtin); isBuiltin {
		g.r.skip("go statement of a builtin")
		return
	}
	ft := g.r.info.TypeOf(call.Fun)
	if ft == nil {
		return
	}
	if _, isTP := types.Unalias(ft).(*types.TypeParam); isTP {
		g.r.skip("go statement of a function of type-parameter type")
		return
	}
	sig, ok := ft.Underlying().(*types.Signature)
	if !ok {
		return
	}
	site := g.site(s.Go, s)
	if lit, ok := call.Fun.(*ast.FuncLit); ok && len(call.Args) == 0 && sig.Params().Len() == 0 && sig.Results().Len() == 0 {
		g.replace(s.Go, call.Pos(), rt("Go")+"(")
		g.replace(lit.End(), call.End(), ", "+site+")")
		return
	}
	n := sig.Params().Len()
	if sig.Variadic() {
		n--
	}
	// A generic function instantiated from the arguments needs them to
	// infer its type arguments: its helper takes f and the arguments in
	// one call. Any other function decides the helper's type parameters
	// alone, in a curried helper, so that each argument is assigned to
	// its parameter as in the original call (an int to a parameter of
	// type any).
	kind, open := "Go", ")("
	if g.inferred(fun) {
		kind, open = "GoArgs", ", "
		if len(call.Args) == 0 {
			open = ""
		}
	}
	helper := g.helper(kind, n, sig.Variadic(), sig.Results().Len())
	g.replace(s.Go, call.Pos(), rt("Go")+"("+helper+"(")
	g.replace(call.Fun.End(), call.Lparen+1, open)
	g.replace(call.Rparen, call.Rparen+1, "), "+site+")")
	// The function value is evaluated, not called, here: a method value
	// of a synchronisation method becomes a closure over its hook.
	g.handled[fun] = true
	if u, ok := g.classifier().Value(g.r.info, fun); ok {
		g.value(u)
	}
}

// helper returns the name of a generic helper of the file, declaring it in
// the trailer the first time:
//
//	Go:   func(f func(A0, …, An-1[, ...V]) (R0, …), a0 A0, …[, v ...V]) func()
//	Bind: func(p P, f func(P, A0, …, uint32) (R0, …), site uint32) func(A0, …) (R0, …)
//	Site: func(f func(P, A0, …, uint32) (R0, …), site uint32) func(P, A0, …) (R0, …)
func (g *goRewriter) helper(kind string, n int, variadic bool, m int) string {
	v := ""
	if variadic {
		v = "v"
	}
	name := fmt.Sprintf("_tpinstr%s%d%s_%d_%s", kind, n, v, m, g.r.id)
	if g.helpers[name] {
		return name
	}
	g.helpers[name] = true
	var tparams, params, args, results []string
	for i := 0; i < n; i++ {
		tparams = append(tparams, fmt.Sprintf("A%d", i))
		params = append(params, fmt.Sprintf("a%d A%d", i, i))
		args = append(args, fmt.Sprintf("a%d", i))
	}
	var fparams []string
	for i := 0; i < n; i++ {
		fparams = append(fparams, fmt.Sprintf("A%d", i))
	}
	if variadic {
		tparams = append(tparams, "V")
		fparams = append(fparams, "...V")
	}
	for i := 0; i < m; i++ {
		tparams = append(tparams, fmt.Sprintf("R%d", i))
		results = append(results, fmt.Sprintf("R%d", i))
	}
	res := strings.Join(results, ", ")
	if m > 1 {
		res = "(" + res + ")"
	}
	if m > 0 {
		res = " " + res
	}
	ret := ""
	if m > 0 {
		ret = "return "
	}
	tp := func(extra ...string) string {
		all := append(extra, tparams...)
		if len(all) == 0 {
			return ""
		}
		return "[" + strings.Join(all, ", ") + " any]"
	}
	var b strings.Builder
	switch kind {
	case "GoArgs":
		callArgs := strings.Join(args, ", ")
		if variadic {
			params = append(params, "v ...V")
			callArgs = strings.Join(append(args, "v..."), ", ")
		}
		fmt.Fprintf(&b, "// %s returns the call of f with the arguments of a go statement, evaluated.\n", name)
		fmt.Fprintf(&b, "func %s%s(f func(%s)%s", name, tp(), strings.Join(fparams, ", "), res)
		for _, p := range params {
			b.WriteString(", " + p)
		}
		fmt.Fprintf(&b, ") func() {\n\treturn func() { f(%s) }\n}", callArgs)
	case "Go":
		callArgs := strings.Join(args, ", ")
		if variadic {
			params = append(params, "v ...V")
			callArgs = strings.Join(append(args, "v..."), ", ")
		}
		// Curried, so that f alone decides the type parameters: an
		// argument is then assigned to its parameter as in the original
		// call (an int to a parameter of type any, an untyped constant, nil).
		fmt.Fprintf(&b, "// %s returns the call of f with the arguments of a go statement, evaluated.\n", name)
		fmt.Fprintf(&b, "func %s%s(f func(%s)%s) func(%s) func() {\n", name, tp(), strings.Join(fparams, ", "), res, strings.Join(params, ", "))
		fmt.Fprintf(&b, "\treturn func(%s) func() { return func() { f(%s) } }\n}", strings.Join(params, ", "), callArgs)
	case "Bind":
		fmt.Fprintf(&b, "// %s returns the method value of a synchronisation method: its hook bound to p and site.\n", name)
		fmt.Fprintf(&b, "func %s%s(p P, f func(%s)%s, site uint32) func(%s)%s {\n",
			name, tp("P"), strings.Join(append(append([]string{"P"}, fparams...), "uint32"), ", "), res, strings.Join(fparams, ", "), res)
		fmt.Fprintf(&b, "\treturn func(%s)%s { %sf(%s) }\n}", strings.Join(params, ", "), res, ret, strings.Join(append(append([]string{"p"}, args...), "site"), ", "))
	case "Func":
		fmt.Fprintf(&b, "// %s returns a function of package time used as a value: its hook with site.\n", name)
		fmt.Fprintf(&b, "func %s%s(f func(%s)%s, site uint32) func(%s)%s {\n",
			name, tp(), strings.Join(append(append([]string{}, fparams...), "uint32"), ", "), res, strings.Join(fparams, ", "), res)
		fmt.Fprintf(&b, "\treturn func(%s)%s { %sf(%s) }\n}", strings.Join(params, ", "), res, ret, strings.Join(append(append([]string{}, args...), "site"), ", "))
	case "Site":
		fmt.Fprintf(&b, "// %s returns the method expression of a synchronisation method: its hook with site.\n", name)
		fmt.Fprintf(&b, "func %s%s(f func(%s)%s, site uint32) func(%s)%s {\n",
			name, tp("P"), strings.Join(append(append([]string{"P"}, fparams...), "uint32"), ", "), res, strings.Join(append([]string{"P"}, fparams...), ", "), res)
		fmt.Fprintf(&b, "\treturn func(%s)%s { %sf(%s) }\n}", strings.Join(append([]string{"p P"}, params...), ", "), res, ret, strings.Join(append(append([]string{"p"}, args...), "site"), ", "))
	}
	g.r.trailer = append(g.r.trailer, b.String())
	return name
}

// plainText returns the text of e when it can move to another place of the
// same line: one line, and nothing inside it that the rewriter changes.
func (g *goRewriter) plainText(e ast.Expr) (string, bool) {
	t := g.r.text(e)
	if strings.ContainsRune(t, '\n') || g.r.rewritesInside(e) {
		return "", false
	}
	return t, true
}

// rewritesInside reports whether the rewriter changes something inside e:
// a function literal, a receive, a call of the task library, of close or
// of a synchronisation operation, or a method value of one.
func (r *fileRewriter) rewritesInside(e ast.Node) bool {
	cl := syncapi.Classifier{TaskPath: r.cfg.TaskPackage}
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			found = true
		case *ast.UnaryExpr:
			found = x.Op == token.ARROW
		case *ast.CallExpr:
			if b, ok := r.facts.callee(x).(*types.Builtin); ok {
				found = b.Name() == "close"
			} else if _, ok := cl.Call(r.info, x); ok {
				found = true
			} else if _, _, ok := r.libHook(x); ok {
				found = true // ioread.go
			} else if _, fn, _ := r.poolMethod(x); fn != nil {
				found = true // pool.go
			}
		case *ast.SelectorExpr:
			if u, ok := cl.Value(r.info, x); ok && u.Op.IsSync() {
				found = true
			}
		}
		return !found
	})
	return found
}

// rangeChan rewrites a range loop over a channel into a loop over Recv2.
func (g *goRewriter) rangeChan(s *ast.RangeStmt) {
	if t := g.r.info.TypeOf(s.X); t == nil {
		return
	} else if _, isChan := coreType(t).(*types.Chan); !isChan {
		return
	}
	if !g.isChan(s.X) {
		g.r.skip("channel operation on a type parameter")
		return
	}
	c, ok := g.r.newTemp(), g.r.newTemp()
	var recv string
	site := ""
	switch {
	case s.Key == nil || isBlank(s.Key):
		site = g.site(s.For, s.X)
		recv = "_, " + ok + " := "
	case s.Tok == token.DEFINE:
		site = g.site(s.For, s.X)
		recv = g.r.text(s.Key) + ", " + ok + " := "
	default:
		key, plain := g.plainText(s.Key)
		if !plain || !g.r.facts.universeAt(s.Pos(), "bool") {
			g.r.skip("range over a channel assigning a complex key")
			return
		}
		site = g.site(s.For, s.X)
		recv = "var " + ok + " bool; " + key + ", " + ok + " = "
	}
	if w := g.workers[s]; w != nil {
		p := g.r.newTemp()
		g.replace(s.For, s.X.Pos(), "for "+c+", "+p+" := "+rt("PoolEnter")+"(")
		g.replace(s.X.End(), s.Body.Lbrace+1, ", "+site+w.poolKeys()+"); ; { "+recv+rt("PoolRecv2")+"("+c+", "+p+", "+site+"); if !"+ok+" { break };")
		return
	}
	g.replace(s.For, s.X.Pos(), "for "+c+" := ")
	g.replace(s.X.End(), s.Body.Lbrace+1, "; ; { "+recv+rt("Recv2")+"("+c+", "+site+"); if !"+ok+" { break };")
}

// selectStmt rewrites a select statement into Select over its cases.
func (g *goRewriter) selectStmt(s *ast.SelectStmt) {
	type comm struct {
		cc       *ast.CommClause
		send     *ast.SendStmt
		recv     *ast.UnaryExpr
		assign   *ast.AssignStmt
		ch, val  string
		temp     string
		received bool
	}
	var comms []*comm
	hasDefault := false
	plain := true
	for _, cl := range s.Body.List {
		cc := cl.(*ast.CommClause)
		if cc.Comm == nil {
			hasDefault = true
			continue
		}
		cm := &comm{cc: cc}
		switch st := cc.Comm.(type) {
		case *ast.SendStmt:
			cm.send = st
			g.handled[st] = true
			var ok1, ok2 bool
			cm.ch, ok1 = g.plainText(st.Chan)
			cm.val, ok2 = g.plainText(st.Value)
			plain = plain && ok1 && ok2 && g.isChan(st.Chan)
		case *ast.ExprStmt:
			cm.recv, _ = ast.Unparen(st.X).(*ast.UnaryExpr)
		case *ast.AssignStmt:
			cm.assign = st
			if len(st.Rhs) == 1 {
				cm.recv, _ = ast.Unparen(st.Rhs[0]).(*ast.UnaryExpr)
			}
			if len(st.Lhs) == 2 && !g.isBool(st.Lhs[1]) {
				plain = false
			}
		}
		if cm.send == nil {
			if cm.recv == nil || cm.recv.Op != token.ARROW {
				return
			}
			g.handled[cm.recv] = true
			var ok bool
			cm.ch, ok = g.recvOperand(cm.recv.X) // timers.go
			plain = plain && ok && g.isChan(cm.recv.X)
		}
		comms = append(comms, cm)
	}
	if !plain {
		g.r.skip("select statement with case operands that are not plain")
		return
	}
	start, labelled := g.labels[s]
	if labelled && (g.r.fn == nil || g.r.fn.hasGoto) {
		g.r.skip("labelled select statement in a function with goto")
		return
	}
	site := g.site(s.Select, s)
	var temps, makes []string
	for _, cm := range comms {
		cm.temp = g.r.newTemp()
		temps = append(temps, cm.temp)
		if cm.send != nil && !g.elemTyped(cm.send.Chan, cm.send.Value) {
			makes = append(makes, rt("OnSendTo")+"("+cm.ch+")("+cm.val+")")
		} else if cm.send != nil {
			makes = append(makes, rt("OnSend")+"("+cm.ch+", "+cm.val+")")
		} else {
			makes = append(makes, rt("OnRecv")+"("+cm.ch+")")
		}
	}
	decl := ""
	if len(comms) > 0 {
		decl = strings.Join(temps, ", ") + " := " + strings.Join(makes, ", ") + "; "
	}
	sel := fmt.Sprintf("switch %s(%s, %v%s) {", rt("Select"), site, hasDefault, prefixEach(", ", temps))
	if labelled {
		g.r.buf.insert(g.r.off(start), decl, prioPre+1)
		g.replace(s.Select, s.Body.Lbrace+1, sel)
	} else {
		g.replace(s.Select, s.Body.Lbrace+1, "{ "+decl+sel)
		g.insert(s.End(), " }", prioWrapClose)
	}
	if !hasDefault {
		// Select returns one of the cases, but the switch is not a
		// terminating statement as the select was (the Go spec's
		// "Terminating statements"): a function that ends in it would not
		// compile. A default that cannot run makes it one.
		stop := `panic("unreachable")`
		if !g.r.facts.universeAt(s.Body.Rbrace, "panic") {
			stop = "select {}"
		}
		sep := "; "
		if len(comms) == 0 {
			sep = ""
		}
		g.insert(s.Body.Rbrace, sep+"default: "+stop+"; ", prioWrapClose)
	}
	for i, cm := range comms {
		label := fmt.Sprintf("case %d:", i)
		if cm.assign == nil {
			g.replace(cm.cc.Case, cm.cc.Colon+1, label)
			continue
		}
		get := ".Value()"
		if len(cm.assign.Lhs) == 2 {
			get = ".Value2()"
		}
		last := cm.assign.Lhs[len(cm.assign.Lhs)-1]
		g.replace(cm.cc.Case, cm.assign.Lhs[0].Pos(), label+" ")
		g.replace(last.End(), cm.cc.Colon+1, " "+cm.assign.Tok.String()+" "+cm.temp+get+";")
	}
}

// prefixEach returns the items, each preceded by sep.
func prefixEach(sep string, items []string) string {
	var b strings.Builder
	for _, it := range items {
		b.WriteString(sep + it)
	}
	return b.String()
}

// keepImport keeps the import that fun (pkg.Name, a function of it) is
// called through used, after the call is replaced by a hook: the file may
// use that import for nothing else.
func (g *goRewriter) keepImport(fun ast.Expr, name string) {
	sel, ok := ast.Unparen(fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok || g.helpers["keep "+id.Name+"."+name] {
		return
	}
	g.helpers["keep "+id.Name+"."+name] = true
	g.r.trailer = append(g.r.trailer, fmt.Sprintf("var _ = %s.%s // keeps the import used", id.Name, name))
}

// atomicHook is the hook of an atomic operation: AtomicLoadAt for one that
// only reads its word, AtomicAt for the others.
func (g *goRewriter) atomicHook(u syncapi.Use) string {
	if u.Func != nil && strings.HasPrefix(u.Func.Name(), "Load") {
		return "AtomicLoadAt"
	}
	if u.Func != nil && g.stmts[u.Call] {
		for _, op := range []string{"Add", "And", "Or"} {
			if strings.HasPrefix(u.Func.Name(), op) {
				return "Atomic" + op + "At"
			}
		}
	}
	return "AtomicAt"
}

// inferred reports whether fun names a generic function whose type
// arguments the call infers (some from its arguments).
func (g *goRewriter) inferred(fun ast.Expr) bool {
	var id *ast.Ident
	switch f := fun.(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	default:
		return false // explicit instantiation (f[T]) or a value
	}
	_, ok := g.r.info.Instances[id]
	return ok
}
