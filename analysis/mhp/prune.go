package mhp

import (
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/packages"
)

// Pruned is the set of local variables whose accesses never need a hook.
//
// A variable v is pruned when all of the following hold:
//
//  1. v is local to a function of the package (a parameter, result or
//     variable declared in a function declaration or in a function literal
//     of a package-level initializer, including every closure inside it);
//  2. v's address is never taken: no &v (or &v.f, &v[i] of an array), no
//     method with a pointer receiver called on v or on a field of it, no
//     slicing of v as an array; so v's storage is reachable only by name,
//     from its function and the closures in it, all of which are in the
//     function's tree (closures of unknown use as Loop{Escape{...}}, which
//     assumes any number of invocations at any time after creation);
//  3. the function has no goto (which can repeat code without a loop node);
//  4. no two accesses to v's own storage (paths without a dereference), at
//     least one a write, to overlapping locations of the same instance of v,
//     may happen in parallel according to Tree.Parallel (NEP of Figure 2,
//     MHP of Figure 7, the future rule), for any iterations of their common
//     loops.
//
// Then no execution has two unordered conflicting accesses to v's storage,
// so neither access can be part of a determinacy race, whatever the
// schedule: the hooks of these accesses can be left out. Accesses through a
// pointer held in v (p.f, s[i], *p, m[k]) are to other memory and are never
// pruned. Trees are built without the assumptions of Config.Precise, and
// calls of functions of other packages are of unknown summary: their
// function-literal arguments are assumed to run at any time.
type Pruned struct {
	// Vars are the pruned variables.
	Vars map[*types.Var]bool
	// Sites holds the position of every identifier that denotes a pruned
	// variable. An access expression needs no hook when Covers says so;
	// the position of its root identifier alone does not tell (p.f has the
	// position of p).
	Sites map[token.Pos]bool
	info  *types.Info
}

// Covers reports whether the location denoted by e is in the storage of a
// pruned variable: e is the variable, a field of it (not through a
// pointer), or an element of it (an array, not through a pointer or slice).
func (p *Pruned) Covers(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := p.info.ObjectOf(e).(*types.Var)
		return ok && p.Vars[v]
	case *ast.SelectorExpr:
		sel := p.info.Selections[e]
		if sel == nil || sel.Kind() != types.FieldVal || sel.Indirect() {
			return false
		}
		if _, ptr := p.info.TypeOf(e.X).Underlying().(*types.Pointer); ptr {
			return false
		}
		return p.Covers(e.X)
	case *ast.IndexExpr:
		if _, arr := p.info.TypeOf(e.X).Underlying().(*types.Array); !arr {
			return false
		}
		return p.Covers(e.X)
	}
	return false
}

// Prune analyzes a package loaded with at least packages.NeedSyntax,
// NeedTypes and NeedTypesInfo and returns the accesses that need no hook.
func Prune(pkg *packages.Package) (*Pruned, error) {
	if pkg.Types == nil || pkg.TypesInfo == nil || len(pkg.Syntax) == 0 {
		return nil, fmt.Errorf("prune %s: %w", pkg.PkgPath, errNotLoaded)
	}
	if len(pkg.TypeErrors) > 0 {
		return nil, fmt.Errorf("prune %s: %w", pkg.PkgPath, pkg.TypeErrors[0])
	}
	return PruneFiles(pkg.Fset, pkg.Syntax, pkg.Types, pkg.TypesInfo), nil
}

var errNotLoaded = errors.New("package loaded without syntax or type information")

// PruneFiles is Prune for a package given by its parts. info must record
// Types, Defs, Uses, Implicits, Selections and FileVersions.
func PruneFiles(fset *token.FileSet, files []*ast.File, pkg *types.Package, info *types.Info) *Pruned {
	res := Analyze(&Package{Fset: fset, Files: files, Types: pkg, Info: info})
	p := &Pruned{Vars: map[*types.Var]bool{}, Sites: map[token.Pos]bool{}, info: info}
	for _, f := range res.Funcs {
		for v := range pruneTree(f.Tree) {
			p.Vars[v] = true
		}
	}
	for _, file := range files {
		ast.Inspect(file, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if v, ok := info.ObjectOf(id).(*types.Var); ok && p.Vars[v] {
					p.Sites[id.Pos()] = true
				}
			}
			return true
		})
	}
	return p
}

// pruneTree returns the local variables of one tree that satisfy the
// conditions documented on Pruned.
func pruneTree(t *Tree) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	if t.HasGoto {
		return out
	}
	for _, l := range t.Leaves {
		if a := l.Access; a != nil && a.Path.Root.Global == "" && a.Path.Root.Var != nil {
			v := a.Path.Root.Var
			if _, seen := out[v]; !seen {
				out[v] = !t.AddrTaken[v]
			}
		}
	}
	t.Conflicts(false, func(c Conflict) bool {
		pa, pb := c.First.Access.Path, c.Second.Access.Path
		if pa.Direct() && pb.Direct() {
			out[pa.Root.Var] = false
		}
		return true
	})
	for v, ok := range out {
		// A variable declared outside the tree's function (a parameter or
		// local of a function literal of another function, built at a
		// call through a value) is that function's: only its own tree
		// sees every access to it.
		if !ok || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() || !declaredIn(v, t.Decl) {
			delete(out, v)
		}
	}
	return out
}

// declaredIn reports whether v is declared inside decl.
func declaredIn(v *types.Var, decl ast.Node) bool {
	return decl != nil && decl.Pos() <= v.Pos() && v.Pos() < decl.End()
}
