package instrument

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/tpinstr/tpinstr/internal/syncapi"
)

// Worker pools (optimization OptPool). The loop of a worker of a pool,
//
//	wg.Go(func() {
//		for i := range jobs {
//			out[i] = f(in[i])
//		}
//	})
//
// is rewritten so that the checked run knows it for one: the workers of
// one pool then take values in one run for every assignment of values to
// workers, instead of exploration running the program once per
// assignment (rt/internal/goexec's pool.go, which gives the argument):
//
//	for i := range jobs {…}  →  for c, p := _tpinstr_rt.PoolEnter(jobs, site, k1, k2); ; { i, ok := _tpinstr_rt.PoolRecv2(c, p, site); if !ok { break }; …}
//
// where k1, k2 identify the variables of the loop's function that its
// body reads: &v for a variable the function captures, v for a parameter.
// A loop is a worker's when:
//
//  1. it is a range loop over a channel, declaring its variable or
//     having none, in the body of a function F that only go statements
//     start: a function literal that is a go statement's function or the
//     argument of a WaitGroup's or an errgroup.Group's Go or TryGo, or an
//     unexported package function (no method: an interface may call it)
//     each of whose uses in the package is the function of a go
//     statement. A worker's goroutine therefore ends when F returns (after
//     the Done that Go adds);
//  2. F's body is the loop, after nothing but deferred calls of a
//     WaitGroup's Done, and followed by nothing but a return of nil
//     values or constants: the worker does nothing before the loop that
//     an iteration could race with, and nothing after it;
//  3. the loop's body leaves it only when the channel is closed: no
//     return (outside function literals), goto, labelled branch, or break
//     that is not inside a loop, switch or select of its own;
//  4. the body synchronises nothing itself: no go statement, defer,
//     channel operation, select, close, or call or method value of the
//     task library, of sync, sync/atomic, errgroup, sync.Pool or of the
//     I/O the checker hooks;
//  5. the body neither assigns, nor takes the address of, a variable of F
//     declared outside the loop (a parameter, a result), nor of a part of
//     one that is not behind a pointer (a field of a struct, an element of
//     an array), nor calls a method with a pointer receiver on one:
//     nothing a worker keeps from one iteration to the next but shared
//     memory.
//
// The keys (5's variables, and those of the receivers of 2's Done) make
// two goroutines workers of one class only when their bodies do the same
// with the same values.
type workerLoop struct {
	keys []string // the key expressions, in the order the body names them
}

// workerLoops returns the worker loops of the file.
func (r *fileRewriter) workerLoops() map[*ast.RangeStmt]*workerLoop {
	loops := map[*ast.RangeStmt]*workerLoop{}
	if r.cfg.Disable[OptPool] {
		return loops
	}
	cl := syncapi.Classifier{TaskPath: r.cfg.TaskPackage}
	var goFuncs map[types.Object]bool // package functions only go statements use
	goCalls := r.goCalls()
	var stack []ast.Node
	ast.Inspect(r.file, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		stack = append(stack, n)
		var body *ast.BlockStmt
		var fn ast.Node
		switch x := n.(type) {
		case *ast.FuncLit:
			if len(stack) >= 2 && r.startsGoroutine(cl, x, stack[len(stack)-2], goCalls) {
				body, fn = x.Body, x
			}
		case *ast.FuncDecl:
			if x.Recv == nil && x.Body != nil && !x.Name.IsExported() && x.Name.Name != "main" && x.Name.Name != "init" && endsInRange(x.Body) {
				if goFuncs == nil {
					goFuncs = r.goOnlyFuncs()
				}
				if goFuncs[r.info.Defs[x.Name]] {
					body, fn = x.Body, x
				}
			}
		}
		if body != nil {
			if s, w := r.workerLoop(cl, fn, body); w != nil {
				loops[s] = w
			}
		}
		return true
	})
	return loops
}

// endsInRange reports whether body's last statement, or the one before a
// last return, is a range loop: the shape condition 2 asks for, checked
// before the package's uses of a function are looked up.
func endsInRange(body *ast.BlockStmt) bool {
	list := body.List
	if n := len(list); n > 1 {
		if _, ok := list[n-1].(*ast.ReturnStmt); ok {
			list = list[:n-1]
		}
	}
	if len(list) == 0 {
		return false
	}
	_, ok := list[len(list)-1].(*ast.RangeStmt)
	return ok
}

