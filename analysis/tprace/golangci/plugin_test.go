package golangci

import (
	"testing"

	"github.com/golangci/plugin-module-register/register"

	"github.com/tpinstr/tpinstr/analysis/tprace"
)

func TestPlugin(t *testing.T) {
	p, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	if len(as) != 1 || as[0] != tprace.Analyzer {
		t.Errorf("BuildAnalyzers = %v, want [tprace.Analyzer]", as)
	}
	if got := p.GetLoadMode(); got != register.LoadModeTypesInfo {
		t.Errorf("GetLoadMode = %q, want %q", got, register.LoadModeTypesInfo)
	}
	if _, err := register.GetPlugin("tprace"); err != nil {
		t.Errorf("plugin not registered: %v", err)
	}
}
