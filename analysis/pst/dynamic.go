package pst

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// Calls through values. A call whose callee is not known statically (a
// function value held in a variable, a field, a map or a slice, or a
// method called through an interface) may run any function the program
// can reach that way. The builder answers with class hierarchy analysis
// over the package (Config.Files): the candidates of a call through a
// function value are the functions and methods of the package whose value
// the package takes (a function named outside a call, a method value
// x.m, a method expression T.m) with a signature identical to the
// value's; the candidates of an interface call x.M(...) are the methods M
// of the package's named types T and *T that implement the interface,
// promoted methods of embedded fields included. Every candidate's effects
// are built at the call (their union covers whichever runs).
//
// An interface call whose candidate has a pointer receiver *T, with T a
// singleton type (see singletons), builds the effects through the
// receiver on that same pseudo variable: every *T the program can hold
// points to the one object, so the pseudo variable denotes exactly it.
//
// Effects through a parameter resolve to the call's arguments. Effects
// through the receiver of a method value have no receiver at the call:
// they are rooted at a pseudo package-level variable per receiver type
// (recvGlobal), so two calls through values that may reach the same
// method's receiver conflict. Effects through the receiver of an interface
// call are built on the interface value's dynamic value only where that is
// a path (they are not, today: the receiver memory of an interface value
// is not tracked, as memory loaded from the heap is not; see package mhp).
//
// Function literals are candidates too: every literal of the package that
// is not called where it is written and is not the body of a task-library
// call (it may be stored in a field, a map, a slice or a variable, passed
// on or returned) is a candidate of each call through a function value of
// an identical signature. Its body is built at the call, in a Block; the
// variables it captures from the function that creates it, when that is
// not the function whose tree is being built, are one pseudo
// package-level variable each (capturedGlobal): their instance is not
// known at the call, and every call through a value that may reach the
// literal may reach the same instance, so two such calls in parallel
// tasks conflict on it. Its own parameters and locals are fresh at each
// call. The literal is still built where it is created, as of unknown use.
// Its Block at the call is conditional: the call may run another
// candidate, so nothing in it (a Get) orders what follows the call.
// Building more candidates at a call only adds accesses, so it can add
// reports but never hides one; the accesses on captured variables are not
// related to the creating function's own accesses to them (those use the
// variable itself), which can miss a race between a call through a value
// and its creator.
//
// What is not covered: functions of other packages reached through values
// (their summaries exist, but the package's own value uses are what is
// indexed) and generic functions taken as values.

// dynIndex is the package's candidates for calls through values.
type dynIndex struct {
	values []*types.Func // functions and methods whose value is taken
	named  []*types.Named
	// byIface and bySig cache the candidates of interface calls (per
	// interface type and method name) and of calls through function
	// values (per signature).
	byIface map[ifaceKey][]*types.Func
	bySig   map[string][]*types.Func
	// lits are the function literals that may be called through values;
	// litsBySig caches their candidates per signature.
	lits      []*ast.FuncLit
	litsBySig map[string][]*ast.FuncLit
	// decls are the package's function declarations.
	decls []*ast.FuncDecl
	// litsVisible: building literals at calls through values can show
	// effects to a report. Not in packages of the standard library that do
	// not use the task library: what such a literal captures or reaches
	// through its package's variables are effects callers do not track
	// (see trackGlobal), and its parameters are its own.
	litsVisible bool
	// singleton marks the named types of which the program has one
	// object at most (see singletons).
	singleton map[*types.TypeName]bool
}

type ifaceKey struct {
	iface *types.Interface
	name  string
}

func (c *Config) dynamic() *dynIndex {
	if c.dyn == nil {
		c.dyn = buildDynIndex(c)
	}
	return c.dyn
}

