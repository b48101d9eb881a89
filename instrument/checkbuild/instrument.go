package checkbuild

import (
	"go/ast"

	"github.com/tpinstr/tpinstr/analysis/mhp"
	"github.com/tpinstr/tpinstr/instrument"
	"golang.org/x/tools/go/packages"
)

// Instrument is the Rewriter of tpinstr's checked builds: package
// instrument, with its Config. When Prune is set and Config.Keep is nil,
// the static analysis (analysis/mhp.Prune) decides which hooks to leave
// out: accesses of variables that it proves never run in parallel with a
// conflicting access.
type Instrument struct {
	Config instrument.Config
	Prune  bool
}

// WithoutPruning returns the rewriter with pruning off (-instr.noprune).
func (in Instrument) WithoutPruning() Rewriter {
	in.Prune = false
	return in
}

// WithDisabled returns the rewriter with the hook optimizations names
// switched off (-instr.disable), in addition to those Config.Disable
// already names.
func (in Instrument) WithDisabled(names []string) Rewriter {
	d := make(map[string]bool, len(in.Config.Disable)+len(names))
	for name, off := range in.Config.Disable {
		d[name] = off
	}
	for _, name := range names {
		d[name] = true
	}
	in.Config.Disable = d
	return in
}

// Mode is what instrument.Package reads: the syntax and types of the
// package itself. It needs nothing of its dependencies but their types,
// which come from export data.
func (Instrument) Mode() packages.LoadMode {
	return packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
		packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo |
		packages.NeedImports | packages.NeedModule
}

// Rewrite rewrites p with instrument.Package.
func (in Instrument) Rewrite(p *packages.Package) (*Result, error) {
	cfg := in.Config
	if in.Prune && cfg.Keep == nil {
		// A package the analysis cannot take keeps every hook.
		if pr, err := mhp.Prune(p); err == nil {
			cfg.Keep = func(loc ast.Expr) bool { return !pr.Covers(loc) }
		}
	}
	r, err := instrument.Package(p, cfg)
	if err != nil {
		return nil, err
	}
	out := &Result{Stats: Stats{
		Package:     r.Stats.Package,
		AccessSites: r.Stats.AccessSites,
		Hooks:       r.Stats.Hooks,
		Pruned:      r.Stats.Pruned,
		Covered:     r.Stats.Covered,
		TaskCalls:   r.Stats.TaskCalls,
	}}
	for _, n := range r.Stats.Skipped {
		out.Stats.Skipped += n
	}
	for _, f := range r.Files {
		out.Files = append(out.Files, FileResult{Path: f.Path, Content: f.Content})
	}
	for _, sp := range r.SitePackages {
		out.Generated = append(out.Generated, GeneratedFile{ImportPath: sp.Path, Name: sp.Name, Content: sp.Content})
	}
	return out, nil
}
