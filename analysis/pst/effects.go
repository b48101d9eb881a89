package pst

import (
	"go/ast"
	"go/types"
)

// summary returns the summary of fn, nil if unknown.
func (b *builder) summary(fn *types.Func) *Summary {
	if b.cfg.Callees == nil {
		return nil
	}
	return b.cfg.Callees(fn.Origin())
}

// calleeCall builds a call of a declared function or method.
func (b *builder) calleeCall(fn *types.Func, call *ast.CallExpr, recv ast.Expr) {
	sum := b.summary(fn)
	if sum == nil {
		b.unknownCall(call)
		return
	}
	b.tree.Calls = append(b.tree.Calls, CallSite{Fn: fn, Call: call, In: b.cur})
	b.calleeEffects(fn, call, recv, call)
	b.callbacks(call, fn, recv, sum)
}

// calleeEffects builds the effects of fn's summary at the current node.
// call and recv resolve effects through parameters; with call nil (fn used
// as a task body or callback) only effects on package-level variables are
// built. Effects the callee may leave running go into an Async (or Escape)
// node created before the effects it surely completes: the order of the
// callee's own accesses is not in its summary, so none is assumed.
func (b *builder) calleeEffects(fn *types.Func, call *ast.CallExpr, recv ast.Expr, at ast.Node) {
	sum := b.summary(fn)
	if sum == nil {
		return
	}
	origin := "call to " + fn.Name()
	needAsync, needEsc := sum.Spawns != EscNone, false
	for _, e := range sum.Effects {
		needAsync = needAsync || e.Esc == EscAsync
		needEsc = needEsc || e.Esc == EscDetached
	}
	var async, esc *Node
	if needAsync {
		async = b.add(Async, at.Pos(), origin)
	}
	if needEsc {
		esc = b.add(Escape, at.Pos(), origin)
	}
	for _, e := range sum.Effects {
		ps := b.effectPaths(fn, e, call, recv)
		if len(ps) == 0 {
			continue
		}
		leaf := func() {
			for _, p := range ps {
				b.accessLeaves(Access{Path: p, Write: e.Write, Node: at, Via: fn, Call: call, Where: e.Where, In: e.In, Isolated: e.Isolated}, at.Pos())
			}
		}
		switch e.Esc {
		case EscDetached:
			b.in(esc, leaf)
		case EscAsync:
			b.in(async, leaf)
		default:
			leaf()
		}
	}
}

// effectPaths resolves the location of a callee's effect in the caller:
// the global, or the memory the argument refers to (through, when the
// argument is not a path: &x.f, s[2:], an unsafe conversion).
func (b *builder) effectPaths(fn *types.Func, e Effect, call *ast.CallExpr, recv ast.Expr) []Path {
	steps := b.effectSteps(fn, e, call, recv)
	if e.Global != "" {
		if !b.trackGlobalKey(e.Global) {
			return nil
		}
		return []Path{{Root: RootVar{Global: e.Global}, Steps: steps}}
	}
	if call == nil && (recv == nil || e.Param != 0 || fn.Type().(*types.Signature).Recv() == nil) {
		return nil // a function used as a value: only its receiver's effects are known
	}
	if b.unboundRecv && e.Param == 0 && fn.Type().(*types.Signature).Recv() != nil {
		key := recvGlobal(fn)
		if !b.trackGlobalKey(key) {
			return nil
		}
		return []Path{{Root: RootVar{Global: key}, Steps: steps}}
	}
	arg, ok := argFor(fn, e.Param, call, recv)
	if !ok {
		return nil
	}
	isRecv := recv != nil && arg == recv
	if isRecv && b.recvPath != nil && arg == b.recvExpr {
		return []Path{b.recvPath.Append(steps...)}
	}
	if p, ok := b.pointee(arg, isRecv && pointerRecv(fn)); ok {
		return []Path{p.Append(steps...)}
	}
	return b.through(arg, steps)
}

