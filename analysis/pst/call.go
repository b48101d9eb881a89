package pst

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// argKind classifies a function-valued argument.
type argKind uint8

const (
	argOther   argKind = iota // a function value the builder cannot see into
	argLit                    // a function literal
	argClosure                // a resolvable local variable holding a literal
	argParam                  // a function-valued parameter of the tree's function
	argFunc                   // a declared function
	argMethod                 // a method value x.m of a concrete method: fn, with receiver recv
)

type funcArg struct {
	kind argKind
	lit  *ast.FuncLit
	v    *types.Var
	fn   *types.Func
	recv ast.Expr // the receiver expression of an argMethod
}

func (b *builder) funcArg(e ast.Expr) funcArg {
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return funcArg{kind: argLit, lit: e}
	case *ast.Ident:
		switch o := b.info.Uses[e].(type) {
		case *types.Var:
			if lit := b.census.resolvable[o]; lit != nil {
				return funcArg{kind: argClosure, lit: lit, v: o}
			}
			if b.isFuncParam(o) {
				return funcArg{kind: argParam, v: o}
			}
		case *types.Func:
			return funcArg{kind: argFunc, fn: o}
		}
	case *ast.SelectorExpr:
		sel := b.info.Selections[e]
		if sel == nil {
			if fn, ok := b.info.Uses[e.Sel].(*types.Func); ok {
				return funcArg{kind: argFunc, fn: fn}
			}
			break
		}
		// A method value of a concrete type: the method, with the
		// receiver evaluated where the value is made. (Not an interface
		// method, whose code is not known, nor a promoted method, whose
		// receiver is a path below e.X.)
		if fn, ok := sel.Obj().(*types.Func); ok && sel.Kind() == types.MethodVal && len(sel.Index()) == 1 && !types.IsInterface(sel.Recv()) {
			return funcArg{kind: argMethod, fn: fn, recv: e.X}
		}
	}
	return funcArg{}
}

// isFuncParam reports whether v is a function-valued parameter of the
// tree's function.
func (b *builder) isFuncParam(v *types.Var) bool {
	if b.sig == nil {
		return false
	}
	if _, ok := v.Type().Underlying().(*types.Signature); !ok {
		return false
	}
	return ParamIndex(b.sig, v) >= 0
}

// call builds a call expression evaluated in place.
func (b *builder) call(call *ast.CallExpr) {
	b.callArgs(call)
	b.callBody(call)
}

// callArgs evaluates what the caller evaluates before control enters the
// callee: the function operand and the arguments, except function arguments
// whose bodies callBody builds.
func (b *builder) callArgs(call *ast.CallExpr) {
	tc, isTask := b.classify(call)
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.FuncLit:
	case *ast.SelectorExpr:
		if sel := b.info.Selections[fun]; sel != nil {
			if sel.Kind() == types.FieldVal {
				b.expr(fun)
			} else {
				b.expr(fun.X)
			}
		}
	case *ast.Ident:
		if _, ok := b.info.Uses[fun].(*types.Var); ok {
			b.expr(fun)
		}
	default:
		b.expr(fun)
	}
	for _, a := range call.Args {
		fa := b.funcArg(a)
		if fa.kind == argMethod {
			b.expr(fa.recv) // the receiver, evaluated where the method value is made
		}
		if isTask && a == tc.Body {
			if fa.kind == argOther {
				b.expr(a)
			}
			continue
		}
		if !isTask && callsFunction(b.info, call) && fa.kind != argOther && isFuncType(typeOf(b.info, a)) {
			continue // built by callBody
		}
		if fa.kind != argMethod {
			b.expr(a)
		}
	}
}

func isFuncType(t types.Type) bool {
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

// callBody builds what happens while the call runs.
func (b *builder) callBody(call *ast.CallExpr) {
	if tv, ok := b.info.Types[call.Fun]; ok && tv.IsType() {
		return // conversion
	}
	if tc, ok := b.classify(call); ok {
		b.taskOp(tc, call)
		return
	}
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.FuncLit:
		// Called on the spot: the body runs here, in this task.
		blk := b.add(Block, fun.Pos(), "function literal called in place")
		b.funcBody(nil, fun.Type, fun.Body, blk)
		b.unknownCallbacks(call)
		return
	case *ast.Ident:
		switch o := b.info.Uses[fun].(type) {
		case *types.Builtin:
			b.builtin(o.Name(), call)
			return
		case *types.Var:
			fa := b.funcArg(fun)
			switch fa.kind {
			case argClosure:
				b.inline(fa, "call of "+o.Name())
				b.unknownCallbacks(call)
				return
			case argParam:
				b.use(fa.v, CalledSync, call)
				b.unknownCallbacks(call)
				return
			}
		}
	}
	if fn := typeutil.StaticCallee(b.info, call); fn != nil {
		var recv ast.Expr
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			if s := b.info.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
				recv = sel.X
				if p, ok := b.promotedRecv(sel, s, fn); ok {
					old, oldExpr := b.recvPath, b.recvExpr
					b.recvPath, b.recvExpr = &p, sel.X
					defer func() { b.recvPath, b.recvExpr = old, oldExpr }()
				}
			}
		}
		b.calleeCall(fn, call, recv)
		return
	}
	b.dynamicCall(call)
	b.litCall(call)
	b.unknownCall(call)
}

