package build

import (
	"github.com/tpinstr/tpinstr/instrument"
	"golang.org/x/tools/go/packages"
)

// Instrument is the Rewriter of tpinstr's checked builds: package
// instrument, with its Config.
type Instrument struct {
	Config instrument.Config
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
	r, err := instrument.Package(p, in.Config)
	if err != nil {
		return nil, err
	}
	out := &Result{Stats: Stats{
		Package:     r.Stats.Package,
		AccessSites: r.Stats.AccessSites,
		Hooks:       r.Stats.Hooks,
		Pruned:      r.Stats.Pruned,
		TaskCalls:   r.Stats.TaskCalls,
	}}
	for _, n := range r.Stats.Skipped {
		out.Stats.Skipped += n
	}
	for _, f := range r.Files {
		out.Files = append(out.Files, FileResult{Path: f.Path, Content: f.Content})
	}
	return out, nil
}
