package mhp_test

import (
	"go/ast"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/tpinstr/tpinstr/analysis/mhp"
)

// TestPruneKeepsReportedConflicts checks pruning against the conflicts the
// analyzer reports (Analyze with Precise, Conflicts) on the labelled
// corpora of the module, testdata/programs and testdata/realistic: no
// access of a reported conflict on a variable's own storage (the only
// storage pruning removes hooks from) is pruned. The precision that
// silences reports (index and slice disjointness, futures got in loops,
// swaps) feeds pruning, and this keeps the two consistent: a checked build
// with pruning keeps the hooks of every pair the analyzer considers racy,
// so its verdicts on the labelled races are those of the unpruned build.
func TestPruneKeepsReportedConflicts(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the corpora")
	}
	mode := packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo
	pruned, programs, checked := 0, 0, 0
	for _, corpus := range []string{"programs", "realistic"} {
		dir := filepath.Join("..", "..", "testdata", corpus)
		pkgs, err := packages.Load(&packages.Config{Mode: mode, Dir: dir}, "./race/...", "./norace/...")
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range pkgs {
			pr, err := mhp.Prune(p)
			if err != nil {
				t.Errorf("%s: %v", p.PkgPath, err)
				continue
			}
			programs++
			pruned += len(pr.Vars)
			res := mhp.Analyze(&mhp.Package{Fset: p.Fset, Files: p.Syntax, Types: p.Types, Info: p.TypesInfo, Precise: true})
			for _, f := range res.Funcs {
				f.Tree.Conflicts(true, func(cf mhp.Conflict) bool {
					for _, acc := range []struct {
						direct bool
						node   ast.Node
						via    bool
					}{
						{cf.First.Access.Path.Direct(), cf.First.Access.Node, cf.First.Access.Via != nil},
						{cf.Second.Access.Path.Direct(), cf.Second.Access.Node, cf.Second.Access.Via != nil},
					} {
						e, ok := acc.node.(ast.Expr)
						if !acc.direct || acc.via || !ok {
							continue
						}
						checked++
						if pr.Covers(e) {
							t.Errorf("%s: an access of a reported conflict is pruned", p.Fset.Position(e.Pos()))
						}
					}
					return true
				})
			}
		}
	}
	t.Logf("%d programs, %d variables pruned, %d accesses of reported conflicts checked", programs, pruned, checked)
	if programs < 70 || checked < 20 {
		t.Errorf("only %d programs and %d accesses checked", programs, checked)
	}
}
