package pst

import (
	"go/ast"
	"go/token"
	"go/types"
	"go/version"
)

// Config is what building a tree needs.
type Config struct {
	Fset *token.FileSet
	Pkg  *types.Package
	Info *types.Info
	// Callees returns the summary of a called function, nil if unknown.
	// A nil Callees knows no function.
	Callees Callees
	// Precise selects the assumptions of diagnostics over those of pruning
	// where the two differ. Pruning (Precise false) must be sound. Precise
	// additionally assumes that a function literal without a task-handle
	// parameter, passed to a callee whose summary is unknown or says it
	// escapes, is invoked during the call (as sort.Slice does), and that a
	// file whose language version is unknown has per-iteration loop
	// variables.
	Precise bool
	// Budget bounds the number of nodes created by inlining resolvable
	// closures (0 means a default). Past it, uses are built as unknown
	// closures, which is sound.
	Budget int
	// Sizes lays out types for accesses through unsafe views of memory
	// (a *[4]byte view of a uint32): with it, such an access is one of
	// the bytes it touches; without it, of the whole object.
	Sizes types.Sizes
	// Files are the package's files: with them, calls through function
	// values and interfaces get the effects of the package's candidates
	// (see dynamicCallees); without, none.
	// A Config with Files is not for concurrent builds (it indexes them on
	// first use).
	Files []*ast.File

	dyn *dynIndex
}

const defaultBudget = 50000

// BuildFunc builds the PST of a function declaration.
func BuildFunc(cfg *Config, file *ast.File, fd *ast.FuncDecl) *Tree {
	fn, _ := cfg.Info.Defs[fd.Name].(*types.Func)
	if fd.Body == nil {
		return &Tree{Func: fn, Decl: fd, Root: &Node{Kind: Root, Pos: fd.Pos(), Origin: "function body"}}
	}
	return build(cfg, file, fd, fn, fd.Recv, fd.Type, fd.Body)
}

// BuildLit builds the PST of a function literal that is not inside any
// function (the initializer of a package-level variable).
func BuildLit(cfg *Config, file *ast.File, lit *ast.FuncLit) *Tree {
	return build(cfg, file, lit, nil, nil, lit.Type, lit.Body)
}

// errBudget aborts a build whose inlining exceeded Config.Budget.
type errBudget struct{}

func build(cfg *Config, file *ast.File, decl ast.Node, fn *types.Func, recv *ast.FieldList, ft *ast.FuncType, body *ast.BlockStmt) *Tree {
	t, ok := tryBuild(cfg, file, decl, fn, recv, ft, body, true)
	if !ok {
		// Inlining closures at each use can grow exponentially with
		// nesting; build every closure once, where it is created.
		t, _ = tryBuild(cfg, file, decl, fn, recv, ft, body, false)
		t.Truncated = true
	}
	return t
}

func tryBuild(cfg *Config, file *ast.File, decl ast.Node, fn *types.Func, recv *ast.FieldList, ft *ast.FuncType, body *ast.BlockStmt, resolve bool) (t *Tree, ok bool) {
	t = &Tree{Func: fn, Decl: decl}
	b := newBuilder(cfg, file, decl, t)
	if !resolve {
		clear(b.census.resolvable)
		clear(b.census.skipLit)
		b.budget = -1
	} else {
		defer func() {
			if r := recover(); r != nil {
				if _, isBudget := r.(errBudget); !isBudget {
					panic(r)
				}
				ok = false
			}
		}()
	}
	b.cur = t.Root
	b.funcBody(recv, ft, body, t.Root)
	b.finish()
	return t, true
}

func newBuilder(cfg *Config, file *ast.File, decl ast.Node, t *Tree) *builder {
	t.Root = &Node{Kind: Root, Pos: decl.Pos(), Origin: "function body"}
	budget := cfg.Budget
	if budget <= 0 {
		budget = defaultBudget
	}
	b := &builder{
		cfg:         cfg,
		info:        cfg.Info,
		tree:        t,
		census:      newCensus(cfg.Info, decl),
		scope:       map[*types.Var]*Node{},
		iterVar:     map[*types.Var]*Node{},
		bounds:      map[*types.Var]varBounds{},
		rangeValue:  map[*types.Var]*Node{},
		inlining:    map[*types.Var]bool{},
		budget:      budget,
		litInlining: map[*ast.FuncLit]bool{},
	}
	b.perIteration = cfg.Precise
	if v := cfg.Info.FileVersions[file]; v != "" {
		b.perIteration = version.Compare(v, "go1.22") >= 0
	}
	t.HasGoto = b.census.hasGoto
	if t.Func != nil {
		b.sig, _ = t.Func.Type().(*types.Signature)
	}
	return b
}

