package instrument

import (
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// rewriteSource type-checks src as the single file of package fuzz/p and
// rewrites it with cfg. The rewritten file must type-check.
func rewriteSource(t *testing.T, src string, cfg Config) (*Result, string) {
	t.Helper()
	fset := token.NewFileSet()
	im := newFuzzImporter(fset)
	name := filepath.Join(t.TempDir(), "p.go")
	file, tpkg, info, err := checkSource(fset, im, name, []byte(src))
	if err != nil {
		t.Fatalf("input does not type-check: %v\n%s", err, src)
	}
	if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	pkg := &packages.Package{
		ID: "fuzz/p", PkgPath: "fuzz/p", Name: tpkg.Name(),
		Fset: fset, Syntax: []*ast.File{file}, Types: tpkg, TypesInfo: info,
		GoFiles: []string{name}, CompiledGoFiles: []string{name},
	}
	if cfg.TaskPackage == "" {
		cfg.TaskPackage = fakeTask
	}
	res, err := Package(pkg, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Files) == 0 {
		return res, src
	}
	out := string(res.Files[0].Content)
	if _, _, _, err := checkSource(fset, im, name, []byte(out)); err != nil {
		t.Fatalf("output does not type-check: %v\n%s", err, out)
	}
	return res, out
}

// siteRE matches one entry of a generated site table.
var siteRE = regexp.MustCompile(`Kind: _tpinstr_rt\.Kind(\w+), Expr: "((?:[^"\\]|\\.)*)"`)

// siteList returns the sites of a rewritten file as "Kind expr" strings, in
// table order.
func siteList(out string) []string {
	var s []string
	for _, m := range siteRE.FindAllStringSubmatch(out, -1) {
		s = append(s, m[1]+" "+strings.ReplaceAll(m[2], `\"`, `"`))
	}
	return s
}

func TestSites(t *testing.T) {
	const head = "package p\n\nimport task \"" + fakeTask + "\"\n\nvar _ = task.Run\n\n"
	tests := []struct {
		name  string
		body  string
		sites []string // in table order
		skip  string   // a reason expected in Stats.Skipped
	}{
		{"local never shared", "func f() int { x := 1; x++; return x }", nil, ""},
		{"package var", "var g, h int\nfunc f() { g = h + 1 }", []string{"Write g", "Read h"}, ""},
		{"captured", "func f() { x := 0; g := func() { x = 2 }; g(); _ = x }", []string{"Write x", "Read x"}, ""},
		{"address taken", "func f() *int { x := 0; p := &x; x = 3; return p }", []string{"Write x"}, ""},
		{"constant and blank", "const c = 3\nvar g int\nfunc f() { _ = c; _ = g }", []string{"Read g"}, ""},
		{"slice element", "func f(s []int, i int) { s[i] = s[0] }", []string{"Write s[i]", "Read s[0]"}, ""},
		{"local array", "func f() int { var a [3]int; a[1] = 2; return a[1] }", nil, ""},
		{"map", "func f(m, n, o map[int]int) int { m[1] = 2; delete(n, 1); return len(o) }", []string{"Write m[1]", "Write n", "Read o"}, ""},
		{"pointer", "type T struct{ f int }\nfunc f(p *T, q *int) { p.f = *q }", []string{"Write p.f", "Read *q"}, ""},
		{"compound", "var g int\nfunc f() { g += 2 }", []string{"Read g", "Write g"}, ""},
		{"array assignment", "var a, b [4]int\nfunc f() { a = b }", []string{"Write a", "Read b"}, ""},
		{"copy append clear", "func f(d, s []int) { copy(d, s); d = append(d, 1); clear(s) }", []string{"Write d", "Read s", "Read d", "Write d", "Write s"}, ""},
		{"append that may grow", "func f(d, s []int) []int { return append(d, s...) }", []string{"Read d", "Write d", "Read s"}, ""},
		{"conversions that read memory", "func f(b []byte, r []rune, s string) (string, string, []byte, [2]byte) { return string(b), string(r), []byte(s), [2]byte(b) }", []string{"Read string(b)", "Read string(r)", "Read [2]byte(b)"}, ""},
		{"named results", "func f(c chan int, b bool) (n, m int) { go func() { n = 1; c <- 0 }(); <-c; if b { return 2, 3 }; return }", []string{"Write n", "Read c", "Read c", "Write n", "Read n", "Unknown go func() { n = 1; c <- 0 }()", "Unknown c <- 0", "Unknown <-c"}, ""},
		{"named result returned as itself", "func f(c chan int) (a, b int) { a = 42; go func() { _ = a; c <- 1 }(); return a, 10 }", []string{"Write a", "Read a", "Read c", "Read a", "Unknown go func() { _ = a; c <- 1 }()", "Unknown c <- 1"}, ""},
		{"range slice", "func f(s []int) (n int) { for _, v := range s { n += v }; return }", []string{"Read s"}, ""},
		{"range keys only", "func f(s []int) (n int) { for i := range s { n += i }; return }", nil, ""},
		{"task calls", "func f() { task.Run(func(t *task.T) { fu := task.NewFuture(t, func(*task.T) int { return 1 }); t.Async(func(*task.T) {}); t.Finish(func(*task.T) {}); t.Isolated(func() {}); t.ForAll(0, 1, func(*task.T, int) {}); _ = fu.Get() }) }",
			[]string{"Run task.Run", "Future task.NewFuture", "Async t.Async", "Finish t.Finish", "Isolated t.Isolated", "Finish t.ForAll", "Get fu.Get"}, ""},
		{"division operand skipped", "func f(s []int, z int) { s[1/z] = 0 }", nil, "division in an operand"},
		{"case of tagged switch skipped", "var g int\nfunc f(x int) { switch x { case g: } }", nil, "case expression of a switch with a tag"},
		{"task call in defer", "func f(t *task.T) { defer t.Finish(func(*task.T) {}) }", nil, "task-library call in a go or defer statement"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, out := rewriteSource(t, head+tt.body+"\n", Config{})
			got := siteList(out)
			if strings.Join(got, "; ") != strings.Join(tt.sites, "; ") {
				t.Errorf("sites:\n got  %q\n want %q\n%s", got, tt.sites, out)
			}
			if tt.skip != "" && res.Stats.Skipped[tt.skip] == 0 {
				t.Errorf("no skip for %q: %v", tt.skip, res.Stats.Skipped)
			}
			accessSites := 0
			for _, s := range got {
				if strings.HasPrefix(s, "Read") || strings.HasPrefix(s, "Write") {
					accessSites++
				}
			}
			if res.Stats.Hooks != accessSites {
				t.Errorf("Stats.Hooks = %d, %d access sites in the table", res.Stats.Hooks, accessSites)
			}
		})
	}
}

