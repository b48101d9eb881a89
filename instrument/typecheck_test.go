package instrument

import (
	"strings"
	"testing"
)

// typecheckCases are the test packages whose rewritten files must still
// type-check (every golden and behavioural case).
func typecheckCases() []string {
	return append(append([]string(nil), goldenCases...), behaveCases...)
}

// TestRewrittenTypeChecks rewrites every test package (with its test
// variants) and loads the result again through an overlay: it must
// type-check, with the rt package imported.
func TestRewrittenTypeChecks(t *testing.T) {
	var patterns []string
	for _, c := range typecheckCases() {
		patterns = append(patterns, "./instrument/testdata/src/"+c)
	}
	pkgs := load(t, true, nil, patterns...)
	if errs := pkgErrors(pkgs); errs != "" {
		t.Fatalf("inputs do not load:\n%s", errs)
	}
	overlay, results := rewriteAll(t, pkgs, Config{TaskPackage: fakeTask})
	if len(overlay) == 0 {
		t.Fatal("nothing was rewritten")
	}
	again := load(t, true, overlay, patterns...)
	if errs := pkgErrors(again); errs != "" {
		t.Fatalf("rewritten packages do not type-check:\n%s", errs)
	}
	for id, res := range results {
		if strings.HasSuffix(id, ".test") {
			continue
		}
		st := res.Stats
		if st.Hooks+st.Pruned+st.Covered+sumSkipped(st) < st.AccessSites {
			t.Errorf("%s: %d sites but %d hooks, %d pruned, %d covered, %d skipped", id, st.AccessSites, st.Hooks, st.Pruned, st.Covered, sumSkipped(st))
		}
	}
}

func sumSkipped(st Stats) int {
	n := 0
	for _, v := range st.Skipped {
		n += v
	}
	return n
}