// startsGoroutine reports whether the function literal lit, whose parent
// node is parent, is the function of a go statement or of a Go of a
// WaitGroup or an errgroup.Group.
func (r *fileRewriter) startsGoroutine(cl syncapi.Classifier, lit *ast.FuncLit, parent ast.Node, goCalls map[*ast.CallExpr]bool) bool {
	call, ok := parent.(*ast.CallExpr)
	if !ok {
		return false
	}
	if ast.Unparen(call.Fun) == lit {
		return goCalls[call]
	}
	u, ok := cl.Call(r.info, call)
	if !ok || len(u.Args) != 1 || ast.Unparen(u.Args[0]) != lit {
		return false
	}
	switch u.Op {
	case syncapi.WaitGroupGo, syncapi.ErrgroupGo, syncapi.ErrgroupTryGo:
		return u.Form == syncapi.Direct
	}
	return false
}

// goCalls returns the calls of the file's go statements.
func (r *fileRewriter) goCalls() map[*ast.CallExpr]bool {
	m := map[*ast.CallExpr]bool{}
	ast.Inspect(r.file, func(n ast.Node) bool {
		if g, ok := n.(*ast.GoStmt); ok {
			m[g.Call] = true
		}
		return true
	})
	return m
}

// goOnlyFuncs returns the package functions each of whose uses in the
// package is the function of a go statement.
func (r *fileRewriter) goOnlyFuncs() map[types.Object]bool {
	inGo := map[*ast.Ident]bool{}
	for _, f := range r.pkg.Syntax {
		ast.Inspect(f, func(n ast.Node) bool {
			if g, ok := n.(*ast.GoStmt); ok {
				fun := ast.Unparen(g.Call.Fun)
				if ix, ok := fun.(*ast.IndexExpr); ok {
					fun = ix.X
				} else if ix, ok := fun.(*ast.IndexListExpr); ok {
					fun = ix.X
				}
				if id, ok := fun.(*ast.Ident); ok {
					inGo[id] = true
				}
			}
			return true
		})
	}
	only := map[types.Object]bool{}
	other := map[types.Object]bool{}
	for id, obj := range r.info.Uses {
		if _, ok := obj.(*types.Func); !ok {
			continue
		}
		if inGo[id] {
			only[obj] = true
		} else {
			other[obj] = true
		}
	}
	for obj := range other {
		delete(only, obj)
	}
	return only
}

// workerLoop returns the loop of fn's body and its keys when fn's body
// is a worker's (conditions 2 to 5), or nil.
func (r *fileRewriter) workerLoop(cl syncapi.Classifier, fn ast.Node, body *ast.BlockStmt) (*ast.RangeStmt, *workerLoop) {
	list := body.List
	if n := len(list); n > 0 {
		if ret, ok := list[n-1].(*ast.ReturnStmt); ok {
			for _, x := range ret.Results {
				if !r.constOrNil(x) {
					return nil, nil
				}
			}
			list = list[:n-1]
		}
	}
	if len(list) == 0 {
		return nil, nil
	}
	s, ok := list[len(list)-1].(*ast.RangeStmt)
	if !ok || s.Value != nil || (s.Key != nil && s.Tok != token.DEFINE) {
		return nil, nil
	}
	if t := r.info.TypeOf(s.X); t == nil {
		return nil, nil
	} else if _, isChan := t.Underlying().(*types.Chan); !isChan {
		return nil, nil
	}
	w := &workerLoop{}
	seen := map[types.Object]bool{}
	for _, st := range list[:len(list)-1] {
		d, ok := st.(*ast.DeferStmt)
		if !ok {
			return nil, nil
		}
		u, ok := cl.Call(r.info, d.Call)
		if !ok || u.Op != syncapi.WaitGroupDone || u.Form != syncapi.Direct || u.Recv == nil {
			return nil, nil
		}
		if !r.workerKeys(fn, u.Recv, u.Recv, w, seen) {
			return nil, nil
		}
	}
	if !r.workerBody(cl, s.Body) || !r.workerKeys(fn, s.Body, s, w, seen) {
		return nil, nil
	}
	return s, w
}

// constOrNil reports whether x is a constant or nil.
func (r *fileRewriter) constOrNil(x ast.Expr) bool {
	tv, ok := r.info.Types[x]
	return ok && (tv.Value != nil || tv.IsNil())
}