// effectSteps returns the steps of an effect below its global or pointee,
// an index that is a parameter of the callee abstracted from the argument.
func (b *builder) effectSteps(fn *types.Func, e Effect, call *ast.CallExpr, recv ast.Expr) []Step {
	arg := func(i int) (Step, bool) {
		if call == nil {
			if sig, ok := fn.Type().(*types.Signature); ok && b.bodyLoop != nil && sig.Params().Len() > 0 {
				last := sig.Params().Len() - 1
				if sig.Recv() != nil {
					last++
				}
				if i == last {
					return Step{Kind: Index, Loop: b.bodyLoop}, true
				}
			}
			return Step{}, false
		}
		a, ok := argFor(fn, i, call, recv)
		if !ok {
			return Step{}, false
		}
		return b.indexStep(a, false), true
	}
	steps := make([]Step, 0, len(e.Steps))
	for _, s := range e.Steps {
		steps = append(steps, s.step(arg))
	}
	return steps
}

// argFor returns the argument expression for summary parameter index i.
func argFor(fn *types.Func, i int, call *ast.CallExpr, recv ast.Expr) (ast.Expr, bool) {
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return nil, false
	}
	if sig.Recv() != nil {
		if i == 0 {
			return recv, recv != nil
		}
		i--
	}
	if sig.Variadic() && i >= sig.Params().Len()-1 && !call.Ellipsis.IsValid() {
		return nil, false
	}
	if i < 0 || i >= len(call.Args) {
		return nil, false
	}
	return call.Args[i], true
}

// pointee returns the path of the memory an argument refers to: the operand
// of &x, what a pointer, slice, map or channel value refers to, or, for the
// receiver of a pointer method called on an addressable value, the value.
func (b *builder) pointee(arg ast.Expr, implicitAddr bool) (Path, bool) {
	if u, ok := ast.Unparen(arg).(*ast.UnaryExpr); ok && u.Op.String() == "&" {
		return b.pathOf(u.X)
	}
	p, ok := b.pathOf(arg)
	if !ok {
		return Path{}, false
	}
	switch under(typeOf(b.info, arg)).(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan:
		return p.With(Step{Kind: Deref}), true
	}
	if implicitAddr {
		return p, true
	}
	return Path{}, false
}

// cbArg is a function argument of a call with the mode it is invoked in.
type cbArg struct {
	e    ast.Expr
	mode Mode
	once bool
}

// callbacks builds the function arguments of a call of fn where and how
// fn's summary says it invokes them.
func (b *builder) callbacks(call *ast.CallExpr, fn *types.Func, recv ast.Expr, sum *Summary) {
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return
	}
	off := 0
	if sig.Recv() != nil {
		off = 1
	}
	var cbs []cbArg
	for i, a := range call.Args {
		t := typeOf(b.info, a)
		if !isFuncType(t) || b.funcArg(a).kind == argOther {
			continue
		}
		idx := i + off
		if sig.Variadic() && i >= sig.Params().Len()-1 {
			idx = sig.Params().Len() - 1 + off
		}
		m := sum.ParamMode(idx)
		if m == NotCalled {
			continue
		}
		if v := b.census.futureVar[call]; v != nil && sum.ParamInFuture(idx) {
			b.futureCallback(a, v, fn, call, sum.ParamOnce(idx))
			continue
		}
		if b.cfg.Precise && m == CalledDetached && !HasHandleParam(t) {
			m = CalledSync
		}
		cbs = append(cbs, cbArg{a, m, sum.ParamOnce(idx)})
	}
	b.layoutCallbacks(cbs, fn.Name(), call)
}

