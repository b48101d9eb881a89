package mhp

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tpinstr/tpinstr/analysis/internal/tasktest"
	"github.com/tpinstr/tpinstr/analysis/pst"
)

// build type-checks src (package p, importing the task stub) and builds the
// tree of function fn.
func build(t *testing.T, src, fn string) *Tree {
	t.Helper()
	p, err := tasktest.Load("example.com/p", map[string]string{"p.go": src})
	if err != nil {
		t.Fatal(err)
	}
	fd := p.Func(fn)
	if fd == nil {
		t.Fatalf("no function %s", fn)
	}
	cfg := &pst.Config{Fset: p.Fset, Pkg: p.Types, Info: p.Info}
	return NewTree(pst.BuildFunc(cfg, p.Files[0], fd))
}

// leaf returns the only access leaf that writes variable name (w) or reads
// it (r), as in "w s4"; package-level variables of p match unqualified.
func leaf(t *testing.T, tr *Tree, spec string) *pst.Node {
	t.Helper()
	rw, name, _ := strings.Cut(spec, " ")
	var found []*pst.Node
	for _, l := range tr.Leaves {
		if l.Access == nil || (l.Access.Path.String() != name && l.Access.Path.String() != "p."+name) {
			continue
		}
		if l.Access.Write == (rw == "w") {
			found = append(found, l)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%d leaves match %q in\n%s", len(found), spec, pst.Dump(tr.Root))
	}
	return found[0]
}

func vectors(cs []Vector) string {
	parts := make([]string, len(cs))
	for i, v := range cs {
		parts[i] = v.String()
	}
	return fmt.Sprint(parts)
}