// TestKeepPrunes checks that Config.Keep is asked for every access site
// and that a hook it refuses is not inserted.
func TestKeepPrunes(t *testing.T) {
	src := "package p\n\nvar g, h int\n\nfunc f(s []int) { g = h; s[0] = g }\n"
	asked := 0
	res, out := rewriteSource(t, src, Config{Keep: func(ast.Expr) bool { asked++; return asked%2 == 0 }})
	st := res.Stats
	if asked != st.AccessSites || st.AccessSites != 4 {
		t.Errorf("Keep asked %d times for %d sites, want 4", asked, st.AccessSites)
	}
	if st.Pruned != 2 || st.Hooks != 2 {
		t.Errorf("pruned %d, hooks %d; want 2 and 2", st.Pruned, st.Hooks)
	}
	if n := len(siteList(out)); n != 2 {
		t.Errorf("site table has %d entries, want 2:\n%s", n, out)
	}
	res, out = rewriteSource(t, src, Config{Keep: func(ast.Expr) bool { return false }})
	if res.Stats.Hooks != 0 || strings.Contains(out, "_tpinstr_rt.Read(") {
		t.Errorf("hooks left although Keep refused all:\n%s", out)
	}
}

// TestUntouched checks that files with nothing to rewrite are omitted and
// that cgo files are left alone.
func TestUntouched(t *testing.T) {
	res, _ := rewriteSource(t, "package p\n\nfunc f(x int) int { return x + 1 }\n", Config{})
	if len(res.Files) != 0 {
		t.Errorf("a file with nothing to hook was rewritten: %s", res.Files[0].Content)
	}
}

// TestKeepSparesIsolated checks that accesses inside an Isolated body keep
// their hooks whatever Config.Keep says: schedule exploration needs them to
// tell which isolated sections conflict.
func TestKeepSparesIsolated(t *testing.T) {
	src := `package p

import task "github.com/tpinstr/tpinstr/instrument/testdata/src/faketask"

var g, h int

func f(t *task.T) {
	t.Isolated(func() { g = 1 })
	h = 2
}
`
	res, out := rewriteSource(t, src, Config{Keep: func(ast.Expr) bool { return false }})
	if res.Stats.Pruned != 1 || res.Stats.Hooks != 1 {
		t.Errorf("pruned %d, hooks %d; want the write of h pruned and the isolated write of g hooked", res.Stats.Pruned, res.Stats.Hooks)
	}
	if !strings.Contains(out, `Expr: "g"`) || strings.Contains(out, `Expr: "h"`) {
		t.Errorf("want a site for g only:\n%s", out)
	}
}
