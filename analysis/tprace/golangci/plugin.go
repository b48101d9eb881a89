// Package golangci registers the tprace analyzer as a golangci-lint module
// plugin. It lives in a module of its own so that golangci-lint's plugin
// registry is not a dependency of github.com/tpinstr/tpinstr.
//
// Build a golangci-lint binary that contains it with golangci-lint custom
// and a .custom-gcl.yml such as:
//
//	version: v2.15.0
//	plugins:
//	  - module: 'github.com/tpinstr/tpinstr/analysis/tprace/golangci'
//	    import: 'github.com/tpinstr/tpinstr/analysis/tprace/golangci'
//	    path: ./analysis/tprace/golangci   # or version: <a release tag>
//
// then enable it in .golangci.yml:
//
//	version: "2"
//	linters:
//	  enable:
//	    - tprace
//	  settings:
//	    custom:
//	      tprace:
//	        type: module
//	        description: determinacy races and task-library misuse
package golangci

import (
	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/tpinstr/tpinstr/analysis/tprace"
)

func init() {
	register.Plugin("tprace", New)
}

// New returns the plugin. tprace has no settings.
func New(settings any) (register.LinterPlugin, error) {
	return plugin{}, nil
}

type plugin struct{}

// BuildAnalyzers returns the tprace analyzer.
func (plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{tprace.Analyzer}, nil
}

// GetLoadMode asks for type information: tprace needs types and facts.
func (plugin) GetLoadMode() string {
	return register.LoadModeTypesInfo
}
