package instrument

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/packages"

	"github.com/tpinstr/tpinstr/internal/syncapi"
)

// facts answers the questions that planning asks about the program: which
// variables another task may reach (escapes, shared.go), what statements
// may do (effects.go), which location a hooked expression names (keys.go),
// which functions are pure (pure.go) and which code cannot panic
// (panicfree.go), which calls are task-library calls (calls.go) and which
// Isolated bodies are commutative updates (commute.go). Facts are computed
// from the syntax and types of the package only: a facts value holds no
// edit, no site and no statistic, so that nothing the rewriter has
// inserted can change an answer. Answers that cost a walk of the file or
// package are computed on first use and kept.
type facts struct {
	pkg      *packages.Package
	info     *types.Info
	file     *ast.File
	esc      *escapes
	private  map[*types.Var]bool // variables whose objects only their activation reaches (private.go)
	taskPath string              // the task library's import path (Config.TaskPackage)
	// disable holds the optimizations switched off (Config.Disable):
	// with OptPure, every call of a function counts as a call (pure.go);
	// with OptCommute, no Isolated body is a commutative update
	// (commute.go).
	disable map[string]bool

	pure    *pureState                 // the package's pure functions, found on demand (pure.go)
	callees map[*types.Func]*calleeSum // summaries of the file's helpers, found on demand (callee.go)
	// loopHelpers are the helper calls of the loop calleeLoop is deciding
	// on: effects and panicFree count each as its accesses (callee.go).
	loopHelpers map[*ast.CallExpr]*helperCall
	isoBodies   [][2]token.Pos      // extents of the bodies of Isolated calls
	isoVars     map[*types.Var]bool // variables assigned in Isolated bodies and mutex sections (commute.go)
	isoElems    map[*types.Var]bool // variables whose elements they write (commute.go)

	sections       []mutexSection                 // the sections of mutexes of the file (mutexsection.go)
	sectionClasses map[*ast.CallExpr]sectionClass // their classes, by their Lock calls
}

// newFacts prepares the facts of file, a file of pkg.
func newFacts(pkg *packages.Package, cfg *Config, file *ast.File) *facts {
	esc := findEscapes(pkg.TypesInfo, file)
	if !cfg.Disable[OptClosure] {
		esc.findSyncClosures(file)
	}
	return &facts{
		pkg: pkg, info: pkg.TypesInfo, file: file,
		esc:      esc,
		private:  findPrivates(pkg.TypesInfo, file, esc),
		taskPath: cfg.TaskPackage,
		disable:  cfg.Disable,
	}
}

// callee returns the object a call calls: a *types.Func (function or
// method, generic origin), a *types.Builtin, or nil (a function value or a
// conversion).
func (f *facts) callee(call *ast.CallExpr) types.Object {
	return syncapi.Callee(f.info, call)
}

// taskKind returns the site kind of a call of the task library, and the
// expression that is the call's handle (the receiver of a method, the
// first argument of a called method expression, the task argument of
// NewFuture, the body of Run). It returns "" for other calls.
func (f *facts) taskKind(call *ast.CallExpr) (string, ast.Expr) {
	u, ok := f.classify(call)
	if !ok {
		return "", nil
	}
	switch u.Op {
	case syncapi.TaskRun:
		return kindRun, u.Handle
	case syncapi.TaskNewFuture:
		return kindFuture, u.Handle
	case syncapi.TaskAsync, syncapi.TaskForAsync:
		return kindAsync, u.Handle
	case syncapi.TaskFinish, syncapi.TaskForAll:
		return kindFinish, u.Handle
	case syncapi.TaskIsolated:
		return kindIsolated, u.Handle
	case syncapi.TaskGet:
		return kindGet, u.Handle
	}
	return "", nil
}

// classify classifies a call with the file's task package.
func (f *facts) classify(call *ast.CallExpr) (syncapi.Use, bool) {
	return syncapi.Classifier{TaskPath: f.taskPath}.Call(f.info, call)
}

// isolatedBody returns the body argument of a call of Isolated (in any
// form), or nil for other calls.
func (f *facts) isolatedBody(call *ast.CallExpr) ast.Expr {
	if u, ok := f.classify(call); ok && u.Op == syncapi.TaskIsolated {
		return u.Body()
	}
	return nil
}

// inIsolated reports whether pos lies in the body argument of an Isolated
// call of the file.
func (f *facts) inIsolated(pos token.Pos) bool {
	if f.isoBodies == nil {
		f.isoBodies = [][2]token.Pos{}
		ast.Inspect(f.file, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if body := f.isolatedBody(call); body != nil {
					f.isoBodies = append(f.isoBodies, [2]token.Pos{body.Pos(), body.End()})
				}
			}
			return true
		})
	}
	for _, b := range f.isoBodies {
		if pos >= b[0] && pos < b[1] {
			return true
		}
	}
	return false
}

// isUse reports whether e is an identifier denoting v.
func (f *facts) isUse(e ast.Expr, v *types.Var) bool {
	id := identOf(ast.Unparen(e))
	return id != nil && f.info.Uses[id] == v
}

// mentions reports whether e uses the variable v.
func (f *facts) mentions(e ast.Expr, v *types.Var) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && f.info.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}

// isConstInt reports whether e is the integer constant n.
func (f *facts) isConstInt(e ast.Expr, n int64) bool {
	tv, ok := f.info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return false
	}
	v, exact := constant.Int64Val(tv.Value)
	return exact && v == n
}

// sliceVar returns the variable e names if it has a slice type (not a type
// parameter), or nil.
func (f *facts) sliceVar(e ast.Expr) *types.Var {
	v := f.variable(e)
	if v == nil {
		return nil
	}
	if _, ok := v.Type().Underlying().(*types.Slice); !ok {
		return nil
	}
	return v
}