// use appends a leaf for a use of a function-valued parameter.
func (b *builder) use(v *types.Var, m Mode, at ast.Node) {
	n := b.add(Stmt, at.Pos(), "")
	n.Use = &FuncUse{Param: v, Mode: m}
}

// inline builds the literal of a resolvable variable at one of its uses,
// in a Block that scopes its local variables.
func (b *builder) inline(fa funcArg, origin string) {
	if b.inlining[fa.v] {
		// A closure cannot reach itself through a variable assigned once at
		// its declaration, but stay safe: build it as of unknown use.
		b.opaque(fa.lit, origin)
		return
	}
	b.inlining[fa.v] = true
	blk := b.add(Block, fa.lit.Pos(), origin)
	b.funcBody(nil, fa.lit.Type, fa.lit.Body, blk)
	delete(b.inlining, fa.v)
}

// funcArgBody builds the body of a function argument in the current node.
func (b *builder) funcArgBody(e ast.Expr, origin string) {
	fa := b.funcArg(e)
	switch fa.kind {
	case argLit:
		blk := b.add(Block, fa.lit.Pos(), origin)
		b.funcBody(nil, fa.lit.Type, fa.lit.Body, blk)
	case argClosure:
		b.inline(fa, origin)
	case argParam:
		b.use(fa.v, CalledSync, e)
	case argFunc:
		b.calleeEffects(fa.fn, nil, nil, e)
	case argMethod:
		b.calleeEffects(fa.fn, nil, fa.recv, e)
	}
}

// builtin builds the effects of a call of a built-in function on the
// memory its arguments refer to (the arguments are already evaluated):
// the elements copy reads and writes, those clear writes, the map delete
// writes and len or cap reads, and the elements append may write past the
// length of its first argument (at indices of its array the analysis does
// not know) and reads from a spread second argument.
func (b *builder) builtin(name string, call *ast.CallExpr) {
	args := call.Args
	switch name {
	case "copy":
		if len(args) == 2 {
			b.elems(args[1], false, call)
			b.elems(args[0], true, call)
		}
	case "delete", "clear":
		if len(args) >= 1 {
			b.elems(args[0], true, call)
		}
	case "len", "cap":
		if len(args) == 1 {
			if _, ok := under(typeOf(b.info, args[0])).(*types.Map); ok {
				b.elems(args[0], false, call)
			}
		}
	case "append":
		if len(args) == 2 && call.Ellipsis.IsValid() {
			b.elems(args[1], false, call)
		}
		if len(args) >= 2 {
			b.tail(args[0], call)
		}
	}
}

// elems appends a leaf for an access of every element of the slice, array
// (through a pointer) or map that e refers to.
func (b *builder) elems(e ast.Expr, write bool, at ast.Node) {
	step := Step{Kind: Index}
	switch under(typeOf(b.info, e)).(type) {
	case *types.Map:
		step = Step{Kind: MapElem}
	case *types.Slice, *types.Pointer:
	default:
		return // a string, or an array value the call copies
	}
	for _, p := range b.through(e, []Step{step}) {
		b.accessLeaves(Access{Path: p, Write: write, Node: at}, at.Pos())
	}
}

// tail appends the write of the elements append(e, ...) may store into
// e's array: past e's length, at an index that is known only when e is a
// slice expression with a constant high bound.
func (b *builder) tail(e ast.Expr, at ast.Node) {
	if _, ok := under(typeOf(b.info, e)).(*types.Slice); !ok {
		return
	}
	for _, t := range b.resolve(e, 0) {
		// Past the length: the span of the slice says nothing.
		t.symLo, t.symHi = nil, nil
		p := t.apply([]Step{{Kind: Index}})
		if t.slice && t.loKnown && t.hi >= 0 {
			// Past the slice's length, up to a capacity no bound limits.
			p = t.baseNow().With(Step{Kind: Index, Range: true, Value: t.hi, Hi: -1})
		}
		b.accessLeaves(Access{Path: p, Write: true, Node: at}, at.Pos())
	}
}