func buildDynIndex(c *Config) *dynIndex {
	d := &dynIndex{byIface: map[ifaceKey][]*types.Func{}, bySig: map[string][]*types.Func{}, litsBySig: map[string][]*ast.FuncLit{}}
	seen := map[*types.Func]bool{}
	add := func(fn *types.Func) {
		if fn == nil || seen[fn] {
			return
		}
		if sig, ok := fn.Type().(*types.Signature); ok && sig.TypeParams().Len() == 0 && (sig.Recv() == nil || sig.RecvTypeParams().Len() == 0) {
			seen[fn] = true
			d.values = append(d.values, fn)
		}
	}
	for _, f := range c.Files {
		for _, decl := range f.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok {
				d.decls = append(d.decls, fd)
			}
		}
		d.lits = append(d.lits, storedLits(c.Info, f)...)
		called := map[ast.Expr]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				called[ast.Unparen(n.Fun)] = true
			case *ast.SelectorExpr:
				if called[n] {
					return true
				}
				if s := c.Info.Selections[n]; s != nil {
					if s.Kind() == types.MethodVal || s.Kind() == types.MethodExpr {
						if fn, ok := s.Obj().(*types.Func); ok {
							add(fn)
						}
					}
					return true
				}
				if fn, ok := c.Info.Uses[n.Sel].(*types.Func); ok {
					add(fn)
				}
				return false
			case *ast.Ident:
				if called[n] {
					return true
				}
				if fn, ok := c.Info.Uses[n].(*types.Func); ok {
					if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() == nil {
						add(fn)
					}
				}
			}
			return true
		})
	}
	d.singleton = singletons(c)
	d.litsVisible = c.Pkg == nil || !stdPath(c.Pkg.Path()) || importsTask(c.Pkg)
	if c.Pkg != nil {
		scope := c.Pkg.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			if nt, ok := tn.Type().(*types.Named); ok && nt.TypeParams().Len() == 0 {
				if _, isIface := nt.Underlying().(*types.Interface); !isIface {
					d.named = append(d.named, nt)
				}
			}
		}
	}
	return d
}

// dynamicCallees returns the candidates of a call that has no static
// callee, and the receiver expression of an interface call.
func (b *builder) dynamicCallees(call *ast.CallExpr) (cands []*types.Func, recv ast.Expr, iface bool) {
	if b.cfg.Files == nil {
		return nil, nil, false
	}
	d := b.cfg.dynamic()
	fun := ast.Unparen(call.Fun)
	if sel, ok := fun.(*ast.SelectorExpr); ok {
		if s := b.info.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
			it, ok := s.Recv().Underlying().(*types.Interface)
			if !ok {
				return nil, nil, false
			}
			name := sel.Sel.Name
			key := ifaceKey{it, name}
			if c, ok := d.byIface[key]; ok {
				return c, sel.X, true
			}
			defer func() { d.byIface[key] = cands }()
			seen := map[*types.Func]bool{}
			for _, nt := range d.named {
				for _, t := range []types.Type{nt, types.NewPointer(nt)} {
					if !types.Implements(t, it) {
						continue
					}
					obj, _, _ := types.LookupFieldOrMethod(t, true, b.cfg.Pkg, name)
					if fn, ok := obj.(*types.Func); ok && !seen[fn] {
						seen[fn] = true
						cands = append(cands, fn)
					}
				}
			}
			return cands, sel.X, true
		}
	}
	sig, ok := typeOf(b.info, fun).Underlying().(*types.Signature)
	if !ok {
		return nil, nil, false
	}
	key := types.TypeString(sig, nil)
	if c, ok := d.bySig[key]; ok {
		return c, nil, false
	}
	defer func() { d.bySig[key] = cands }()
	for _, fn := range d.values {
		fs := fn.Type().(*types.Signature)
		if fs.Recv() != nil {
			// A method value's signature has no receiver.
			fs = types.NewSignatureType(nil, nil, nil, fs.Params(), fs.Results(), fs.Variadic())
		}
		if types.Identical(fs, sig) {
			cands = append(cands, fn)
		}
	}
	return cands, nil, false
}

// dynamicCall builds the effects of every candidate of a call through a
// value (see dynamicCallees).
func (b *builder) dynamicCall(call *ast.CallExpr) {
	cands, recv, iface := b.dynamicCallees(call)
	for _, fn := range cands {
		if b.summary(fn) == nil {
			continue
		}
		if !iface || b.singletonRecv(fn) {
			b.unboundRecv = true
		}
		b.calleeEffects(fn, call, recv, call)
		b.unboundRecv = false
	}
}

// recvGlobal returns the pseudo package-level variable that stands for the
// receivers of fn's type that method values reach.
func recvGlobal(fn *types.Func) string {
	sig := fn.Type().(*types.Signature)
	t := sig.Recv().Type()
	name := "receiver"
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
		name = "*"
	}
	if nt, ok := t.(*types.Named); ok {
		name += nt.Obj().Name()
	}
	path := ""
	if fn.Pkg() != nil {
		path = fn.Pkg().Path()
	}
	return path + "." + name + "(receiver)"
}