// isPlainInt reports whether t is the predeclared int itself, which an
// operand that the rewriter mixes with len may have.
func isPlainInt(t types.Type) bool {
	return t != nil && types.Identical(t, types.Typ[types.Int])
}

// chanLen reports whether e takes the length or capacity of a channel,
// which other goroutines change without a data race: evaluated again,
// with nothing in between, e may give another value.
func (f *facts) chanLen(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if x, ok := n.(*ast.CallExpr); ok && len(x.Args) == 1 {
			if b, ok := f.callee(x).(*types.Builtin); ok && (b.Name() == "len" || b.Name() == "cap") {
				if _, isChan := coreType(f.info.TypeOf(x.Args[0])).(*types.Chan); isChan {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// isInt reports whether t is the predeclared int (or a type defined on
// it), in whose arithmetic the bounds tests of sliceLoop are computed.
func isInt(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Int
}

// varChanged reports whether effects ef may change the variable v.
func (f *facts) varChanged(ef *effects, v *types.Var) bool {
	return ef.changesVar(f.esc, v)
}

// exprMoves reports whether effects ef may change the value of e.
func (f *facts) exprMoves(ef *effects, e ast.Expr) bool {
	kb := &keyBuilder{f: f}
	kb.value(e)
	return kb.failed || ef.moves(f.esc, locKey{deps: kb.deps, memDep: kb.memDep})
}

// varKey returns the key text of the value of the variable v.
func (f *facts) varKey(v *types.Var) string {
	kb := &keyBuilder{f: f}
	kb.varValue(v)
	return kb.b.String()
}

// visibleAt reports whether v's name denotes v at pos.
func (f *facts) visibleAt(v *types.Var, pos token.Pos) bool {
	scope := f.pkg.Types.Scope().Innermost(pos)
	if scope == nil {
		return false
	}
	_, obj := scope.LookupParent(v.Name(), pos)
	return obj == v
}

// exprVisibleAt reports whether every variable e names by an identifier
// is visible under its name at pos.
func (f *facts) exprVisibleAt(e ast.Expr, pos token.Pos) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		if sel, isSel := n.(*ast.SelectorExpr); isSel && isQualified(f.info, sel) {
			return false
		}
		if id, isID := n.(*ast.Ident); isID {
			if v, isVar := f.info.Uses[id].(*types.Var); isVar && !v.IsField() && !f.visibleAt(v, pos) {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// universeAt reports whether each name means the predeclared object at pos.
func (f *facts) universeAt(pos token.Pos, names ...string) bool {
	scope := f.pkg.Types.Scope().Innermost(pos)
	if scope == nil {
		scope = f.pkg.Types.Scope()
	}
	for _, n := range names {
		if _, obj := scope.LookupParent(n, pos); obj == nil || obj.Parent() != types.Universe {
			return false
		}
	}
	return true
}

// constIndex returns the variable t and the constant n when e is t[n], for
// t an array variable, a pointer to an array or a slice.
func (f *facts) constIndex(e ast.Expr) (*types.Var, int64, bool) {
	x, ok := ast.Unparen(e).(*ast.IndexExpr)
	if !ok {
		return nil, 0, false
	}
	tv := f.info.Types[x.Index]
	if tv.Value == nil || tv.Value.Kind() != constant.Int {
		return nil, 0, false
	}
	n, exact := constant.Int64Val(tv.Value)
	if !exact || n < 0 || !fitsIndex(tv.Value) {
		return nil, 0, false
	}
	t := f.variable(ast.Unparen(x.X))
	if t == nil {
		return nil, 0, false
	}
	switch u := t.Type().Underlying().(type) {
	case *types.Array, *types.Slice:
	case *types.Pointer:
		if _, isArr := u.Elem().Underlying().(*types.Array); !isArr {
			return nil, 0, false
		}
	default:
		return nil, 0, false
	}
	return t, n, true
}

// isElemOf reports whether the location e is t[x], for an index expression
// x whose key is key, or a field or array element of it (at any depth).
func (f *facts) isElemOf(e ast.Expr, t *types.Var, key string) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			s := f.info.Selections[x]
			if s == nil || s.Kind() != types.FieldVal || s.Indirect() {
				return false
			}
			if _, isPtr := coreType(f.info.TypeOf(x.X)).(*types.Pointer); isPtr {
				return false
			}
			e = x.X
		case *ast.IndexExpr:
			if f.variable(ast.Unparen(x.X)) == t {
				if k, ok := f.valueKey(x.Index); ok && k == key {
					return true
				}
			}
			if !isArray(f.info.TypeOf(x.X)) {
				return false
			}
			e = x.X
		default:
			return false
		}
	}
}

// branchEnds reports whether the statement list of a branch cannot fall
// out of its end: its last statement returns, jumps, or calls panic.
func (f *facts) branchEnds(list []ast.Stmt) bool {
	if len(list) == 0 {
		return false
	}
	switch s := list[len(list)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return s.Tok.String() != "fallthrough"
	case *ast.ExprStmt:
		call, ok := ast.Unparen(s.X).(*ast.CallExpr)
		if !ok {
			return false
		}
		b, ok := f.callee(call).(*types.Builtin)
		return ok && b.Name() == "panic"
	}
	return false
}

// isOSExit reports whether id refers to os.Exit.
func (f *facts) isOSExit(id *ast.Ident) bool {
	fn, ok := f.info.Uses[id].(*types.Func)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == "os" && fn.Name() == "Exit"
}