// classify recognises a task-library call (see Classify), including a
// call of a local variable declared with a task-library operation as a
// method value, method expression or function value (spawn := t.Async;
// spawn(body)) and never stored again nor addressed: such a call is the
// operation, with the receiver the method value was bound to. The shared
// model classifies the call as if it named the operation in place.
//
// Binding the receiver at the declaration rather than at the call is
// sound because the method value evaluates and copies its receiver where
// it is declared, which is the expression recorded as the handle; the
// task the call spawns joins the Finish open where the call is made, as
// for a direct call, and that is where the tree places it.
func (b *builder) classify(call *ast.CallExpr) (TaskCall, bool) {
	if tc, ok := Classify(b.info, call); ok {
		return tc, true
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return TaskCall{}, false
	}
	v, ok := b.info.Uses[id].(*types.Var)
	if !ok {
		return TaskCall{}, false
	}
	val := b.census.taskValue[v]
	if val == nil {
		return TaskCall{}, false
	}
	return Classify(b.info, &ast.CallExpr{Fun: val, Lparen: call.Lparen, Args: call.Args, Ellipsis: call.Ellipsis, Rparen: call.Rparen})
}

// taskOp builds a task-library call.
func (b *builder) taskOp(tc TaskCall, call *ast.CallExpr) {
	mark := func(n *Node) *Node {
		n.Op, n.Call = tc.Op, call
		return n
	}
	switch tc.Op {
	case OpAsync:
		n := mark(b.add(Async, call.Pos(), "Async"))
		b.bodyArg(tc.Body, n, nil)
	case OpFinish, OpRun:
		n := mark(b.add(Finish, call.Pos(), tc.Op.String()))
		b.bodyArg(tc.Body, n, nil)
	case OpIsolated:
		n := mark(b.add(Isolated, call.Pos(), "Isolated"))
		b.bodyArg(tc.Body, n, nil)
	case OpForAll, OpForAsync:
		name := tc.Op.String()
		b.loopBounds = b.iterBounds(tc.Lo, tc.Hi)
		outer := b.cur
		if tc.Op == OpForAll {
			outer = mark(b.add(Finish, call.Pos(), name))
		}
		b.in(outer, func() {
			l := mark(b.add(Loop, call.Pos(), name))
			b.in(l, func() {
				a := mark(b.add(Async, call.Pos(), name))
				b.bodyArg(tc.Body, a, l)
			})
		})
	case OpNewFuture:
		n := mark(b.add(Async, call.Pos(), "NewFuture"))
		n.Future = &Future{Call: call, Var: b.census.futureVar[call], Slot: b.slot(call, n)}
		b.tree.Futures = append(b.tree.Futures, n)
		b.bodyArg(tc.Body, n, nil)
	case OpGet:
		n := b.add(Stmt, call.Pos(), "Get")
		n.Get = &Get{Call: call}
		if id, ok := ast.Unparen(tc.Recv).(*ast.Ident); ok {
			if v, ok := b.info.Uses[id].(*types.Var); ok {
				n.Get.Var = v
				if l := b.rangeValue[v]; l != nil && b.slotArray(l.Over) {
					n.Get.Array, n.Get.Loop = l.Over, l
				}
			}
		}
		if ix, ok := ast.Unparen(tc.Recv).(*ast.IndexExpr); ok {
			x, okx := ast.Unparen(ix.X).(*ast.Ident)
			k, okk := ast.Unparen(ix.Index).(*ast.Ident)
			if okx && okk {
				xv, _ := b.info.Uses[x].(*types.Var)
				kv, _ := b.info.Uses[k].(*types.Var)
				if l := b.iterVar[kv]; xv != nil && l != nil && b.slotArray(xv) {
					n.Get.Array, n.Get.Loop = xv, l
				}
			}
		}
	}
}

