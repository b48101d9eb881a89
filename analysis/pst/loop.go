package pst

import (
	"go/ast"
	"go/token"
	"go/types"
)

// forStmt builds a three-clause for loop: the init before the Loop node,
// then in each iteration the post statement (of the previous iteration),
// the condition and the body. From go1.22 each iteration has its own loop
// variables, declared by the Loop node and copied from the previous
// iteration's at its end (a read in that iteration).
func (b *builder) forStmt(s *ast.ForStmt) {
	b.stmt(s.Init)
	loopVars := b.initVars(s.Init)
	l := b.add(Loop, s.For, "for loop")
	b.in(l, func() {
		if b.perIteration {
			// Each iteration has its own copy of the loop variables,
			// created before the post statement (Go 1.22 semantics).
			for _, v := range loopVars {
				b.declare(v)
				if b.census.writes[v] == 1 && constStep(b.info, s.Post, v) && len(loopVars) == 1 {
					l.Var = v
					b.iterVar[v] = l
				}
			}
		}
		b.conditionally(func() { b.stmt(s.Post) })
		b.expr(s.Cond)
		if l.Var != nil {
			// The condition holds in the body, only there.
			if bd, ok := b.forBounds(s, l.Var); ok {
				l.IterLo, l.IterHi, l.IterBounded = bd.lo, bd.hi, true
				b.bounds[l.Var] = bd
				defer delete(b.bounds, l.Var)
			}
		}
		b.block(s.Body)
		if b.perIteration {
			// The next iteration's copy is initialised from this one.
			b.conditionally(func() {
				for _, v := range loopVars {
					b.access(Path{Root: RootVar{Var: v}}, false, s.Body)
				}
			})
		}
	})
}

// initVars returns the variables declared by a for statement's init.
func (b *builder) initVars(init ast.Stmt) []*types.Var {
	as, ok := init.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE {
		return nil
	}
	var vars []*types.Var
	for _, lhs := range as.Lhs {
		if id, ok := lhs.(*ast.Ident); ok {
			if v, ok := b.info.Defs[id].(*types.Var); ok {
				vars = append(vars, v)
			}
		}
	}
	return vars
}

// constStep reports whether post is v++, v--, v += c or v -= c for a
// non-zero constant c: then v takes a distinct value in every iteration.
func constStep(info *types.Info, post ast.Stmt, v *types.Var) bool {
	switch p := post.(type) {
	case *ast.IncDecStmt:
		id, ok := p.X.(*ast.Ident)
		return ok && info.Uses[id] == v
	case *ast.AssignStmt:
		if (p.Tok != token.ADD_ASSIGN && p.Tok != token.SUB_ASSIGN) || len(p.Lhs) != 1 {
			return false
		}
		id, ok := p.Lhs[0].(*ast.Ident)
		if !ok || info.Uses[id] != v {
			return false
		}
		tv := info.Types[p.Rhs[0]]
		return tv.Value != nil && tv.Value.String() != "0"
	}
	return false
}

// rangeStmt builds a range loop: the range expression once before the Loop
// node, then in each iteration the writes of the key and value and the read
// of the element.
func (b *builder) rangeStmt(s *ast.RangeStmt) {
	xt := under(typeOf(b.info, s.X))
	// The range expression is evaluated once, before the loop (ref
	// evaluates it as a value when it is not a location).
	xp, xok := b.ref(s.X)
	if xok {
		b.access(xp, false, s.X)
	}
	l := b.add(Loop, s.For, "range loop")
	if id, ok := ast.Unparen(s.X).(*ast.Ident); ok {
		if v, ok := b.info.Uses[id].(*types.Var); ok {
			l.Over = v
			if s.Tok == token.DEFINE && s.Value != nil {
				if vid, ok := s.Value.(*ast.Ident); ok {
					if val, ok := b.info.Defs[vid].(*types.Var); ok && b.census.writes[val] == 0 {
						b.rangeValue[val] = l
					}
				}
			}
		}
	}
	b.in(l, func() {
		var key *types.Var
		for i, e := range []ast.Expr{s.Key, s.Value} {
			if e == nil {
				continue
			}
			if s.Tok == token.DEFINE {
				id, ok := e.(*ast.Ident)
				if !ok {
					continue
				}
				v, ok := b.info.Defs[id].(*types.Var)
				if !ok {
					continue
				}
				if b.perIteration {
					b.declare(v)
				} else {
					// One variable for the whole loop: declared by the
					// node around the loop.
					b.scope[v] = l.Parent
				}
				if i == 0 {
					key = v
				}
				b.access(Path{Root: RootVar{Var: v}}, true, id)
				continue
			}
			if p, ok := b.ref(e); ok {
				b.access(p, true, e)
			}
		}
		if key != nil && b.perIteration && b.census.writes[key] == 0 && distinctKeys(xt) {
			l.Var = key
			b.iterVar[key] = l
			if bd, ok := b.rangeBounds(s, xt); ok {
				b.bounds[key] = bd
				defer delete(b.bounds, key)
			}
		}
		// Reading the element of a slice or array in each iteration.
		if s.Value != nil && !xok {
			// A slice expression, a conversion: the elements it spans.
			b.elems(s.X, false, s.X)
		}
		if s.Value != nil && xok {
			idx := Step{Kind: Index}
			if l.Var != nil {
				idx.Loop = l
			}
			switch t := xt.(type) {
			case *types.Slice:
				b.access(xp.With(Step{Kind: Deref}).With(idx), false, s.X)
			case *types.Pointer:
				if _, ok := t.Elem().Underlying().(*types.Array); ok {
					b.access(xp.With(Step{Kind: Deref}).With(idx), false, s.X)
				}
			case *types.Map:
				b.access(xp.With(Step{Kind: Deref}).With(Step{Kind: MapElem}), false, s.X)
			}
		}
		b.block(s.Body)
	})
}

// distinctKeys reports whether ranging over a value of type t yields a
// distinct key in every iteration.
func distinctKeys(t types.Type) bool {
	switch t := t.(type) {
	case *types.Basic:
		return t.Info()&(types.IsInteger|types.IsString) != 0
	case *types.Slice, *types.Array, *types.Map:
		return true
	case *types.Pointer:
		_, ok := t.Elem().Underlying().(*types.Array)
		return ok
	}
	return false
}