// futureCallback builds a function argument that the callee invokes only
// inside the future whose handle it returns (Summary.InFuture), where the
// caller stores the handle in v: in an Async node marked as that future, so
// that a Get on v orders the invocations before what follows it, as for a
// NewFuture whose body is the callback.
func (b *builder) futureCallback(arg ast.Expr, v *types.Var, fn *types.Func, call *ast.CallExpr, once bool) {
	origin := "callback of " + fn.Name()
	n := b.add(Async, call.Pos(), "future of "+fn.Name())
	n.Future = &Future{Call: call, Var: v}
	b.tree.Futures = append(b.tree.Futures, n)
	b.in(n, func() {
		if once {
			b.funcArgBody(arg, origin)
			return
		}
		l := b.add(Loop, call.Pos(), "invocations of the callbacks of "+fn.Name())
		l.Pseudo = true
		b.in(l, func() { b.funcArgBody(arg, origin) })
	})
}

// unknownCall builds a call of unknown code: a handle argument may spawn
// tasks that outlive the call; function arguments are built by
// unknownCallbacks.
func (b *builder) unknownCall(call *ast.CallExpr) {
	for _, a := range call.Args {
		if IsHandle(typeOf(b.info, a)) {
			b.add(Async, call.Pos(), "call of unknown code with a task handle")
			break
		}
	}
	b.unknownCallbacks(call)
}

// unknownCallbacks builds the function arguments of a call whose callee
// does not say how it invokes them: at any time (or, with Config.Precise and
// no handle parameter, during the call).
func (b *builder) unknownCallbacks(call *ast.CallExpr) {
	var cbs []cbArg
	for _, a := range call.Args {
		t := typeOf(b.info, a)
		if !isFuncType(t) || b.funcArg(a).kind == argOther {
			continue
		}
		m := CalledDetached
		if b.cfg.Precise && !HasHandleParam(t) {
			m = CalledSync
		}
		cbs = append(cbs, cbArg{a, m, false})
	}
	b.layoutCallbacks(cbs, "unknown code", call)
}

// layoutCallbacks builds the callbacks of a call of callee inside one
// pseudo loop, so that any number and order of invocations is covered. A
// callback the callee invokes itself (CalledSync) is built in place (a
// Block), one it runs in tasks (CalledParallel, CalledAsync) in an Async,
// one of unknown fate (CalledDetached) in an Escape; when none escapes the
// call, a Finish around the loop says the call joins them:
//
//	all CalledSync         Loop{Block1, Block2, ...}
//	up to CalledParallel   Finish{Loop{Async{body1}, Block2, ...}}
//	otherwise              Loop{Async{body1}, Escape{body2}, Block3, ...}
//
// The loop is left out when every callback is invoked at most once and at
// most one of them is invoked in place: callbacks spawned in tasks come
// first, so that the one built in place is taken to run after their spawns,
// which assumes no order (the other order has fewer pairs in parallel).
func (b *builder) layoutCallbacks(cbs []cbArg, callee string, at ast.Node) {
	if len(cbs) == 0 {
		return
	}
	origin := "callback of " + callee
	most, once, inPlace := NotCalled, true, 0
	for _, c := range cbs {
		most = max(most, c.mode)
		once = once && c.once
		if c.mode == CalledSync {
			inPlace++
		}
	}
	build := func(c cbArg) {
		if c.mode == CalledSync {
			b.funcArgBody(c.e, origin)
			return
		}
		kind := Async
		if c.mode == CalledDetached {
			kind = Escape
		}
		n := b.add(kind, c.e.Pos(), origin)
		b.in(n, func() { b.funcArgBody(c.e, origin) })
	}
	layout := func() {
		if once && inPlace <= 1 {
			for _, c := range cbs {
				if c.mode != CalledSync {
					build(c)
				}
			}
			for _, c := range cbs {
				if c.mode == CalledSync {
					build(c)
				}
			}
			return
		}
		l := b.add(Loop, at.Pos(), "invocations of the callbacks of "+callee)
		l.Pseudo = true
		b.in(l, func() {
			for _, c := range cbs {
				build(c)
			}
		})
	}
	if most == CalledParallel {
		f := b.add(Finish, at.Pos(), "call to "+callee)
		b.in(f, layout)
		return
	}
	layout()
}
