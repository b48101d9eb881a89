package tprace

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tpinstr/tpinstr/analysis/mhp"
	"github.com/tpinstr/tpinstr/analysis/pst"
)

// Analyzer reports possible determinacy races and misuse of the task
// library. See the package documentation for its diagnostics.
var Analyzer = &analysis.Analyzer{
	Name:      "tprace",
	Doc:       doc,
	URL:       "https://pkg.go.dev/github.com/tpinstr/tpinstr/analysis/tprace",
	Run:       run,
	FactTypes: []analysis.Fact{new(Summary)},
}

// docFile is this package's documentation: the Analyzer's Doc is its
// section "Analyzer tprace", one text for go doc and for drivers' help.
//
//go:embed doc.go
var docFile string

// doc is the analyzer's documentation, taken from docFile.
var doc = extractDoc(docFile, "tprace")

// Categories of the diagnostics (documented in doc.go).
const (
	CategoryRace        = "race"
	CategoryIsolated    = "isolated"
	CategoryForeign     = "foreign-handle"
	CategoryStored      = "stored-handle"
	CategorySelfGet     = "self-get"
	CategoryEmptyFinish = "empty-finish"
)

func run(pass *analysis.Pass) (any, error) {
	imported := func(fn *types.Func) *pst.Summary {
		var f Summary
		if fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn, &f) {
			return &f.S
		}
		return nil
	}
	res := mhp.Analyze(&mhp.Package{
		Fset:     pass.Fset,
		Files:    pass.Files,
		Types:    pass.Pkg,
		Info:     pass.TypesInfo,
		Imported: imported,
		Precise:  true,
		Sizes:    pass.TypesSizes,
	})
	for fn, s := range res.Summaries {
		if interesting(s) && reachable(fn) {
			pass.ExportObjectFact(fn, &Summary{S: *s})
		}
	}
	summaryOf := func(fn *types.Func) *pst.Summary {
		if s, ok := res.Summaries[fn]; ok {
			return s
		}
		return imported(fn)
	}
	c := &checker{pass: pass, summaryOf: summaryOf}
	for _, f := range res.Funcs {
		c.races(f.Tree)
		c.emptyFinishes(f.Tree)
	}
	c.reportEmptyFinishes()
	for _, file := range pass.Files {
		c.misuse(file)
	}
	return nil, nil
}

// reachable reports whether other packages can call fn statically: an
// exported function, or a method (of any type: a value of an unexported
// type can be returned to another package). Facts on other functions would
// never be read.
func reachable(fn *types.Func) bool {
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		return true
	}
	return fn.Exported()
}

// checker holds what the checks of one package share.
type checker struct {
	pass      *analysis.Pass
	summaryOf pst.Callees
	// finishEmpty and finishOrder collect the Finish calls seen by
	// emptyFinishes.
	finishEmpty map[token.Pos]bool
	finishOrder []token.Pos
}

// typeutilCallee returns the function or method a call statically calls.
func typeutilCallee(info *types.Info, call *ast.CallExpr) (*types.Func, bool) {
	fn := typeutil.StaticCallee(info, call)
	return fn, fn != nil
}

// where renders a position as file.go:line:col.
func (c *checker) where(pos token.Pos) string {
	p := c.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d:%d", filepath.Base(p.Filename), p.Line, p.Column)
}
