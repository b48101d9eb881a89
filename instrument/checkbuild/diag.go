package checkbuild

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

// maxErrors is how many errors of one package are printed, as the compiler
// stops after ten.
const maxErrors = 10

// reportErrors prints the errors of the loaded packages all (dependencies
// first) as the go command prints compiler errors, with paths relative to
// cwd, and reports whether there were any.
//
// Syntax and type errors are grouped under a "# package" line; when a
// package has syntax errors its type errors are left out, as the compiler
// stops after parsing. A package that imports a package with errors is not
// reported, since the go command would not compile it either, and its
// errors would only repeat the first ones.
func reportErrors(w io.Writer, all []*packages.Package, cwd string) bool {
	broken := map[string]bool{} // by ID: imports may be stubs of the packages in all
	seen := map[string]bool{}
	found := false
	for _, p := range all {
		depBroken := false
		for _, imp := range p.Imports {
			depBroken = depBroken || broken[imp.ID]
		}
		broken[p.ID] = depBroken || len(p.Errors) > 0
		if depBroken || len(p.Errors) == 0 {
			continue
		}
		found = true
		errs := p.Errors
		if compiled := compilerOutput(errs); len(compiled) > 0 {
			// The go command compiled the package (go list -export) and
			// printed the compiler's errors: the user's own message, which
			// the type checker's errors would only repeat.
			errs = compiled
		} else if hasKind(errs, packages.ParseError) {
			var syntax []packages.Error
			for _, e := range errs {
				if e.Kind != packages.TypeError {
					syntax = append(syntax, e)
				}
			}
			errs = syntax
		}
		header, n := false, 0
		for _, e := range errs {
			line := e.Msg
			if e.Pos != "" && e.Pos != "-" {
				line = relPos(e.Pos, cwd) + ": " + e.Msg
			}
			if seen[line] {
				continue
			}
			seen[line] = true
			if e.Kind == packages.ListError || e.Kind == packages.UnknownError {
				fmt.Fprintln(w, line)
				continue
			}
			if !header {
				fmt.Fprintf(w, "# %s\n", p.ID)
				header = true
			}
			if n == maxErrors {
				fmt.Fprintln(w, "too many errors")
				break
			}
			fmt.Fprintln(w, line)
			n++
		}
	}
	return found
}

// compilerOutput returns the errors that are the compiler's output as the
// go command prints it ("# pkg" and the compiler's lines).
func compilerOutput(errs []packages.Error) []packages.Error {
	var out []packages.Error
	for _, e := range errs {
		if e.Kind == packages.ListError && strings.HasPrefix(e.Msg, "# ") {
			out = append(out, e)
		}
	}
	return out
}

func hasKind(errs []packages.Error, k packages.ErrorKind) bool {
	for _, e := range errs {
		if e.Kind == k {
			return true
		}
	}
	return false
}

// relPos rewrites the file of a "file:line:col" position relative to cwd.
func relPos(pos, cwd string) string {
	file, suffix := pos, ""
	for range 2 {
		i := strings.LastIndexByte(file, ':')
		if i < 0 {
			break
		}
		if _, err := strconv.Atoi(file[i+1:]); err != nil {
			break
		}
		file, suffix = file[:i], file[i:]+suffix
	}
	return shortPath(file, cwd) + suffix
}

// shortPath returns path relative to cwd when that is shorter, in the form
// the go command prints file names: "./x.go" for a file in cwd, "sub/x.go"
// or "../x.go" for others.
func shortPath(path, cwd string) string {
	if !filepath.IsAbs(path) {
		return path
	}
	rel, err := filepath.Rel(cwd, path)
	if err != nil || len(rel) >= len(path) {
		return path
	}
	if filepath.Dir(rel) == "." {
		return "." + string(filepath.Separator) + rel
	}
	return rel
}
