package tprace

import (
	"fmt"

	"github.com/tpinstr/tpinstr/analysis/pst"
)

// Summary is the fact exported for a function: its pst.Summary, which
// callers in other packages use to build their trees. It is a plain
// structure of exported fields so that it gob-encodes, as unitchecker
// (go vet) and Bazel's nogo require of facts.
type Summary struct {
	S pst.Summary
}

// AFact marks Summary as an analysis fact.
func (*Summary) AFact() {}

// String renders the fact for analysistest's fact expectations.
func (f *Summary) String() string {
	s := f.S
	return fmt.Sprintf("effects=%d params=%v spawns=%d ops=%d", len(s.Effects), s.FuncParams, s.Spawns, s.Ops)
}

// interesting reports whether a summary carries anything a caller needs:
// functions without a fact are taken to have no effects, and a caller that
// passes them a handle or a function assumes the worst.
func interesting(s *pst.Summary) bool {
	return len(s.Effects) > 0 || len(s.FuncParams) > 0 || s.Spawns != pst.EscNone || s.Ops != 0
}