// storedLits returns the function literals of a file that calls through
// values may reach: all but those called where they are written and the
// bodies of task-library calls.
func storedLits(info *types.Info, f *ast.File) []*ast.FuncLit {
	var lits []*ast.FuncLit
	var stack []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if lit, ok := n.(*ast.FuncLit); ok && len(stack) > 0 {
			keep := true
			// The nearest enclosing node that is not a parenthesis.
			i := len(stack) - 1
			for i > 0 {
				if _, ok := stack[i].(*ast.ParenExpr); !ok {
					break
				}
				i--
			}
			if call, ok := stack[i].(*ast.CallExpr); ok {
				if ast.Unparen(call.Fun) == lit {
					keep = false
				} else if tc, ok := Classify(info, call); ok && tc.Body != nil && ast.Unparen(tc.Body) == lit {
					keep = false
				}
			}
			if keep {
				lits = append(lits, lit)
			}
		}
		stack = append(stack, n)
		return true
	})
	return lits
}

// litCallees returns the function literals of the package with the
// signature of a call through a value (see dynIndex.lits).
func (b *builder) litCallees(call *ast.CallExpr) []*ast.FuncLit {
	if b.cfg.Files == nil || !b.cfg.dynamic().litsVisible {
		return nil
	}
	fun := ast.Unparen(call.Fun)
	if sel, ok := fun.(*ast.SelectorExpr); ok {
		if s := b.info.Selections[sel]; s != nil && s.Kind() != types.FieldVal {
			return nil // a method: interface calls are dynamicCallees'
		}
	}
	sig, ok := typeOf(b.info, fun).Underlying().(*types.Signature)
	if !ok {
		return nil
	}
	d := b.cfg.dynamic()
	key := types.TypeString(sig, nil)
	if c, ok := d.litsBySig[key]; ok {
		return c
	}
	var cands []*ast.FuncLit
	for _, lit := range d.lits {
		if ls, ok := typeOf(b.info, lit).(*types.Signature); ok && types.Identical(ls, sig) {
			cands = append(cands, lit)
		}
	}
	d.litsBySig[key] = cands
	return cands
}

// litCall builds, at a call through a value, the body of every function
// literal the call may reach (see dynIndex.lits): its own variables are
// fresh, the variables it captures from another function are the pseudo
// variables of capturedGlobal.
func (b *builder) litCall(call *ast.CallExpr) {
	for _, lit := range b.litCallees(call) {
		if b.litInlining[lit] {
			continue // a literal reaching itself: its effects are being built
		}
		b.litInlining[lit] = true
		old := b.foreign
		if !within(lit, b.tree.Decl) {
			b.foreign = append(b.foreign, lit)
		}
		// Conditional: the call may run another candidate, so nothing
		// the literal does (a Get) dominates what follows the call.
		var blk *Node
		b.conditionally(func() {
			blk = b.add(Block, call.Pos(), "call through a value of the function literal at "+b.cfg.Fset.Position(lit.Pos()).String())
		})
		b.funcBody(nil, lit.Type, lit.Body, blk)
		b.foreign = old
		delete(b.litInlining, lit)
	}
}

// within reports whether n lies inside outer.
func within(n, outer ast.Node) bool {
	return outer != nil && outer.Pos() <= n.Pos() && n.End() <= outer.End()
}

// captured reports whether v, a local variable, is captured by a literal
// of another function being built at a call through a value: it is
// declared neither in the tree's function nor in one of those literals.
func (b *builder) captured(v *types.Var) bool {
	if len(b.foreign) == 0 || (b.tree.Decl != nil && b.tree.Decl.Pos() <= v.Pos() && v.Pos() < b.tree.Decl.End()) {
		return false
	}
	for _, lit := range b.foreign {
		if lit.Pos() <= v.Pos() && v.Pos() < lit.End() {
			return false
		}
	}
	return true
}

// capturedGlobal returns the pseudo package-level variable that stands for
// a local variable v of another function captured by a literal reached
// through a value: "path.v (captured in F)", F the function declaring v.
func (b *builder) capturedGlobal(v *types.Var) string {
	in := "a function literal"
	for _, fd := range b.cfg.dynamic().decls {
		if fd.Pos() <= v.Pos() && v.Pos() < fd.End() {
			in = fd.Name.Name
			break
		}
	}
	path := ""
	if b.cfg.Pkg != nil {
		path = b.cfg.Pkg.Path()
	}
	return path + "." + v.Name() + " (captured in " + in + ")"
}

// singletonRecv reports whether fn has a pointer receiver *T with T a
// singleton type.
func (b *builder) singletonRecv(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil {
		return false
	}
	p, ok := sig.Recv().Type().(*types.Pointer)
	if !ok {
		return false
	}
	nt, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && b.cfg.dynamic().singleton[nt.Obj()]
}

