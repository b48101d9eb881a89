package instrument

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/packages"
)

// rewriteSource type-checks src as the single file of package fuzz/p and
// rewrites it with cfg. The rewritten file must type-check, with its site
// package, whose text follows the file's in the text returned.
func rewriteSource(t *testing.T, src string, cfg Config) (*Result, string) {
	t.Helper()
	fset, im := sourceImporter()
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
	im.addSitePackages(res)
	if _, _, _, err := checkSource(fset, im, name, []byte(out)); err != nil {
		t.Fatalf("output does not type-check: %v\n%s", err, out)
	}
	for _, sp := range res.SitePackages {
		out += "\n" + string(sp.Content)
	}
	return res, out
}

// sourceImporter returns the file set and importer that rewriteSource
// shares between its calls: importing the standard library from source
// once, not per call, keeps the many small rewrites of the tests fast.
var sourceImporter = sync.OnceValues(func() (*token.FileSet, *fuzzImporter) {
	fset := token.NewFileSet()
	return fset, newFuzzImporter(fset)
})

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
		{"captured", "func f() { x := 0; g := func() { x = 2 }; go g(); _ = x }", []string{"Write x", "Read x", "Go go g()"}, ""},
		{"address taken", "func f() *int { x := 0; p := &x; x = 3; return p }", []string{"Write x"}, ""},
		{"constant and blank", "const c = 3\nvar g int\nfunc f() { _ = c; _ = g }", []string{"Read g"}, ""},
		{"slice element", "func f(s []int, i int) { s[i] = s[0] }", []string{"Write s[i]", "Read s[0]"}, ""},
		{"local array", "func f() int { var a [3]int; a[1] = 2; return a[1] }", nil, ""},
		{"map", "func f(m, n, o map[int]int) int { m[1] = 2; delete(n, 1); return len(o) }", []string{"Write m[1]", "Write n", "Read o"}, ""},
		{"pointer", "type T struct{ f int }\nfunc f(p *T, q *int) { p.f = *q }", []string{"Write p.f", "Read *q"}, ""},
		{"type assertions", "type T struct{ f int }\nfunc f(v, w, u any) { v.(*T).f++; w.([]int)[1] = *u.(*int) }", []string{"Read v.(*T).f", "Write v.(*T).f", "Write w.([]int)[1]", "Read *u.(*int)"}, ""},
		{"type assertion to an interface", "type I interface{ M() }\ntype T struct{ f int }\nfunc (*T) M() {}\nfunc f(v any) int { return v.(I).(*T).f }", []string{"Read v.(I).(*T).f"}, ""},
		{"compound", "var g int\nfunc f() { g += 2 }", []string{"Read g", "Write g"}, ""},
		{"array assignment", "var a, b [4]int\nfunc f() { a = b }", []string{"Write a", "Read b"}, ""},
		{"copy append clear", "func f(d, s []int) { copy(d, s); d = append(d, 1); clear(s) }", []string{"Write d", "Read s", "Read d", "Write d", "Write s"}, ""},
		{"append that may grow", "func f(d, s []int) []int { return append(d, s...) }", []string{"Read d", "Write d", "Read s"}, ""},
		{"append to a fresh slice", "func f(s []int, x int) ([]int, []int) { return append([]int(nil), s...), append([]int{x}, x) }", []string{"Read s"}, ""},
		{"conversions that read memory", "func f(b []byte, r []rune, s string) (string, string, []byte, [2]byte) { return string(b), string(r), []byte(s), [2]byte(b) }", []string{"Read string(b)", "Read string(r)", "Read [2]byte(b)"}, ""},
		{"named results", "func f(c chan int, b bool) (n, m int) { go func() { n = 1; c <- 0 }(); <-c; if b { return 2, 3 }; return }", []string{"Write n", "Read c", "Read c", "Write n", "Read n", "Go go func() { n = 1; c <- 0 }()", "Send c <- 0", "Recv <-c"}, ""},
		{"named result returned as itself", "func f(c chan int) (a, b int) { a = 42; go func() { _ = a; c <- 1 }(); return a, 10 }", []string{"Write a", "Read a", "Read c", "Read a", "Go go func() { _ = a; c <- 1 }()", "Send c <- 1"}, ""},
		{"range slice", "func f(s []int) (n int) { for _, v := range s { n += v }; return }", []string{"Read s"}, ""},
		{"range over literals", "var g int\nfunc f(a int) (n int) { for _, v := range []int{a, g} { n += v }; for k, v := range map[string]int{\"x\": a} { n += len(k) + v }; return }", []string{"Read g"}, ""},
		{"range keys only", "func f(s []int) (n int) { for i := range s { n += i }; return }", nil, ""},
		{"task calls", "func f() { task.Run(func(t *task.T) { fu := task.NewFuture(t, func(*task.T) int { return 1 }); t.Async(func(*task.T) {}); t.Finish(func(*task.T) {}); t.Isolated(func() {}); t.ForAll(0, 1, func(*task.T, int) {}); _ = fu.Get() }) }",
			[]string{"Run task.Run", "Future task.NewFuture", "Async t.Async", "Finish t.Finish", "Isolated t.Isolated", "Finish t.ForAll", "Get fu.Get"}, ""},
		{"division operand guarded", "func f(s []int, z int) { s[1/z] = 0 }", []string{"Write s[1/z]"}, ""},
		{"side-effecting index skipped", "func g() int { return 0 }\nfunc f(s []int) int {\nL:\n\tx := s[g()]\n\tif x > 0 {\n\t\tgoto L\n\t}\n\treturn x\n}", []string{"Read s[g()]"}, "side-effecting operand"},
		{"case of tagged switch skipped", "var g int\nfunc f(x int) { switch x { case g: } }", []string{"Read g"}, "case expression of a switch with a tag"},
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
			// An access that could not be hooked has a site too, for the
			// statement that says the run reached it (unchecked).
			unchecked := strings.Count(out, rtName+".Unchecked(")
			if tt.skip == "side-effecting operand" && unchecked != 1 {
				t.Errorf("%d Unchecked statements, want 1:\n%s", unchecked, out)
			}
			if res.Stats.Hooks+unchecked != accessSites {
				t.Errorf("Stats.Hooks = %d and %d unchecked, %d access sites in the table", res.Stats.Hooks, unchecked, accessSites)
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

// addSitePackages makes the site packages of res importable by im.
func (im *fuzzImporter) addSitePackages(res *Result) {
	im.mu.Lock()
	defer im.mu.Unlock()
	if im.sites == nil {
		im.sites = map[string][]byte{}
	}
	for _, sp := range res.SitePackages {
		im.sites[sp.Path] = sp.Content
	}
}

// importSitePackage type-checks the site package path against the stub of
// rt; im is locked.
func (im *fuzzImporter) importSitePackage(path string) (*types.Package, error) {
	src, ok := im.sites[path]
	if !ok {
		return nil, fmt.Errorf("site package %s was not generated", path)
	}
	rt, ok := im.pkgs[RTPath]
	if !ok {
		var err error
		if rt, err = im.fromSource(RTPath, stubRTSource()); err != nil {
			return nil, err
		}
		im.pkgs[RTPath] = rt
	}
	f, err := parser.ParseFile(im.fset, path+"/sites.go", src, 0)
	if err != nil {
		return nil, err
	}
	conf := types.Config{Importer: importerFunc(func(p string) (*types.Package, error) {
		if p == RTPath {
			return rt, nil
		}
		return nil, fmt.Errorf("a site package imports %s", p)
	})}
	return conf.Check(path, im.fset, []*ast.File{f}, nil)
}

// sitePackageFiles returns the files of the site packages of res, at their
// place in the module at root (this module, or a replacement of it).
func sitePackageFiles(root string, res *Result) []FileResult {
	var out []FileResult
	for _, sp := range res.SitePackages {
		rel := strings.TrimPrefix(sp.Path, "github.com/tpinstr/tpinstr/")
		out = append(out, FileResult{Path: filepath.Join(root, filepath.FromSlash(rel), sp.Name), Content: sp.Content})
	}
	return out
}

// sitesGolden is the golden file of the site packages of a golden case.
const sitesGolden = "sites.golden"

// sitePackagesIn returns the text of the site packages in overlay whose
// tables name files of dir, normalized, in the order of their texts.
func sitePackagesIn(overlay map[string][]byte, root, dir string) []byte {
	var paths []string
	for p, b := range overlay {
		if strings.Contains(p, "/sitetab/") && bytes.Contains(b, []byte(`File: "`+dir+string(filepath.Separator))) {
			paths = append(paths, p)
		}
	}
	var texts []string
	for _, p := range paths {
		texts = append(texts, string(normalize(root, overlay[p])))
	}
	sort.Strings(texts) // the paths depend on root
	return []byte(strings.Join(texts, ""))
}

// sitePkgRE matches the hash that names a site package.
var sitePkgRE = regexp.MustCompile(`\bs[0-9a-f]{20}\b`)

// normalizeSitePkg replaces the hashes that name site packages, which
// depend on where the module is, by sHASH.
func normalizeSitePkg(b []byte) []byte {
	return sitePkgRE.ReplaceAll(b, []byte("sHASH"))
}

// TestSitePackages checks how the site tables of a package's rewritten
// files are grouped into site packages: one for its non-test files and
// one for its _test.go files, each named by a hash of its content, whose
// path replaces the pending one in the files of its group.
func TestSitePackages(t *testing.T) {
	pkg := &packages.Package{PkgPath: "example.com/p", Name: "p"}
	site := func(line int) siteInfo {
		return siteInfo{file: "/src/p/a.go", line: line, col: 2, kind: kindRead, expr: "x", fn: "f"}
	}
	pending := []byte("package p; import _tpinstrSites_ " + strconv.Quote(sitePathPending) + "\n")
	files := func() []FileResult {
		return []FileResult{{Path: "/src/p/a.go", Content: pending}, {Path: "/src/p/b.go", Content: pending}, {Path: "/src/p/a_test.go", Content: pending}}
	}
	tabs := []fileTable{
		{id: "0000000a", base: "a.go", sites: []siteInfo{site(3), site(4)}},
		{id: "0000000b", base: "b.go"},
		{id: "0000000c", base: "a_test.go", sites: []siteInfo{site(7)}, test: true},
	}
	fs := files()
	sps := sitePackages(pkg, fs, tabs)
	if len(sps) != 2 {
		t.Fatalf("%d site packages, want 2 (non-test and test files)", len(sps))
	}
	for i, sp := range sps {
		name := strings.TrimPrefix(sp.Path, sitePkgPrefix)
		if !strings.HasPrefix(sp.Path, sitePkgPrefix) || !strings.Contains(string(sp.Content), "\npackage "+name+"\n") {
			t.Errorf("site package %d: path %s does not name its package:\n%s", i, sp.Path, sp.Content)
		}
		if !strings.HasPrefix(string(sp.Content), "// Code generated") {
			t.Errorf("site package %d is not marked generated", i)
		}
	}
	for i, want := range []string{sps[0].Path, sps[0].Path, sps[1].Path} {
		if got := string(fs[i].Content); !strings.Contains(got, strconv.Quote(want)) || strings.Contains(got, sitePathPending) {
			t.Errorf("%s imports the wrong site package, want %s:\n%s", fs[i].Path, want, got)
		}
	}
	nonTest := string(sps[0].Content)
	for _, want := range []string{"var S0000000a uint32", "var S0000000b uint32", "S0000000a = _tpinstr_rt.Register(\"example.com/p\", t0000000a[:])", "Line: 4,"} {
		if !strings.Contains(nonTest, want) {
			t.Errorf("non-test site package lacks %q:\n%s", want, nonTest)
		}
	}
	if strings.Contains(nonTest, "0000000c") || !strings.Contains(string(sps[1].Content), "var S0000000c uint32") {
		t.Errorf("the test file's table is in the wrong package")
	}

	// The same tables make the same packages; another table another one.
	if again := sitePackages(pkg, files(), tabs); again[0].Path != sps[0].Path || again[1].Path != sps[1].Path {
		t.Errorf("the same tables made other site packages: %s, %s", again[0].Path, again[1].Path)
	}
	tabs[0].sites[1].line = 5
	if other := sitePackages(pkg, files(), tabs); other[0].Path == sps[0].Path || other[1].Path != sps[1].Path {
		t.Errorf("a changed non-test table: paths %s, %s, were %s, %s", other[0].Path, other[1].Path, sps[0].Path, sps[1].Path)
	}
}
