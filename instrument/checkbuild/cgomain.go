package checkbuild

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

// cgoMainAlias is the name under which a file edited by cgoMains imports
// the runtime.
const cgoMainAlias = "_tpinstr_rt"

// cgoMains returns the files that declare func main in the packages main
// of chosen but import "C", which the rewriter leaves as they are: each
// with `defer rt.Exit()` at the start of main, as the rewriter puts it in
// any other file, so that a checked program whose main is in a cgo file
// still ends as a checked program does (the verdict, and the race status
// when the rewritten files of the program raced). The runtime is imported
// on the line of the package clause, so that no line moves and the cgo
// preamble stays right before import "C". Nothing else of the file is
// changed: its accesses are not checked, as documented for cgo files.
func cgoMains(chosen []*packages.Package, rtPath string) ([]FileResult, error) {
	var out []FileResult
	done := map[string]bool{}
	for _, p := range chosen {
		if p.Name != "main" {
			continue
		}
		for _, name := range p.GoFiles {
			if done[name] || strings.HasSuffix(name, "_test.go") {
				continue
			}
			done[name] = true
			src, err := os.ReadFile(name)
			if err != nil {
				if errors.Is(err, os.ErrNotExist) {
					continue
				}
				return nil, fmt.Errorf("reading %s: %w", name, err)
			}
			if b, ok := cgoMain(name, src, rtPath); ok {
				out = append(out, FileResult{Path: name, Content: b})
			}
		}
	}
	return out, nil
}

// cgoMain returns src with `defer rt.Exit()` at the start of func main, if
// the file imports "C" and declares func main.
func cgoMain(name string, src []byte, rtPath string) ([]byte, bool) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil || !fileImportsC(f) {
		return nil, false // the go command reports a syntax error itself
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name != "main" || fd.Recv != nil || fd.Body == nil {
			continue
		}
		pkgEnd := fset.Position(f.Name.End()).Offset
		lbrace := fset.Position(fd.Body.Lbrace).Offset
		var b []byte
		b = append(b, src[:pkgEnd]...)
		b = fmt.Appendf(b, "; import %s %q", cgoMainAlias, rtPath)
		b = append(b, src[pkgEnd:lbrace+1]...)
		b = fmt.Appendf(b, "defer %s.Exit(); ", cgoMainAlias)
		b = append(b, src[lbrace+1:]...)
		return b, true
	}
	return nil, false
}

// fileImportsC reports whether f imports "C".
func fileImportsC(f *ast.File) bool {
	for _, im := range f.Imports {
		if p, err := strconv.Unquote(im.Path.Value); err == nil && p == "C" {
			return true
		}
	}
	return false
}
