package checkbuild

import (
	"context"
	"fmt"
	"strings"

	"golang.org/x/tools/go/packages"
)

// listMode is what the driver needs to choose the packages to rewrite and to
// compute their cache keys: names, files, modules and the import graph, all
// from `go list` without parsing or type checking.
const listMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedDeps | packages.NeedModule

// loader loads the user's packages with the same build tags, module flags
// and overlay as the checked build, so that the rewriter sees exactly the
// files the go command will compile.
type loader struct {
	ctx     context.Context
	dir     string
	env     []string
	flags   []string          // -tags=tpinstr,... and the flags in Invocation.LoadFlags
	tests   bool              // load test variants too (tpinstr test)
	overlay map[string][]byte // the user's -overlay, as contents
}

// load runs packages.Load and returns the initial packages.
func (l *loader) load(mode packages.LoadMode, patterns []string) ([]*packages.Package, error) {
	cfg := &packages.Config{
		Mode:       mode,
		Context:    l.ctx,
		Dir:        l.dir,
		Env:        append(append([]string(nil), l.env...), "GOPACKAGESDRIVER=off"),
		BuildFlags: l.flags,
		Tests:      l.tests,
		Overlay:    l.overlay,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		// When go list itself fails, go/packages wraps its standard error
		// in "err: exit status 1: stderr: ..."; that text is the go
		// command's own message, which the user should see as it is.
		if _, stderr, ok := strings.Cut(err.Error(), "stderr: "); ok && l.ctx.Err() == nil {
			return nil, &goError{msg: strings.TrimSpace(stderr), err: err}
		}
		return nil, fmt.Errorf("loading packages: %w", err)
	}
	return pkgs, nil
}

// goError is a failure of the go command, whose message is printed as the
// go command printed it.
type goError struct {
	msg string
	err error
}

// Error returns the message.
func (e *goError) Error() string { return e.msg }

// Unwrap returns the error of the go command.
func (e *goError) Unwrap() error { return e.err }

// allPackages returns roots and all their dependencies, each once,
// dependencies before the packages that import them, as the go command
// builds them.
func allPackages(roots []*packages.Package) []*packages.Package {
	var all []*packages.Package
	packages.Visit(roots, nil, func(p *packages.Package) { all = append(all, p) })
	return all
}
