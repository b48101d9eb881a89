package pst

import (
	"go/ast"
	"go/token"
	"go/types"
)

// block builds the statements of a block in order.
func (b *builder) block(s *ast.BlockStmt) {
	if s == nil {
		return
	}
	for _, st := range s.List {
		b.stmt(st)
	}
}

// stmt builds one statement into the current node.
func (b *builder) stmt(s ast.Stmt) {
	switch s := s.(type) {
	case nil:
	case *ast.BlockStmt:
		b.block(s)
	case *ast.ExprStmt:
		b.expr(s.X)
	case *ast.AssignStmt:
		b.assign(s)
	case *ast.IncDecStmt:
		if p, ok := b.ref(s.X); ok {
			b.access(p, false, s.X)
			b.access(p, true, s.X)
		}
	case *ast.DeclStmt:
		b.declStmt(s)
	case *ast.IfStmt:
		b.stmt(s.Init)
		b.expr(s.Cond)
		b.conditionally(func() {
			b.block(s.Body)
			b.stmt(s.Else)
		})
	case *ast.ForStmt:
		b.forStmt(s)
	case *ast.RangeStmt:
		b.rangeStmt(s)
	case *ast.SwitchStmt:
		b.stmt(s.Init)
		b.expr(s.Tag)
		b.conditionally(func() { b.clauses(s.Body) })
	case *ast.TypeSwitchStmt:
		b.stmt(s.Init)
		b.stmt(s.Assign)
		b.conditionally(func() { b.clauses(s.Body) })
	case *ast.SelectStmt:
		b.conditionally(func() { b.clauses(s.Body) })
	case *ast.ReturnStmt:
		b.noteReturn(s)
		for _, r := range s.Results {
			b.expr(r)
		}
		// A return with values writes the named results, if any.
		if len(s.Results) > 0 && b.frame != nil {
			b.writeResults()
		}
		b.exit(s)
	case *ast.GoStmt:
		b.goStmt(s)
	case *ast.DeferStmt:
		b.deferStmt(s)
	case *ast.LabeledStmt:
		b.stmt(s.Stmt)
	case *ast.SendStmt:
		b.expr(s.Chan)
		b.expr(s.Value)
	case *ast.BranchStmt:
		if s.Tok != token.FALLTHROUGH {
			b.exit(s)
		}
	case *ast.EmptyStmt, *ast.BadStmt:
	}
}

// noteReturn records a return statement of the function body itself in
// Tree.Returns.
func (b *builder) noteReturn(s *ast.ReturnStmt) {
	if b.frame == nil || b.frame.node != b.tree.Root {
		return
	}
	r := Return{Results: len(s.Results)}
	if len(s.Results) == 1 {
		switch e := ast.Unparen(s.Results[0]).(type) {
		case *ast.CallExpr:
			r.Call = e
		case *ast.Ident:
			r.Var, _ = b.info.Uses[e].(*types.Var)
		}
	}
	b.tree.Returns = append(b.tree.Returns, r)
}

// exit appends a leaf for a statement that leaves the sequence.
func (b *builder) exit(s ast.Stmt) {
	b.add(Stmt, s.Pos(), "").Exit = true
}

// writeResults records the writes of the named results of the innermost
// function declaration by a return statement with values.
func (b *builder) writeResults() {
	if b.frame.node != b.tree.Root {
		return
	}
	var ft *ast.FuncType
	switch d := b.tree.Decl.(type) {
	case *ast.FuncDecl:
		ft = d.Type
	case *ast.FuncLit:
		ft = d.Type
	}
	if ft == nil || ft.Results == nil {
		return
	}
	for _, f := range ft.Results.List {
		for _, name := range f.Names {
			if v, ok := b.info.Defs[name].(*types.Var); ok {
				b.access(Path{Root: RootVar{Var: v}}, true, name)
			}
		}
	}
}

// clauses builds the clauses of a switch or select: each clause body runs
// on some paths only.
func (b *builder) clauses(body *ast.BlockStmt) {
	for _, c := range body.List {
		switch c := c.(type) {
		case *ast.CaseClause:
			for _, e := range c.List {
				b.expr(e)
			}
			if v, ok := b.info.Implicits[c].(*types.Var); ok {
				b.declare(v)
				b.access(Path{Root: RootVar{Var: v}}, true, c)
			}
			for _, s := range c.Body {
				b.stmt(s)
			}
		case *ast.CommClause:
			b.stmt(c.Comm)
			for _, s := range c.Body {
				b.stmt(s)
			}
		}
	}
}

func (b *builder) declStmt(s *ast.DeclStmt) {
	gd, ok := s.Decl.(*ast.GenDecl)
	if !ok || gd.Tok != token.VAR {
		return
	}
	for _, sp := range gd.Specs {
		vs, ok := sp.(*ast.ValueSpec)
		if !ok {
			continue
		}
		for _, v := range vs.Values {
			b.expr(v)
		}
		for _, name := range vs.Names {
			v, ok := b.info.Defs[name].(*types.Var)
			if !ok {
				continue
			}
			b.declare(v)
			b.access(Path{Root: RootVar{Var: v}}, true, name)
		}
	}
}

func (b *builder) assign(s *ast.AssignStmt) {
	// Operands of the left-hand side (index expressions, pointers) are
	// evaluated first, then the right-hand side, then the assignments.
	type target struct {
		path Path
		ok   bool
		decl *types.Var
		expr ast.Expr
	}
	targets := make([]target, len(s.Lhs))
	for i, lhs := range s.Lhs {
		if s.Tok == token.DEFINE {
			if id, ok := lhs.(*ast.Ident); ok {
				if v, ok := b.info.Defs[id].(*types.Var); ok {
					targets[i] = target{path: Path{Root: RootVar{Var: v}}, ok: true, decl: v, expr: id}
					continue
				}
			}
		}
		p, ok := b.ref(lhs)
		targets[i] = target{path: p, ok: ok, expr: lhs}
	}
	if s.Tok != token.ASSIGN && s.Tok != token.DEFINE {
		// x op= y reads x.
		for _, tg := range targets {
			if tg.ok {
				b.access(tg.path, false, tg.expr)
			}
		}
	}
	for _, r := range s.Rhs {
		b.expr(r)
	}
	for _, tg := range targets {
		if tg.decl != nil {
			b.declare(tg.decl)
		}
		if tg.ok {
			b.access(tg.path, true, tg.expr)
		}
	}
}

func (b *builder) goStmt(s *ast.GoStmt) {
	// Arguments are evaluated by the caller; the call runs in a new
	// goroutine that no Finish joins.
	b.callArgs(s.Call)
	e := b.add(Escape, s.Go, "go statement")
	b.in(e, func() { b.callBody(s.Call) })
}

func (b *builder) deferStmt(s *ast.DeferStmt) {
	b.callArgs(s.Call)
	if b.frame == nil {
		return
	}
	b.frame.defers = append(b.frame.defers, func() { b.callBody(s.Call) })
}
