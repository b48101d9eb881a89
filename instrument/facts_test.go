package instrument

import (
	"go/ast"
	"go/types"
	"testing"

	"golang.org/x/tools/go/packages"
)

// factsOf type-checks src as package fuzz/p and returns the facts of its
// file with cfg, and the statements of the body of its function f.
func factsOf(t *testing.T, src string, cfg Config) (*facts, []ast.Stmt) {
	t.Helper()
	fset, im := sourceImporter()
	file, tpkg, info, err := checkSource(fset, im, "facts.go", []byte(src))
	if err != nil {
		t.Fatalf("input does not type-check: %v\n%s", err, src)
	}
	pkg := &packages.Package{PkgPath: "fuzz/p", Name: tpkg.Name(), Fset: fset, Syntax: []*ast.File{file}, Types: tpkg, TypesInfo: info}
	if cfg.TaskPackage == "" {
		cfg.TaskPackage = fakeTask
	}
	var body []ast.Stmt
	for _, d := range file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "f" {
			body = fd.Body.List
		}
	}
	return newFacts(pkg, &cfg, file), body
}

// TestFactsEffects checks the facts layer on its own, without a rewrite:
// which statements call something (with and without the pure
// optimization), which variables they write by name, and which variables
// another task may reach.
func TestFactsEffects(t *testing.T) {
	const src = `package p

import task "` + fakeTask + `"

var g int

func h() { task.Run(func(*task.T) {}) }

func p(x int) int { return max(x, -x) }

func f(s []int) {
	a := p(1)
	h()
	g = a
	s[0] = len(s)
	b := 0
	go func() { b++ }()
	var c int
	_ = &c
}
`
	tests := []struct {
		stmt         int    // index in f's body
		call, noPure bool   // effects.call, with every optimization and with pure off
		writes       string // a variable written by name, or ""
		mem          bool   // writes memory other than variables
	}{
		{0, false, true, "a", false},
		{1, true, true, "", false},
		{2, false, false, "g", false},
		{3, false, false, "", true},
		{5, true, true, "", false},
	}
	on, body := factsOf(t, src, Config{})
	off, offBody := factsOf(t, src, Config{Disable: map[string]bool{OptPure: true}})
	for _, tt := range tests {
		ef := on.effectsOf(body[tt.stmt])
		if ef.call != tt.call {
			t.Errorf("statement %d: call = %v, want %v", tt.stmt, ef.call, tt.call)
		}
		if got := off.effectsOf(offBody[tt.stmt]).call; got != tt.noPure {
			t.Errorf("statement %d, pure off: call = %v, want %v", tt.stmt, got, tt.noPure)
		}
		var written []string
		for v := range ef.vars {
			written = append(written, v.Name())
		}
		if tt.writes != "" && (len(written) != 1 || written[0] != tt.writes) {
			t.Errorf("statement %d: writes %v, want %s", tt.stmt, written, tt.writes)
		}
		if (len(ef.mem) > 0) != tt.mem {
			t.Errorf("statement %d: writes memory = %v, want %v", tt.stmt, len(ef.mem) > 0, tt.mem)
		}
	}
	shared := map[string]bool{}
	for _, s := range body {
		ast.Inspect(s, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if v, ok := on.info.Defs[id].(*types.Var); ok {
					shared[v.Name()] = on.esc.isShared(v)
				}
			}
			return true
		})
	}
	want := map[string]bool{"a": false, "b": true, "c": true}
	for name, w := range want {
		if shared[name] != w {
			t.Errorf("isShared(%s) = %v, want %v", name, shared[name], w)
		}
	}
}