// builder builds one tree.
type builder struct {
	cfg    *Config
	info   *types.Info
	tree   *Tree
	census *census
	sig    *types.Signature // of the tree's function, nil for a literal

	cur  *Node // the node children are appended to
	cond bool  // whether children being appended are conditional

	frame *frame // the innermost function body being built

	// scope maps a local variable to the node whose instance declared the
	// instance of the variable currently being built.
	scope map[*types.Var]*Node
	// iterVar maps an iteration variable to its Loop node.
	iterVar map[*types.Var]*Node
	// bodyLoop is the iteration Loop of a ForAll or ForAsync whose body
	// is a declared function or a method value, while its effects are
	// built: their index parameter is the loop's iteration variable.
	bodyLoop *Node
	// bounds holds the bounds of iteration variables where they hold
	// (inside their loop's body).
	bounds map[*types.Var]varBounds
	// recvPath is, while the effects of a promoted method are built, the
	// memory its receiver refers to (see promotedRecv).
	recvPath *Path
	recvExpr ast.Expr
	// unboundRecv: the effects being built are those of a method reached
	// through a method value, whose receiver the call does not show.
	unboundRecv bool
	// rangeValue maps the value variable of a range loop over a local
	// variable to the loop.
	rangeValue map[*types.Var]*Node
	// loopBounds are the bounds of the ForAll or ForAsync being built.
	loopBounds varBounds
	// perIteration: loop variables are per iteration (go1.22 or later).
	perIteration bool
	// inlining guards against inlining a closure inside itself.
	inlining map[*types.Var]bool
	// litInlining guards against building a literal reached through a
	// value inside itself; foreign lists the literals of other functions
	// being built at calls through values (see captured).
	litInlining map[*ast.FuncLit]bool
	foreign     []*ast.FuncLit
	budget      int
	seq         int
	// resolving counts the nested calls of resolve (alias.go).
	resolving int
	// substDepth counts the declarations affineOf and upperOf follow.
	substDepth int
}

// frame collects the deferred calls of one function body.
type frame struct {
	node   *Node
	defers []func()
}

func (b *builder) finish() {
	b.tree.AddrTaken = b.census.addr
	b.tree.Stored = b.census.paramEscapes
	// Attach each Get leaf to the future of its variable.
	byVar := map[*types.Var]*Future{}
	for _, f := range b.tree.Futures {
		if f.Future.Var != nil {
			byVar[f.Future.Var] = f.Future
		}
	}
	for _, l := range b.tree.Leaves {
		if l.Get != nil && l.Get.Var != nil {
			if f := byVar[l.Get.Var]; f != nil {
				f.Gets = append(f.Gets, l)
			}
		}
	}
	for _, f := range b.tree.Futures {
		if s := f.Future.Slot; s != nil {
			for _, l := range b.tree.Leaves {
				if l.Get != nil && l.Get.Array == s.Array {
					f.Future.SlotGets = append(f.Future.SlotGets, l)
				}
			}
		}
	}
}

// add appends a node of the given kind to the current node.
func (b *builder) add(kind Kind, pos token.Pos, origin string) *Node {
	n := &Node{
		Kind:   kind,
		Parent: b.cur,
		Index:  len(b.cur.Children),
		Depth:  b.cur.Depth + 1,
		Cond:   b.cond,
		Pos:    pos,
		Origin: origin,
		Seq:    b.seq,
	}
	b.seq++
	if b.frame != nil {
		n.Frame = b.frame.node
	}
	b.cur.Children = append(b.cur.Children, n)
	if b.budget--; b.budget == 0 {
		panic(errBudget{})
	}
	switch kind {
	case Stmt:
		b.tree.Leaves = append(b.tree.Leaves, n)
	case Async:
		b.tree.Spawns++
		b.tree.Asyncs++
	case Escape:
		b.tree.Spawns++
	}
	return n
}

// in builds f with n as the current node, unconditionally within n.
func (b *builder) in(n *Node, f func()) {
	cur, cond := b.cur, b.cond
	b.cur, b.cond = n, false
	f()
	b.cur, b.cond = cur, cond
}

// conditionally builds f with the current node's new children marked Cond.
func (b *builder) conditionally(f func()) {
	cond := b.cond
	b.cond = true
	f()
	b.cond = cond
}

// declare records that v's instance is created in the current node.
func (b *builder) declare(v *types.Var) {
	if v != nil {
		b.scope[v] = b.cur
	}
}

// funcBody builds a function body into n (already the current node or about
// to be): parameters are declared in n, deferred calls run at its end.
func (b *builder) funcBody(recv *ast.FieldList, ft *ast.FuncType, body *ast.BlockStmt, n *Node) {
	n.IsFrame = true
	b.in(n, func() {
		for _, fl := range []*ast.FieldList{recv, ft.Params, ft.Results} {
			if fl == nil {
				continue
			}
			for _, f := range fl.List {
				for _, name := range f.Names {
					if v, ok := b.info.Defs[name].(*types.Var); ok {
						b.declare(v)
					}
				}
			}
		}
		outer := b.frame
		b.frame = &frame{node: n}
		b.block(body)
		if len(b.frame.defers) > 0 {
			// Deferred calls run in the same task when the body returns,
			// in an order and number (a defer in a loop) left unknown.
			l := b.add(Loop, body.Rbrace, "deferred calls")
			l.Pseudo, l.Deferred = true, true
			b.tree.HasDefer = true
			b.in(l, func() {
				for i := len(b.frame.defers) - 1; i >= 0; i-- {
					b.frame.defers[i]()
				}
			})
		}
		b.frame = outer
		// The caller reads named results when the body (and its deferred
		// calls) are done.
		if ft.Results != nil {
			for _, f := range ft.Results.List {
				for _, name := range f.Names {
					if v, ok := b.info.Defs[name].(*types.Var); ok {
						b.access(Path{Root: RootVar{Var: v}}, false, name)
					}
				}
			}
		}
	})
}
