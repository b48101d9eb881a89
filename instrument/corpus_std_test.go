package instrument

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestCorpusStd rewrites every package of the standard library (its
// non-test files) and type-checks the result in process, with rt replaced
// by a stub of its API and every other import by the type-checked original.
// It checks that the rewriter produces valid Go on a large body of real
// code, beyond what the examples of TestCorpus exercise.
func TestCorpusStd(t *testing.T) {
	if !*corpusFlag {
		t.Skip("the standard library corpus runs only with -corpus")
	}
	pattern := "std"
	if *corpusPkgs != "" {
		pattern = strings.ReplaceAll(*corpusPkgs, ",", " ")
	}
	// The stub of rt imports these; they are loaded with the corpus so
	// that the stub and the rewritten packages share their types.
	stubImports := []string{"reflect", "sync", "time"}
	cfg := &packages.Config{Mode: loadMode | packages.NeedDeps, Dir: moduleRoot(t)}
	pkgs, err := packages.Load(cfg, append(strings.Fields(pattern), stubImports...)...)
	if err != nil {
		t.Fatal(err)
	}
	loaded := map[string]*packages.Package{}
	packages.Visit(pkgs, nil, func(p *packages.Package) { loaded[p.PkgPath] = p })
	// Packages the stub depends on cannot be rewritten against it: the
	// rewritten package would have types of its own.
	underStub := map[string]bool{}
	var mark func(p *packages.Package)
	mark = func(p *packages.Package) {
		if !underStub[p.PkgPath] {
			underStub[p.PkgPath] = true
			for _, ip := range p.Imports {
				mark(ip)
			}
		}
	}
	for _, path := range stubImports {
		mark(loaded[path])
	}
	im := newFuzzImporter(token.NewFileSet())
	im.std = importerFunc(func(path string) (*types.Package, error) {
		if path == "unsafe" {
			return types.Unsafe, nil
		}
		if p, ok := loaded[path]; ok && p.Types != nil {
			return p.Types, nil
		}
		return nil, fmt.Errorf("%s was not loaded", path)
	})
	stub, err := im.Import(RTPath)
	if err != nil {
		t.Fatal(err)
	}
	var stats Stats
	stats.Skipped = map[string]int{}
	checked, failed := 0, 0
	for _, p := range pkgs {
		if len(p.Errors) > 0 || p.Types == nil || strings.HasPrefix(p.PkgPath, "cmd/") || underStub[p.PkgPath] {
			continue
		}
		res, err := Package(p, Config{})
		if err != nil {
			t.Errorf("rewrite %s: %v", p.PkgPath, err)
			continue
		}
		addStats(&stats, res.Stats)
		if len(res.Files) == 0 {
			continue
		}
		im.addSitePackages(res)
		if err := typecheckRewritten(p, res, stub, im); err != nil {
			failed++
			t.Errorf("%s: rewritten package does not type-check: %v", p.PkgPath, err)
			continue
		}
		checked++
	}
	t.Logf("standard library: %d packages rewritten and type-checked, %d failed; %d access sites, %d hooks (%d once per loop), %d covered, %d range hooks, %d skipped %v",
		checked, failed, stats.AccessSites, stats.Hooks, stats.OncePerLoop, stats.Covered, stats.RangeHooks, sumSkipped(stats), stats.Skipped)
}

// typecheckRewritten parses the files of p with the rewritten ones in
// place and type-checks them, importing rt as stub and the generated site
// packages through sites.
func typecheckRewritten(p *packages.Package, res *Result, stub *types.Package, sites types.Importer) error {
	fset := token.NewFileSet()
	rewritten := map[string][]byte{}
	for _, f := range res.Files {
		rewritten[f.Path] = f.Content
	}
	var files []*ast.File
	for _, name := range p.CompiledGoFiles {
		src, ok := rewritten[filepath.Clean(name)]
		if !ok {
			var err error
			if src, err = os.ReadFile(name); err != nil {
				return err
			}
		}
		f, err := parseFile(fset, name, src)
		if err != nil {
			return err
		}
		files = append(files, f)
	}
	imp := importerFunc(func(path string) (*types.Package, error) {
		if path == RTPath {
			return stub, nil
		}
		if path == "unsafe" {
			return types.Unsafe, nil
		}
		if strings.HasPrefix(path, sitePkgPrefix) {
			return sites.Import(path)
		}
		if ip, ok := p.Imports[path]; ok && ip.Types != nil {
			return ip.Types, nil
		}
		return nil, os.ErrNotExist
	})
	conf := types.Config{Importer: imp, GoVersion: "go1.26", FakeImportC: true}
	_, err := conf.Check(p.PkgPath, fset, files, nil)
	return err
}

// importerFunc adapts a function to types.Importer.
type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
