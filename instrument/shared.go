package instrument

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/tpinstr/tpinstr/internal/syncapi"
)

// escapes records the local variables of a file that may be reached by
// another task: those captured by a function literal and those whose address
// is taken. Every other local variable lives in one task only, so its
// accesses cannot race and get no hook.
type escapes struct {
	info     *types.Info
	declFunc map[*types.Var]ast.Node // the function that declares each local
	shared   map[*types.Var]bool
	// addressed are the locals whose address is taken: the shared locals
	// that a write through a pointer may change.
	addressed map[*types.Var]bool
	// unsafe: the file uses package unsafe (other than Sizeof, Alignof and
	// Offsetof), so a pointer may point anywhere whatever its type.
	unsafe bool
	// reach, once findSyncClosures has run (OptClosure), holds the
	// captured locals that a function literal not run on its declarer's
	// goroutine reaches (closure.go); nil while it has not.
	reach map[*types.Var]bool
}

// findEscapes walks file and classifies its local variables.
func findEscapes(info *types.Info, file *ast.File) *escapes {
	e := &escapes{info: info, declFunc: map[*types.Var]ast.Node{}, shared: map[*types.Var]bool{}, addressed: map[*types.Var]bool{}}
	var stack []ast.Node // innermost enclosing FuncDecl or FuncLit per node
	cur := func() ast.Node {
		if len(stack) == 0 {
			return nil
		}
		return stack[len(stack)-1]
	}
	ast.Inspect(file, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		switch n := n.(type) {
		case *ast.Ident:
			if usesUnsafe(info, n) {
				e.unsafe = true
			}
			fn := cur()
			if fn == nil {
				break
			}
			if v, ok := info.Defs[n].(*types.Var); ok && !v.IsField() {
				e.declFunc[v] = fn
			}
			if v, ok := info.Uses[n].(*types.Var); ok && !v.IsField() {
				if d, ok := e.declFunc[v]; ok && d != fn {
					e.shared[v] = true
				}
			}
		case *ast.CaseClause:
			// A type switch declares its variable once per clause.
			if v, ok := info.Implicits[n].(*types.Var); ok && cur() != nil {
				e.declFunc[v] = cur()
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				e.markAddressed(n.X)
			}
		case *ast.SliceExpr:
			if isArray(info.TypeOf(n.X)) {
				e.markAddressed(n.X)
			}
		case *ast.SelectorExpr:
			e.methodReceiver(n)
		}
		switch n.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			stack = append(stack, n)
		default:
			stack = append(stack, cur())
		}
		return true
	})
	return e
}

// usesUnsafe reports whether id denotes a member of package unsafe that
// can make or move pointers.
func usesUnsafe(info *types.Info, id *ast.Ident) bool {
	obj := info.Uses[id]
	if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != "unsafe" {
		return false
	}
	switch obj.Name() {
	case "Sizeof", "Alignof", "Offsetof":
		return false
	}
	return true
}

// pointerMethod returns the selection of sel when it selects a method
// (called or as a method value) whose receiver is a pointer, or nil.
func pointerMethod(info *types.Info, sel *ast.SelectorExpr) *types.Selection {
	s := info.Selections[sel]
	if s == nil || s.Kind() == types.FieldVal {
		return nil
	}
	fn, ok := s.Obj().(*types.Func)
	if !ok {
		return nil
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return nil
	}
	if _, ptr := sig.Recv().Type().Underlying().(*types.Pointer); !ptr {
		return nil
	}
	return s
}

// methodReceiver marks x as address-taken in x.M when M has a pointer
// receiver and x is addressable: the call or method value takes &x.
func (e *escapes) methodReceiver(sel *ast.SelectorExpr) {
	if pointerMethod(e.info, sel) == nil {
		// Value receiver, or through an embedded pointer: a copy is read.
		return
	}
	if _, isPtr := e.info.TypeOf(sel.X).Underlying().(*types.Pointer); isPtr {
		return
	}
	if tv, ok := e.info.Types[sel.X]; ok && tv.Addressable() {
		e.markAddressed(sel.X)
	}
}

// markAddressed marks the variable at the root of the addressable
// expression x (through fields of struct values, elements of arrays and
// parentheses) as shared. A pointer indirection ends the walk: memory behind
// a pointer is treated as shared anyway.
func (e *escapes) markAddressed(x ast.Expr) {
	for {
		switch y := x.(type) {
		case *ast.ParenExpr:
			x = y.X
		case *ast.Ident:
			if v, ok := e.info.Uses[y].(*types.Var); ok && !v.IsField() {
				e.shared[v] = true
				e.addressed[v] = true
			}
			return
		case *ast.SelectorExpr:
			s := e.info.Selections[y]
			if s == nil || s.Kind() != types.FieldVal || s.Indirect() {
				return
			}
			x = y.X
		case *ast.IndexExpr:
			if !isArray(e.info.TypeOf(y.X)) {
				return
			}
			x = y.X
		case *ast.CompositeLit:
			return
		default:
			return
		}
	}
}

// isShared reports whether the variable v may be reached by another task.
// Package-level variables always may.
func (e *escapes) isShared(v *types.Var) bool {
	if v == nil || v.IsField() || v.Name() == "_" {
		return false
	}
	if isPackageLevel(v) {
		return true
	}
	return e.shared[v]
}

// reachable reports whether another task or goroutine than the one
// running the activation that declares v may access the variable v, so
// that its accesses need hooks: isShared, less the captured locals that
// only function literals run on their declarer's goroutine reach
// (closure.go), once findSyncClosures has run.
func (e *escapes) reachable(v *types.Var) bool {
	if !e.isShared(v) {
		return false
	}
	if e.reach == nil || isPackageLevel(v) {
		return true
	}
	return e.addressed[v] || e.reach[v]
}

// pointedTo reports whether a pointer may hold the address of the variable
// v (or of a part of it), so that a write through a pointer or a slice may
// change it: v is declared at package level (other files may take its
// address), or its address is taken. A local that closures capture but
// whose address is never taken changes only by name.
func (e *escapes) pointedTo(v *types.Var) bool {
	if v == nil || v.IsField() {
		return false
	}
	return isPackageLevel(v) || e.addressed[v]
}

// isPackageLevel reports whether v is declared at package level.
func isPackageLevel(v *types.Var) bool {
	return v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
}

// isArray reports whether t is an array type (not a pointer to one).
func isArray(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := coreType(t).(*types.Array)
	return ok
}

// coreType returns the underlying type of t, or for a type parameter the
// underlying type shared by every type in its type set, or nil when they
// differ (syncapi.CoreType).
func coreType(t types.Type) types.Type { return syncapi.CoreType(t) }
