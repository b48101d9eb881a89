package instrument

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// fakeTask is the stand-in task library of the tests.
const fakeTask = "github.com/tpinstr/tpinstr/instrument/testdata/src/faketask"

// testdataPkg is the import path prefix of the test programs.
const testdataPkg = "github.com/tpinstr/tpinstr/instrument/testdata/src/"

// loadMode is what Package needs from go/packages.
const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports

// moduleRoot returns the root of this module (the parent of the package
// directory).
func moduleRoot(t testing.TB) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Dir(wd)
}

// load loads the packages matching patterns from the module, with their
// tests when tests is set, applying overlay.
func load(t testing.TB, tests bool, overlay map[string][]byte, patterns ...string) []*packages.Package {
	t.Helper()
	cfg := &packages.Config{Mode: loadMode, Dir: moduleRoot(t), Tests: tests, Overlay: overlay}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatalf("load %v: %v", patterns, err)
	}
	return pkgs
}

// pkgErrors returns the errors of pkgs as text, or "". The test main
// packages that go test generates (path ending in .test) are not ours and
// are left out.
func pkgErrors(pkgs []*packages.Package) string {
	var b strings.Builder
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if strings.HasSuffix(p.PkgPath, ".test") {
			return
		}
		for _, e := range p.Errors {
			fmt.Fprintln(&b, e)
		}
	})
	return b.String()
}

// rewriteAll rewrites every package in pkgs and returns the overlay of the
// rewritten files and the results by package ID.
func rewriteAll(t testing.TB, pkgs []*packages.Package, cfg Config) (map[string][]byte, map[string]*Result) {
	t.Helper()
	overlay := map[string][]byte{}
	results := map[string]*Result{}
	for _, p := range pkgs {
		if p.PkgPath == fakeTask {
			continue
		}
		res, err := Package(p, cfg)
		if err != nil {
			t.Fatalf("rewrite %s: %v", p.ID, err)
		}
		results[p.ID] = res
		for _, f := range append(res.Files, sitePackageFiles(moduleRoot(t), res)...) {
			if prev, ok := overlay[f.Path]; ok && !bytes.Equal(prev, f.Content) {
				t.Fatalf("%s rewritten differently in two variants", f.Path)
			}
			overlay[f.Path] = f.Content
		}
	}
	return overlay, results
}

// writeOverlay writes overlay files and the JSON index that go build
// -overlay reads into dir, and returns the index's path.
func writeOverlay(t testing.TB, dir string, overlay map[string][]byte) string {
	t.Helper()
	idx := struct{ Replace map[string]string }{Replace: map[string]string{}}
	n := 0
	for path, content := range overlay {
		n++
		f := filepath.Join(dir, fmt.Sprintf("%d_%s", n, filepath.Base(path)))
		if err := os.WriteFile(f, content, 0o644); err != nil {
			t.Fatal(err)
		}
		idx.Replace[path] = f
	}
	data, err := json.Marshal(idx)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// buildChecked rewrites the package pkg (a path relative to the module
// root) with cfg, builds it with the real task library (-tags tpinstr)
// and returns the directory the binary is in, the binary and the
// rewrite's results.
func buildChecked(t *testing.T, pkg string, cfg Config) (dir, bin string, results map[string]*Result) {
	t.Helper()
	pkgs := load(t, false, nil, pkg)
	if errs := pkgErrors(pkgs); errs != "" {
		t.Fatalf("inputs do not load:\n%s", errs)
	}
	overlay, results := rewriteAll(t, pkgs, cfg)
	dir = t.TempDir()
	ovl := writeOverlay(t, dir, overlay)
	bin = filepath.Join(dir, filepath.Base(pkg))
	if _, errOut, code, err := run(moduleRoot(t), nil, goTool(), "build", "-tags", "tpinstr", "-overlay", ovl, "-o", bin, pkg); err != nil || code != 0 {
		t.Fatalf("build: %v %s", err, errOut)
	}
	return dir, bin, results
}

// goTool returns the path of the go command that runs the tests.
func goTool() string {
	return filepath.Join(runtime.GOROOT(), "bin", "go")
}

// run runs a command and returns its standard output, standard error and
// exit status.
func run(dir string, env []string, name string, args ...string) (stdout, stderr string, code int, err error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err = cmd.Run()
	if x, ok := err.(*exec.ExitError); ok {
		return o.String(), e.String(), x.ExitCode(), nil
	}
	return o.String(), e.String(), 0, err
}

// loadIn loads every package of the module in dir with its tests.
func loadIn(t testing.TB, dir string) []*packages.Package {
	t.Helper()
	cfg := &packages.Config{Mode: loadMode, Dir: dir, Tests: true, Env: append(os.Environ(), "GOFLAGS=-mod=mod")}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatalf("load %s: %v", dir, err)
	}
	return pkgs
}
