package instrument

import (
	"go/ast"
	"go/types"
	"strings"
	"testing"
)

// TestLayers checks the separation that doc.go describes, on the
// package's own source: the methods of the facts layer see nothing of
// planning or emitting (no rewriter, collector, emitter, edit buffer or
// statistics), and the methods of the emitter and its edit buffer see
// nothing of planning or facts.
func TestLayers(t *testing.T) {
	pkgs := load(t, false, nil, "./instrument")
	if errs := pkgErrors(pkgs); errs != "" {
		t.Fatalf("the package does not load:\n%s", errs)
	}
	p := pkgs[0]
	rules := []struct {
		layer     string
		receivers []string // receiver types of the layer's methods
		forbidden []string // types its methods may not name or reach
	}{
		{"facts", []string{"facts", "escapes", "effects", "keyBuilder", "commuteCheck"},
			[]string{"fileRewriter", "collector", "emitter", "buffer", "Stats", "renderer", "hoister", "placement"}},
		{"emitting", []string{"emitter", "buffer"},
			[]string{"fileRewriter", "collector", "facts", "Stats", "placement", "straight", "cover"}},
	}
	checked := map[string]int{}
	for _, file := range p.Syntax {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || fd.Body == nil {
				continue
			}
			recv := recvName(fd)
			for _, rule := range rules {
				if !contains(rule.receivers, recv) {
					continue
				}
				checked[rule.layer]++
				ast.Inspect(fd.Body, func(n ast.Node) bool {
					e, ok := n.(ast.Expr)
					if !ok {
						return true
					}
					if name := namedIn(p.TypesInfo.TypeOf(e), rule.forbidden); name != "" {
						t.Errorf("%s layer: (%s).%s reaches %s at %s", rule.layer, recv, fd.Name.Name, name, p.Fset.Position(e.Pos()))
						return false
					}
					return true
				})
			}
		}
	}
	for _, rule := range rules {
		if checked[rule.layer] < 3 {
			t.Errorf("%s layer: only %d methods found", rule.layer, checked[rule.layer])
		}
	}
}

// recvName returns the name of the receiver's type of fd.
func recvName(fd *ast.FuncDecl) string {
	x := fd.Recv.List[0].Type
	if s, ok := x.(*ast.StarExpr); ok {
		x = s.X
	}
	if id, ok := x.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// namedIn returns the name of the type of the package among names that t
// is or points to, or "".
func namedIn(t types.Type, names []string) string {
	for {
		p, ok := t.(*types.Pointer)
		if !ok {
			break
		}
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil || !strings.HasSuffix(n.Obj().Pkg().Path(), "/instrument") {
		return ""
	}
	if contains(names, n.Obj().Name()) {
		return n.Obj().Name()
	}
	return ""
}