// bodyArg builds the body argument of a task operation into n. For ForAll
// and ForAsync, loop is the iteration Loop whose variable is the body's
// index parameter.
func (b *builder) bodyArg(body ast.Expr, n *Node, loop *Node) {
	fa := b.funcArg(body)
	var lit *ast.FuncLit
	switch fa.kind {
	case argLit, argClosure:
		lit = fa.lit
	case argParam:
		b.in(n, func() { b.use(fa.v, CalledSync, body) })
		return
	case argFunc, argMethod:
		b.in(n, func() {
			if b.summary(fa.fn) == nil && HasHandleParam(typeOf(b.info, body)) {
				b.add(Async, body.Pos(), "body of unknown effect")
			}
			if loop != nil {
				// The body's last parameter is the iteration's index:
				// an effect indexed by it is indexed by the loop's
				// iteration, as in a literal body.
				old := b.bodyLoop
				b.bodyLoop = loop
				defer func() { b.bodyLoop = old }()
			}
			b.calleeEffects(fa.fn, nil, fa.recv, body)
		})
		return
	default:
		// A function value the builder cannot see into: it may spawn
		// tasks with the handle it receives.
		if HasHandleParam(typeOf(b.info, body)) {
			b.in(n, func() { b.add(Async, body.Pos(), "body of unknown effect") })
		}
		return
	}
	if loop != nil {
		if ps := lit.Type.Params; ps != nil {
			var names []*ast.Ident
			for _, f := range ps.List {
				names = append(names, f.Names...)
			}
			if len(names) == 2 {
				if v, ok := b.info.Defs[names[1]].(*types.Var); ok && b.census.writes[v] == 0 && !b.census.addr[v] {
					loop.Var = v
					b.iterVar[v] = loop
					if bd, ok := b.loopBounds, b.loopBounds.loOK || b.loopBounds.hiOK; ok {
						b.bounds[v] = bd
					} else {
						delete(b.bounds, v)
					}
				}
			}
		}
	}
	if fa.kind == argClosure {
		if b.inlining[fa.v] {
			b.in(n, func() { b.opaque(lit, "task body") })
			return
		}
		b.inlining[fa.v] = true
		defer delete(b.inlining, fa.v)
	}
	b.funcBody(nil, lit.Type, lit.Body, n)
}

// slotArray reports whether v qualifies as the array of a Slot: a local
// slice or map, never reassigned nor addressed, used only by indexing,
// ranging and len or cap (never passed on, never given to delete), with
// one statement storing into its elements. For a map, the key of that
// store is an iteration variable (slot), so each iteration adds its own
// entry and none is overwritten.
func (b *builder) slotArray(v *types.Var) bool {
	if v == nil || b.census.writes[v] != 0 || b.census.addr[v] || b.census.slotBad[v] || b.census.slotStores[v] != 1 {
		return false
	}
	switch under(v.Type()).(type) {
	case *types.Slice, *types.Map:
		return b.scope[v] != nil
	}
	return false
}

// slot returns where a NewFuture call's handle is stored when it is a
// Slot: X[k] = NewFuture(...) with k the iteration variable of a loop (or
// the value of a range over a slice of distinct elements)
// that encloses the future node n with no other loop, spawn or escape in
// between, in the same function body.
func (b *builder) slot(call *ast.CallExpr, n *Node) *Slot {
	xk, ok := b.census.futureSlot[call]
	if !ok || !b.slotArray(xk[0]) {
		return nil
	}
	l := b.iterVar[xk[1]]
	if l == nil {
		// The value of a range over a slice of distinct elements
		// (census.distinctSlices) differs between iterations too.
		if rl := b.rangeValue[xk[1]]; rl != nil && rl.Over != nil && b.census.distinct[rl.Over] {
			l = rl
		}
	}
	if l == nil {
		return nil
	}
	for p := n.Parent; p != l; p = p.Parent {
		if p == nil || p.Kind == Loop || p.Kind == Async || p.Kind == Escape || p.Frame != n.Frame {
			return nil
		}
	}
	return &Slot{Array: xk[0], Loop: l}
}

// promotedRecv returns the memory the receiver of a promoted method refers
// to, for a call x.m() where m is the method of an embedded field (x.E.m(),
// or x.E.F.m() through several): the embedded field itself for a method
// with a pointer receiver on an embedded value, what the embedded pointer
// points to for an embedded pointer. ok is false for a method that is not
// promoted, a value receiver (a copy: its effects reach memory only
// through pointers the copy holds, which the receiver's own path does not
// say), or an x that is not a path.
func (b *builder) promotedRecv(sel *ast.SelectorExpr, s *types.Selection, fn *types.Func) (Path, bool) {
	idx := s.Index()
	if len(idx) < 2 || !pointerRecv(fn) {
		return Path{}, false
	}
	p, ok := b.pathOf(sel.X)
	if !ok {
		return Path{}, false
	}
	t := typeOf(b.info, sel.X)
	for _, i := range idx[:len(idx)-1] {
		if ptr, isPtr := under(t).(*types.Pointer); isPtr {
			p = p.With(Step{Kind: Deref})
			t = ptr.Elem()
		}
		st, ok := under(t).(*types.Struct)
		if !ok || i >= st.NumFields() {
			return Path{}, false
		}
		f := st.Field(i)
		p = p.With(Step{Kind: Field, Name: f.Name()})
		t = f.Type()
	}
	if _, isPtr := under(t).(*types.Pointer); isPtr {
		p = p.With(Step{Kind: Deref})
	}
	return p, true
}