// workerBody reports whether a loop body meets conditions 3 and 4.
func (r *fileRewriter) workerBody(cl syncapi.Classifier, body *ast.BlockStmt) bool {
	ok := true
	// depth counts the loops, switches and selects around a node inside
	// the body; lits the function literals.
	var walk func(n ast.Node, depth, lits int)
	walk = func(n ast.Node, depth, lits int) {
		ast.Inspect(n, func(m ast.Node) bool {
			if !ok || m == nil || m == n {
				return ok
			}
			switch x := m.(type) {
			case *ast.FuncLit:
				walk(x.Body, 0, lits+1)
				return false
			case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt:
				if rs, isRange := x.(*ast.RangeStmt); isRange {
					if t := r.info.TypeOf(rs.X); t != nil {
						if _, isChan := t.Underlying().(*types.Chan); isChan {
							ok = false
							return false
						}
					}
				}
				walk(x, depth+1, lits)
				return false
			case *ast.GoStmt, *ast.DeferStmt, *ast.SelectStmt, *ast.SendStmt:
				ok = false
			case *ast.ReturnStmt:
				ok = lits > 0
			case *ast.BranchStmt:
				switch {
				case x.Label != nil || x.Tok == token.GOTO:
					ok = lits > 0 && x.Tok != token.GOTO && x.Label == nil
				case x.Tok == token.BREAK:
					ok = depth > 0 || lits > 0
				}
			case *ast.UnaryExpr:
				ok = x.Op != token.ARROW
			case *ast.CallExpr:
				if b, isB := r.facts.callee(x).(*types.Builtin); isB && b.Name() == "close" {
					ok = false
				} else if _, isSync := cl.Call(r.info, x); isSync {
					ok = false
				} else if _, _, isLib := r.libHook(x); isLib {
					ok = false
				} else if _, fn, _ := r.poolMethod(x); fn != nil {
					ok = false
				}
			case *ast.SelectorExpr:
				if u, isVal := cl.Value(r.info, x); isVal && (u.Op.IsSync() || u.Op.IsTask()) {
					ok = false
				}
			}
			return ok
		})
	}
	walk(body, 0, 0)
	return ok
}

// workerKeys adds to w the keys of the variables of fn that n (a loop's
// body, or a Done's receiver) reads, declared outside within (the loop,
// whose variable is the iteration's own, or the receiver itself), and
// reports whether n meets condition 5 for them.
func (r *fileRewriter) workerKeys(fn, n ast.Node, within ast.Node, w *workerLoop, seen map[types.Object]bool) bool {
	ok := true
	var stack []ast.Node
	ast.Inspect(n, func(m ast.Node) bool {
		if m == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		stack = append(stack, m)
		id, isID := m.(*ast.Ident)
		if !ok || !isID {
			return ok
		}
		v, isVar := r.info.Uses[id].(*types.Var)
		if !isVar || v.IsField() || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
			return true
		}
		if v.Pos() >= within.Pos() && v.Pos() < within.End() {
			return true // declared inside: the iteration's own
		}
		inFn := v.Pos() >= fn.Pos() && v.Pos() < fn.End()
		if inFn && r.modifiesRoot(stack) {
			ok = false
			return false
		}
		if !seen[v] {
			seen[v] = true
			if inFn {
				w.keys = append(w.keys, id.Name)
			} else {
				w.keys = append(w.keys, "&"+id.Name)
			}
		}
		return true
	})
	return ok
}

// modifiesRoot reports whether the identifier at the top of stack (its
// ancestors below it) is the root of a place, not behind a pointer, that
// is assigned, incremented, addressed, or the receiver of a method with a
// pointer receiver.
func (r *fileRewriter) modifiesRoot(stack []ast.Node) bool {
	i := len(stack) - 1
	cur := stack[i].(ast.Expr)
	for i--; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.ParenExpr:
			cur = p
			continue
		case *ast.SelectorExpr:
			if p.X != cur {
				return false
			}
			if s := r.info.Selections[p]; s != nil && s.Kind() == types.MethodVal {
				if _, ptrRecv := s.Obj().Type().(*types.Signature).Recv().Type().Underlying().(*types.Pointer); ptrRecv {
					_, isPtr := r.info.TypeOf(cur).Underlying().(*types.Pointer)
					return !isPtr
				}
				return false
			}
			if _, isPtr := r.info.TypeOf(cur).Underlying().(*types.Pointer); isPtr {
				return false // behind a pointer: shared memory
			}
			cur = p
			continue
		case *ast.IndexExpr:
			if p.X != cur {
				return false
			}
			if _, isArray := r.info.TypeOf(cur).Underlying().(*types.Array); !isArray {
				return false // a slice's, map's or pointer's element: shared memory
			}
			cur = p
			continue
		case *ast.AssignStmt:
			for _, l := range p.Lhs {
				if l == cur {
					return true
				}
			}
			return false
		case *ast.IncDecStmt:
			return p.X == cur
		case *ast.UnaryExpr:
			return p.Op == token.AND && p.X == cur
		case *ast.RangeStmt:
			return p.Tok == token.ASSIGN && (p.Key == cur || p.Value == cur)
		case *ast.SliceExpr:
			_, isArray := r.info.TypeOf(cur).Underlying().(*types.Array)
			return p.X == cur && isArray // slicing an array addresses it
		}
		return false
	}
	return false
}

// poolKeys returns the text of the keys of w, each after a comma.
func (w *workerLoop) poolKeys() string {
	var b strings.Builder
	for _, k := range w.keys {
		b.WriteString(", ")
		b.WriteString(k)
	}
	return b.String()
}
