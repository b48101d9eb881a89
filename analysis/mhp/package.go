package mhp

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"

	"github.com/tpinstr/tpinstr/analysis/pst"
)

// Package is a type-checked package to analyze.
type Package struct {
	Fset  *token.FileSet
	Files []*ast.File
	Types *types.Package
	Info  *types.Info
	// Imported returns the summary of a function of another package (from
	// analysis facts), nil if unknown.
	Imported pst.Callees
	// Precise selects the diagnostics' assumptions (pst.Config.Precise).
	Precise bool
	// Sizes lays out types for unsafe views (pst.Config.Sizes); nil is
	// sound.
	Sizes types.Sizes
}

// Func is the analysis of one function body.
type Func struct {
	Tree *Tree
	File *ast.File
}

// Result is the analysis of a package.
type Result struct {
	// Funcs are the trees of every function declaration with a body and of
	// every function literal in a package-level initializer.
	Funcs []*Func
	// Summaries are the summaries of the package's functions.
	Summaries map[*types.Func]*pst.Summary
}

// maxRounds bounds the fixed-point iterations over a recursive group of
// functions; past it the group's function parameters are taken as
// CalledDetached and its tasks as left running, which is sound.
const maxRounds = 8

// Analyze builds the tree of every function of the package, callees before
// callers (strongly connected components of the static call graph, in
// reverse topological order), computing each function's summary from its
// tree. Mutually recursive functions start from the empty summary and are
// rebuilt until their summaries stop changing: summaries grow with their
// callees' (see Summarize), so this reaches the least fixed point.
func Analyze(p *Package) *Result {
	res := &Result{Summaries: map[*types.Func]*pst.Summary{}}
	decls := map[*types.Func]*ast.FuncDecl{}
	fileOf := map[ast.Node]*ast.File{}
	var order []*types.Func
	var lits []*ast.FuncLit
	for _, f := range p.Files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				fn, ok := p.Info.Defs[d.Name].(*types.Func)
				if !ok || d.Body == nil {
					continue
				}
				decls[fn] = d
				fileOf[d] = f
				order = append(order, fn)
			case *ast.GenDecl:
				for _, lit := range topLevelLits(d) {
					fileOf[lit] = f
					lits = append(lits, lit)
				}
			}
		}
	}
	lookup := func(fn *types.Func) *pst.Summary {
		if s, ok := res.Summaries[fn]; ok {
			return s
		}
		if fn.Pkg() == p.Types {
			if _, local := decls[fn]; local {
				return nil // not yet computed: only in a recursive group
			}
		}
		if p.Imported != nil {
			return p.Imported(fn)
		}
		return nil
	}
	cfg := &pst.Config{Fset: p.Fset, Pkg: p.Types, Info: p.Info, Callees: lookup, Precise: p.Precise, Sizes: p.Sizes, Files: p.Files}
	trees := map[*types.Func]*Tree{}
	build := func(fn *types.Func) *pst.Summary {
		d := decls[fn]
		t := NewTree(pst.BuildFunc(cfg, fileOf[d], d))
		trees[fn] = t
		return Summarize(t, p.Fset, lookup)
	}
	for _, scc := range sccs(order, decls, p.Info) {
		if len(scc) == 1 && !selfCall(scc[0], decls[scc[0]], p.Info) {
			res.Summaries[scc[0]] = build(scc[0])
			continue
		}
		for _, fn := range scc {
			res.Summaries[fn] = &pst.Summary{}
		}
		// Iterate until the parts of the summaries that shape callers'
		// trees (everything but effects) are stable; effects only feed
		// race reports, and take what they have reached by then.
		converged := false
		var prev map[*types.Func]*pst.Summary
		for round := 0; round < maxRounds && !converged; round++ {
			converged = true
			prev = map[*types.Func]*pst.Summary{}
			for _, fn := range scc {
				prev[fn] = res.Summaries[fn]
				s := build(fn)
				if !sameShape(s, res.Summaries[fn]) {
					converged = false
				}
				res.Summaries[fn] = s
			}
		}
		if !converged {
			for _, fn := range scc {
				widen(res.Summaries[fn], prev[fn])
			}
			for _, fn := range scc {
				build(fn)
			}
		}
	}
	for _, fn := range order {
		res.Funcs = append(res.Funcs, &Func{Tree: trees[fn], File: fileOf[decls[fn]]})
	}
	for _, lit := range lits {
		res.Funcs = append(res.Funcs, &Func{Tree: NewTree(pst.BuildLit(cfg, fileOf[lit], lit)), File: fileOf[lit]})
	}
	return res
}

