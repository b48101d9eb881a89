// Package tasktest type-checks small Go programs that use the task library,
// for the unit tests of the analysis packages. The task package is replaced by
// a signature-only stub (stub.go.txt) so that the tests depend on the
// contract, not on the runtime being built next to them.
package tasktest

import (
	_ "embed" // for the stub source
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
)

// TaskPath is the import path of the task library.
const TaskPath = "github.com/tpinstr/tpinstr/rt/task"

// Stub is the source of the signature-only task package.
//
//go:embed stub.go.txt
var Stub string

// Package is one type-checked test package.
type Package struct {
	Fset  *token.FileSet
	Files []*ast.File
	Types *types.Package
	Info  *types.Info
}

// importer resolves the task package to the stub and everything else through
// the default importer.
type stubImporter struct {
	fset *token.FileSet
	task *types.Package
	std  types.Importer
}

// Import returns the stub for the task package and asks the default
// importer for anything else.
func (im *stubImporter) Import(path string) (*types.Package, error) {
	if path != TaskPath {
		return im.std.Import(path)
	}
	if im.task != nil {
		return im.task, nil
	}
	f, err := parser.ParseFile(im.fset, "task.go", Stub, 0)
	if err != nil {
		return nil, fmt.Errorf("parsing task stub: %w", err)
	}
	conf := types.Config{GoVersion: "go1.26"}
	pkg, err := conf.Check(TaskPath, im.fset, []*ast.File{f}, nil)
	if err != nil {
		return nil, fmt.Errorf("type-checking task stub: %w", err)
	}
	im.task = pkg
	return pkg, nil
}

// Load parses and type-checks the given files (name → source) as one package
// with import path path, at language version go1.26.
func Load(path string, files map[string]string) (*Package, error) {
	return LoadVersion(path, "go1.26", files)
}

// LoadVersion is Load with an explicit language version (for loop-variable
// semantics before go1.22).
func LoadVersion(path, goVersion string, files map[string]string) (*Package, error) {
	fset := token.NewFileSet()
	var parsed []*ast.File
	for _, name := range sortedKeys(files) {
		f, err := parser.ParseFile(fset, name, files[name], parser.ParseComments)
		if err != nil {
			return nil, fmt.Errorf("parsing %s: %w", name, err)
		}
		parsed = append(parsed, f)
	}
	info := &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		Scopes:       map[ast.Node]*types.Scope{},
		Instances:    map[*ast.Ident]types.Instance{},
		FileVersions: map[*ast.File]string{},
	}
	conf := types.Config{
		GoVersion: goVersion,
		Importer:  &stubImporter{fset: fset, std: importer.Default()},
	}
	pkg, err := conf.Check(path, fset, parsed, info)
	if err != nil {
		return nil, fmt.Errorf("type-checking %s: %w", path, err)
	}
	return &Package{Fset: fset, Files: parsed, Types: pkg, Info: info}, nil
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Func returns the declaration of the function or method named name.
func (p *Package) Func(name string) *ast.FuncDecl {
	for _, f := range p.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == name {
				return fd
			}
		}
	}
	return nil
}
