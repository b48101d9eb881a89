package instrument

import (
	"errors"
	"fmt"
	"go/ast"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/tpinstr/tpinstr/internal/syncapi"
)

// RTPath is the import path of the hook package that rewritten code calls.
const RTPath = "github.com/tpinstr/tpinstr/rt"

// TaskPath is the import path of the task library whose calls get sites.
const TaskPath = syncapi.TaskPath

// rtName is the name under which rewritten files import RTPath; the
// leading underscore and prefix keep it from clashing with user names.
const rtName = "_tpinstr_rt"

// Config controls a rewrite.
type Config struct {
	// Keep, if non-nil, is asked for every access of an addressable
	// location (a variable, a field, an element, a pointer's target): loc
	// is the accessed expression. Returning false prunes the hook; the
	// static analysis (analysis/mhp.Prune) plugs in here. Accesses of maps
	// and of slice ranges (copy, append, clear) are always hooked. nil
	// keeps every hook.
	Keep func(loc ast.Expr) bool

	// TaskPackage is the import path of the task library whose calls are
	// given sites. Empty means TaskPath; tests set it to a stand-in with
	// the same API.
	TaskPackage string

	// NoPlainGo leaves go statements, channel operations and the calls of
	// packages sync, sync/atomic and time.Sleep as they are (plaingo.go).
	NoPlainGo bool

	// Disable switches off the hook-placement optimizations it names
	// (Optimizations lists them; optimize.go). A switched-off
	// optimization leaves in every hook it would have left out, so the
	// rewritten program reports the same races with more hooks. nil
	// keeps every optimization.
	Disable map[string]bool
}

// FileResult is one rewritten file.
type FileResult struct {
	Path    string // absolute path of the original file
	Content []byte // the rewritten file (same path in the overlay)
}

// Stats counts what a rewrite did.
type Stats struct {
	Package     string // import path
	AccessSites int    // memory-access sites found
	Hooks       int    // access hooks inserted
	Pruned      int    // sites whose hook Config.Keep or the rule of private objects removed
	Private     int    // of those, the accesses to objects private to a function's activation (private.go)
	TaskCalls   int    // task-library calls given a site
	SyncOps     int    // plain-Go operations (go, channels, sync, atomics, sleep) given a hook

	// Covered counts access sites left without a hook of their own
	// because another hook of the same step records their access: an
	// earlier hook in straight-line code (straight.go), or a range hook
	// before their loop (sliceloop.go; the per-element hook that stays,
	// behind a flag, for a loop about to panic is counted here too).
	Covered int
	// RangeHooks counts the hooks placed before loops over slices, each
	// recording the accesses of an element in every iteration. They are
	// not access sites of their own.
	RangeHooks int
	// OncePerLoop counts the hooks (also counted in Hooks) of reads of
	// loop-invariant locations that run once per execution of their loop
	// instead of once per iteration (invariant.go).
	OncePerLoop int
	// HelperCalls counts the calls of helpers sent to their variant
	// without hooks, whose accesses range hooks before their loop record
	// (callee.go).
	HelperCalls int

	// Skipped counts access sites and task calls left without a hook
	// because no hook could be placed without changing the program, by
	// reason.
	Skipped map[string]int
	// CgoFiles counts files left untouched because they import "C".
	CgoFiles int
	// Files counts the files rewritten.
	Files int
}

// Result is the rewrite of one package.
type Result struct {
	Files []FileResult
	// SitePackages are the generated packages that hold the site tables
	// of Files, which import them: the build must compile them as
	// packages of the runtime's module (see SitePackage).
	SitePackages []SitePackage
	Stats        Stats
}

// Package rewrites every Go file of pkg (pkg.Syntax, pkg.TypesInfo,
// pkg.Fset, pkg.CompiledGoFiles). Files are rewritten independently of each
// other, because a non-test file is compiled both in the package and in its
// test variant: each rewritten file has its own site table, in a site
// package shared by the package's non-test files (another holds its
// _test.go files' tables). Files with nothing to rewrite, generated cgo
// files and files that import "C" are omitted from the result.
func Package(pkg *packages.Package, cfg Config) (*Result, error) {
	if pkg == nil {
		return nil, errors.New("instrument: nil package")
	}
	if pkg.TypesInfo == nil || pkg.Fset == nil || pkg.Types == nil {
		return nil, fmt.Errorf("instrument: package %s was loaded without syntax and types", pkg.PkgPath)
	}
	if len(pkg.Errors) > 0 {
		return nil, fmt.Errorf("instrument: package %s has errors: %w", pkg.PkgPath, pkg.Errors[0])
	}
	if err := checkDisable(cfg.Disable); err != nil {
		return nil, fmt.Errorf("instrument: %w", err)
	}
	if cfg.TaskPackage == "" {
		cfg.TaskPackage = TaskPath
	}
	res := &Result{Stats: Stats{Package: pkg.PkgPath, Skipped: map[string]int{}}}
	if pkg.PkgPath == RTPath || strings.HasPrefix(pkg.PkgPath, RTPath+"/") {
		// The checker's own packages are never rewritten: they would call
		// themselves.
		return res, nil
	}
	var tabs []fileTable // of res.Files
	goFiles := map[string]bool{}
	for _, f := range pkg.GoFiles {
		goFiles[filepath.Clean(f)] = true
	}
	for _, file := range pkg.Syntax {
		tf := pkg.Fset.File(file.Pos())
		if tf == nil {
			return nil, fmt.Errorf("instrument: %s: a file has no position information", pkg.PkgPath)
		}
		name := filepath.Clean(tf.Name())
		if len(goFiles) > 0 && !goFiles[name] {
			continue // generated by cgo: not a file of the user's tree
		}
		if importsC(file) {
			res.Stats.CgoFiles++
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, fmt.Errorf("instrument: %w", err)
		}
		if len(src) != tf.Size() {
			return nil, fmt.Errorf("instrument: %s changed since it was loaded", name)
		}
		out, tab, err := rewriteFile(pkg, &cfg, file, tf, src, &res.Stats)
		if err != nil {
			return nil, fmt.Errorf("instrument: %s: %w", name, err)
		}
		if out != nil {
			res.Files = append(res.Files, FileResult{Path: name, Content: out})
			tabs = append(tabs, tab)
			res.Stats.Files++
		}
	}
	res.SitePackages = sitePackages(pkg, res.Files, tabs)
	return res, nil
}

// importsC reports whether file imports the pseudo-package "C".
func importsC(file *ast.File) bool {
	for _, im := range file.Imports {
		if p, err := strconv.Unquote(im.Path.Value); err == nil && p == "C" {
			return true
		}
	}
	return false
}
