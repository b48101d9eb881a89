package instrument

import (
	"go/ast"
	"go/types"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// program makes the program-level edits: `defer rt.Exit()` at the start of
// func main, rt.OSExit for os.Exit, and the race check of each test and
// example.
func (r *fileRewriter) program() {
	r.replaceOSExit()
	isTest := strings.HasSuffix(r.tf.Name(), "_test.go")
	for _, d := range r.file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil || fd.Recv != nil || fd.Type.TypeParams != nil {
			continue
		}
		switch {
		case fd.Name.Name == "main" && r.pkg.Types.Name() == "main" && !isTest:
			r.firstInBody(fd.Body, rtName+".Start(); defer "+rtName+".Exit(); ")
			r.touched = true
		case isTest && isTestFunc(r.info, fd):
			r.testFunc(fd)
		case isTest && isExampleFunc(fd):
			// `go test` runs an example with an output comment after
			// the tests, as a test of its own; it is checked as one.
			r.firstInBody(fd.Body, "defer "+rtName+".ExampleEnd("+strconv.Quote(fd.Name.Name)+", "+rtName+".TestBegin()); ")
			r.touched = true
		}
	}
}

// isExampleFunc reports whether fd is an example function: func ExampleXxx()
// with no parameters and no result, named as `go test` names examples (an
// upper-case letter, a digit or _ after "Example", or nothing).
func isExampleFunc(fd *ast.FuncDecl) bool {
	return hasTestPrefix(fd.Name.Name, "Example") && len(fd.Type.Params.List) == 0 && fd.Type.Results == nil
}

// hasTestPrefix reports whether name is prefix followed by nothing or by a
// rune that is not a lower-case letter, the rule of `go test` for the names
// of tests and examples.
func hasTestPrefix(name, prefix string) bool {
	if !strings.HasPrefix(name, prefix) {
		return false
	}
	if rest := name[len(prefix):]; rest != "" {
		if c, _ := utf8.DecodeRuneInString(rest); unicode.IsLower(c) {
			return false
		}
	}
	return true
}

// isTestFunc reports whether fd is a test function: func TestXxx(t
// *testing.T) with no result.
func isTestFunc(info *types.Info, fd *ast.FuncDecl) bool {
	if !hasTestPrefix(fd.Name.Name, "Test") {
		return false
	}
	ps := fd.Type.Params.List
	if len(ps) != 1 || len(ps[0].Names) > 1 || fd.Type.Results != nil {
		return false
	}
	ptr, ok := info.TypeOf(ps[0].Type).(*types.Pointer)
	if !ok {
		return false
	}
	named, ok := ptr.Elem().(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "testing" && named.Obj().Name() == "T"
}

// testFunc starts test function fd with `defer rt.TestEnd(t,
// rt.TestBegin())`, naming its parameter when it has no usable name.
func (r *fileRewriter) testFunc(fd *ast.FuncDecl) {
	p := fd.Type.Params.List[0]
	name := "_tpinstr_t"
	switch {
	case len(p.Names) == 0:
		r.prefix(p.Type.Pos(), name+" ")
	case p.Names[0].Name == "_":
		r.replaceNode(p.Names[0], name)
	default:
		name = p.Names[0].Name
	}
	r.firstInBody(fd.Body, "defer "+rtName+".TestEnd("+name+", "+rtName+".TestBegin()); ")
	r.touched = true
}

// replaceOSExit replaces every reference to os.Exit by rt.OSExit, which
// flushes the race reports and exits with the race exit code when a race
// was found. When that leaves the import of os unused, a blank use keeps
// it.
func (r *fileRewriter) replaceOSExit() {
	replaced := map[*types.PkgName]int{}
	dotReplaced := false
	ast.Inspect(r.file, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.SelectorExpr:
			id := identOf(x.X)
			pn, ok := r.info.Uses[id].(*types.PkgName)
			if ok && r.facts.isOSExit(x.Sel) {
				r.replaceNode(x, rtName+".OSExit")
				replaced[pn]++
				r.touched = true
			}
			return !ok
		case *ast.Ident:
			if r.facts.isOSExit(x) {
				r.replaceNode(x, rtName+".OSExit")
				dotReplaced = true
				r.touched = true
			}
		}
		return true
	})
	if len(replaced) == 0 && !dotReplaced {
		return
	}
	// Count the uses of each import name left.
	uses := map[*types.PkgName]int{}
	for _, obj := range r.info.Uses {
		if pn, ok := obj.(*types.PkgName); ok {
			uses[pn]++
		}
	}
	var keep []string
	for pn, n := range replaced {
		if uses[pn] == n && r.fileImports(pn) {
			keep = append(keep, "var _ = "+pn.Name()+".Exit")
		}
	}
	if dotReplaced {
		// A dot import counts as used through any of its names; keep it
		// used through Exit.
		keep = append(keep, "var _ = Exit")
	}
	r.trailer = append(r.trailer, keep...)
}

// fileImports reports whether pn is declared by an import of this file.
func (r *fileRewriter) fileImports(pn *types.PkgName) bool {
	for _, im := range r.file.Imports {
		if r.info.Implicits[im] == pn || (im.Name != nil && r.info.Defs[im.Name] == pn) {
			return true
		}
	}
	return false
}
