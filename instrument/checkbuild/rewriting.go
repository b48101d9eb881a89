package checkbuild

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

// pkgResult is the rewrite of one package.
type pkgResult struct {
	pkg    *packages.Package
	result *Result
	cached bool // taken from the cache
}

// rewriting rewrites the chosen packages of one command.
type rewriting struct {
	s     *session
	cache *cache // nil when off
}

// rewrite returns the rewrite of each of chosen (loaded in listMode), taking
// what it can from the cache. Only if something is missing does it load
// those packages again, type-checked, in the rewriter's mode: a build whose
// packages are all cached never parses or type-checks anything. A non-zero
// status means the packages have errors, which have been printed.
func (rw *rewriting) rewrite(ld *loader, chosen []*packages.Package) ([]pkgResult, int, error) {
	if len(chosen) == 0 {
		return nil, 0, nil
	}
	s := rw.s
	fp, err := rw.fingerprinter()
	if err != nil {
		return nil, 0, err
	}
	results := make([]pkgResult, len(chosen))
	keys := make([]key, len(chosen))
	var misses []int // in dependency order, so that errors are printed as the go command would
	for _, i := range depOrder(chosen, s.all) {
		p := chosen[i]
		if keys[i], err = fp.key(p); err != nil {
			return nil, 0, fmt.Errorf("cache key of %s: %w", p.ID, err)
		}
		if r, ok := rw.cache.get(keys[i]); ok {
			results[i] = pkgResult{pkg: p, result: r, cached: true}
			s.logf("%s: cached", p.ID)
			continue
		}
		misses = append(misses, i)
	}
	if len(misses) > 0 {
		missed := make([]*packages.Package, len(misses))
		for j, i := range misses {
			missed[j] = chosen[i]
		}
		typed, status, err := rw.loadTyped(ld, missed)
		if err != nil || status != 0 {
			return nil, status, err
		}
		for j, i := range misses {
			r, err := rw.rewriteOne(typed[j])
			if err != nil {
				return nil, 0, err
			}
			s.logf("%s: rewritten", chosen[i].ID)
			results[i] = pkgResult{pkg: chosen[i], result: r}
			if err := rw.cache.put(keys[i], r); err != nil {
				fmt.Fprintf(s.d.Stderr, "tpinstr: warning: %v\n", err)
			}
		}
	}
	if err := rw.cache.trim(); err != nil {
		fmt.Fprintf(s.d.Stderr, "tpinstr: warning: %v\n", err)
	}
	return results, 0, nil
}

// loadTyped loads the missed packages in the rewriter's mode and returns
// them in the same order. It prints the syntax and type errors of those
// packages, if any, and then returns status 1.
//
// Unless the rewriter asks for NeedDeps, dependencies are not parsed and
// type-checked from source but read from export data, which the go command
// keeps in its build cache: for a small program that is a tenth of a second
// instead of two.
func (rw *rewriting) loadTyped(ld *loader, missed []*packages.Package) ([]*packages.Package, int, error) {
	s := rw.s
	mode := s.d.Rewriter.Mode() | listMode&^packages.NeedDeps
	roots, err := ld.load(mode, missPatterns(missed, s.patterns))
	if err != nil {
		return nil, 0, err
	}
	loaded := roots
	if mode&packages.NeedDeps != 0 {
		loaded = allPackages(roots)
	}
	byID := map[string]*packages.Package{}
	for _, p := range loaded {
		byID[p.ID] = p
	}
	typed := make([]*packages.Package, len(missed))
	for j, m := range missed {
		typed[j] = byID[m.ID]
		if typed[j] == nil {
			// A dependency recompiled for a test, "q [p.test]": its files
			// are q's, and so are their rewrites.
			typed[j] = byID[m.PkgPath]
		}
		if typed[j] == nil {
			return nil, 0, fmt.Errorf("package %s vanished between two loads", m.ID)
		}
	}
	if reportErrors(s.d.Stderr, typed, s.dir) {
		return nil, 1, nil
	}
	return typed, 0, nil
}

// rewriteOne runs the rewriter on p and checks that it only replaced files
// of p.
func (rw *rewriting) rewriteOne(p *packages.Package) (*Result, error) {
	rewriter := rw.s.d.Rewriter
	if np, ok := rewriter.(interface{ WithoutPruning() Rewriter }); ok && rw.s.inv.NoPrune {
		rewriter = np.WithoutPruning()
	}
	if d, ok := rewriter.(interface{ WithDisabled([]string) Rewriter }); ok && len(rw.s.inv.Disable) > 0 {
		rewriter = d.WithDisabled(rw.s.inv.Disable)
	}
	r, err := rewriter.Rewrite(p)
	if err != nil {
		return nil, fmt.Errorf("rewriting %s: %w", p.ID, err)
	}
	own := map[string]bool{}
	for _, f := range append(append([]string(nil), p.GoFiles...), p.CompiledGoFiles...) {
		own[f] = true
	}
	for _, f := range r.Files {
		if !own[f.Path] {
			return nil, fmt.Errorf("rewriting %s: the rewriter returned %s, which is not a file of the package", p.ID, f.Path)
		}
	}
	if r.Stats.Package == "" {
		r.Stats.Package = p.PkgPath
	}
	return r, nil
}

// fingerprinter returns the key maker for this command's settings.
func (rw *rewriting) fingerprinter() (*fingerprinter, error) {
	s := rw.s
	tool := ""
	if rw.cache != nil {
		tool = s.d.ToolID
		if tool == "" {
			id, err := executableID()
			if err != nil {
				return nil, err
			}
			tool = id
		}
	}
	global := []string{tool, s.genv.GOVERSION, s.genv.GOOS, s.genv.GOARCH, s.tags, s.runtimePath(), fmt.Sprint("noprune=", s.inv.NoPrune)}
	if len(s.inv.Disable) > 0 {
		global = append(global, "disable="+strings.Join(s.inv.Disable, ","))
	}
	global = append(global, s.inv.LoadFlags...)
	return newFingerprinter(s.src, s.genv.GOROOT, s.genv.GOMODCACHE, global...), nil
}

// missPatterns returns the patterns that load the missed packages: the
// package itself, or for the test variant of a package under test,
// "p [p.test]" or "p_test [p.test]", the package p with its tests. Files
// named on the command line form one package that only the command line
// can name again.
func missPatterns(missed []*packages.Package, cmdline []string) []string {
	var pats []string
	seen := map[string]bool{}
	for _, p := range missed {
		if p.PkgPath == "command-line-arguments" {
			return cmdline
		}
		pat := p.PkgPath
		if _, variant, ok := strings.Cut(p.ID, " ["); ok {
			forTest := strings.TrimSuffix(strings.TrimSuffix(variant, "]"), ".test")
			if p.PkgPath == forTest || p.PkgPath == forTest+"_test" {
				pat = forTest
			}
		}
		if !seen[pat] {
			seen[pat] = true
			pats = append(pats, pat)
		}
	}
	return pats
}

// depOrder returns the indexes of chosen in the order of all, which lists
// dependencies first.
func depOrder(chosen, all []*packages.Package) []int {
	pos := map[string]int{}
	for i, p := range all {
		pos[p.ID] = i
	}
	order := make([]int, len(chosen))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return pos[chosen[order[a]].ID] < pos[chosen[order[b]].ID] })
	return order
}

// executableID returns a hash of the running executable's content.
func executableID() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("identifying tpinstr for the cache: %w", err)
	}
	if e, err := filepath.EvalSymlinks(exe); err == nil {
		exe = e
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", fmt.Errorf("identifying tpinstr for the cache: %w", err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("identifying tpinstr for the cache: %w", err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