// sameShape compares the parts of two summaries that shape callers' trees.
func sameShape(a, b *pst.Summary) bool {
	return a.Spawns == b.Spawns && a.Ops == b.Ops &&
		reflect.DeepEqual(a.FuncParams, b.FuncParams) && reflect.DeepEqual(a.Once, b.Once) &&
		reflect.DeepEqual(a.InFuture, b.InFuture)
}

// widen makes safe for every caller the parts of a summary that were still
// changing (s against its previous value prev) when iteration stopped.
func widen(s, prev *pst.Summary) {
	if !reflect.DeepEqual(s.FuncParams, prev.FuncParams) || !reflect.DeepEqual(s.Once, prev.Once) {
		for i := range s.FuncParams {
			s.FuncParams[i] = pst.CalledDetached
		}
		s.Once = nil
	}
	if !reflect.DeepEqual(s.InFuture, prev.InFuture) {
		s.InFuture = nil
	}
	if s.Spawns != prev.Spawns {
		s.Spawns = pst.EscAsync
	}
	if s.Ops != prev.Ops {
		s.Ops = pst.MaySpawn | pst.MayFinish | pst.MayGet
	}
}

// topLevelLits returns the function literals of a package-level declaration
// that are not inside another literal.
func topLevelLits(d *ast.GenDecl) []*ast.FuncLit {
	var lits []*ast.FuncLit
	ast.Inspect(d, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok {
			lits = append(lits, lit)
			return false
		}
		return true
	})
	return lits
}

// callees returns the package's functions referenced by a declaration's body.
func callees(d *ast.FuncDecl, info *types.Info, decls map[*types.Func]*ast.FuncDecl) []*types.Func {
	var out []*types.Func
	seen := map[*types.Func]bool{}
	ast.Inspect(d.Body, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		fn, ok := info.Uses[id].(*types.Func)
		if !ok {
			return true
		}
		fn = fn.Origin()
		if _, local := decls[fn]; local && !seen[fn] {
			seen[fn] = true
			out = append(out, fn)
		}
		return true
	})
	return out
}

func selfCall(fn *types.Func, d *ast.FuncDecl, info *types.Info) bool {
	for _, c := range callees(d, info, map[*types.Func]*ast.FuncDecl{fn: d}) {
		if c == fn {
			return true
		}
	}
	return false
}

// sccs returns the strongly connected components of the static reference
// graph among the package's functions, callees first (Tarjan's algorithm
// emits a component after every component it reaches).
func sccs(order []*types.Func, decls map[*types.Func]*ast.FuncDecl, info *types.Info) [][]*types.Func {
	index := map[*types.Func]int{}
	low := map[*types.Func]int{}
	onStack := map[*types.Func]bool{}
	var stack []*types.Func
	var out [][]*types.Func
	next := 0
	var visit func(fn *types.Func)
	visit = func(fn *types.Func) {
		index[fn], low[fn] = next, next
		next++
		stack = append(stack, fn)
		onStack[fn] = true
		for _, c := range callees(decls[fn], info, decls) {
			if _, seen := index[c]; !seen {
				visit(c)
				low[fn] = min(low[fn], low[c])
			} else if onStack[c] {
				low[fn] = min(low[fn], index[c])
			}
		}
		if low[fn] == index[fn] {
			var scc []*types.Func
			for {
				top := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[top] = false
				scc = append(scc, top)
				if top == fn {
					break
				}
			}
			out = append(out, scc)
		}
	}
	for _, fn := range order {
		if _, seen := index[fn]; !seen {
			visit(fn)
		}
	}
	return out
}