// singletons returns the named types of package main of which a run has
// at most one object: T, not generic and not an interface, such that
//
//   - exactly one expression of the package allocates a T, &T{...} or
//     new(T), and it runs at most once: in the body of func main (which
//     nothing calls) or of an init function, or in a package-level
//     variable's initializer, outside every loop and function literal, in
//     a function without goto;
//   - no other storage of type T exists: no variable, field, parameter or
//     result of type T, or array, slice, map or channel of T, is declared,
//     and no composite literal T{...} is not the operand of &.
//
// Package main is imported by no package, so no other code allocates a T.
// Then every *T of a run points to that one object (reflect and unsafe
// aside, which could build another), and a pseudo variable for it
// denotes it exactly.
func singletons(c *Config) map[*types.TypeName]bool {
	out := map[*types.TypeName]bool{}
	if c.Pkg == nil || c.Pkg.Name() != "main" {
		return out
	}
	allocs := map[*types.TypeName]int{}
	bad := map[*types.TypeName]bool{}
	mainUsed := false
	named := func(t types.Type) *types.TypeName {
		if nt, ok := types.Unalias(t).(*types.Named); ok && nt.Obj().Pkg() == c.Pkg && nt.TypeParams().Len() == 0 {
			if _, isIface := nt.Underlying().(*types.Interface); !isIface {
				return nt.Obj()
			}
		}
		return nil
	}
	// holds returns the type T whose values a declaration of type t stores.
	holds := func(t types.Type) *types.TypeName {
		for {
			switch u := types.Unalias(t).(type) {
			case *types.Array:
				t = u.Elem()
				continue
			case *types.Slice:
				t = u.Elem()
				continue
			case *types.Map:
				if n := named(u.Key()); n != nil {
					return n
				}
				t = u.Elem()
				continue
			case *types.Chan:
				t = u.Elem()
				continue
			}
			return named(t)
		}
	}
	for _, v := range c.Info.Defs {
		if v, ok := v.(*types.Var); ok {
			if n := holds(v.Type()); n != nil {
				bad[n] = true
			}
		}
	}
	for _, f := range c.Files {
		var stack []ast.Node
		var fn *ast.FuncDecl
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			if fd, ok := n.(*ast.FuncDecl); ok {
				fn = fd
			}
			stack = append(stack, n)
			var alloc *types.TypeName
			switch n := n.(type) {
			case *ast.Ident:
				// A call of main makes its allocations run again.
				if o, ok := c.Info.Uses[n].(*types.Func); ok && o.Name() == "main" && o.Pkg() == c.Pkg && o.Parent() == c.Pkg.Scope() {
					mainUsed = true
				}
			case *ast.CompositeLit:
				t := named(typeOf(c.Info, n))
				if t == nil {
					return true
				}
				if u, ok := stack[len(stack)-2].(*ast.UnaryExpr); ok && u.Op == token.AND {
					alloc = t
				} else {
					bad[t] = true
				}
			case *ast.CallExpr:
				if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok {
					if bi, ok := c.Info.Uses[id].(*types.Builtin); ok && bi.Name() == "new" && len(n.Args) == 1 {
						alloc = named(typeOf(c.Info, n.Args[0]))
					}
				}
			}
			if alloc != nil {
				allocs[alloc]++
				if !runsOnce(fn, stack) {
					bad[alloc] = true
				}
			}
			return true
		})
	}
	if mainUsed {
		return out
	}
	for t, k := range allocs {
		if k == 1 && !bad[t] {
			out[t] = true
		}
	}
	return out
}

// runsOnce reports whether the node on top of stack runs at most once per
// run: in func main or an init function without goto, or in a
// package-level declaration, with no loop or function literal around it.
func runsOnce(fn *ast.FuncDecl, stack []ast.Node) bool {
	for _, n := range stack[:len(stack)-1] {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
			return false
		}
	}
	for _, n := range stack {
		if n == fn {
			if fn.Recv != nil || (fn.Name.Name != "main" && fn.Name.Name != "init") {
				return false
			}
			hasGoto := false
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				if br, ok := n.(*ast.BranchStmt); ok && br.Tok == token.GOTO {
					hasGoto = true
				}
				return !hasGoto
			})
			return !hasGoto
		}
	}
	return true // a package-level declaration
}

// stdPath reports whether path looks like a standard library package's:
// no dot in its first element (as trackGlobal decides).
func stdPath(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// importsTask reports whether pkg imports the task library.
func importsTask(pkg *types.Package) bool {
	for _, imp := range pkg.Imports() {
		if imp.Path() == TaskPath {
			return true
		}
	}
	return false
}
