package instrument

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// optraceScenarios are the scenarios of testdata/src/optrace and the line
// marker of the race each must report.
var optraceScenarios = []struct {
	scenario string
	marker   string // "" for no race
}{
	{"range-write", "// fill's write"},
	{"range-read", "// sum's read"},
	{"range-ordered-clean", ""},
	{"range-partial-clean", ""},
	{"guarded", "// add's reads"},
	{"fallback", "// add's reads"},
	{"fallback-clean", ""},
	{"straight-reads", "// first read"},
	{"straight-write", "// the write"},
	{"search", "// search's read"},
	{"search-clean", ""},
	{"stencil", "// smooth's accesses"},
	{"stencil-clean", ""},
	{"stencil-middle", "// smooth's accesses"},
	{"stencil-one-clean", ""},
	{"pure-call", "// shiftDouble's accesses"},
	{"pure-call-clean", ""},
	{"invariant", "// setAll's read"},
	{"invariant-empty-clean", ""},
	{"down", "// horner's read"},
	{"down-exclusive", "// clearDown's write"},
	{"down-exclusive-clean", ""},
	{"const-run", "// whiten's reads"},
	{"const-run-clean", ""},
	{"const-run-short", "// firstThree's read"},
	{"const-run-short-clean", ""},
	{"computed-wrap", "// wrapRow's reads"},
	{"computed-wrap-clean", ""},
	{"computed-part", "// pick's reads"},
	{"computed-part-clean", ""},
	{"computed-empty-clean", ""},
	{"computed-write", "// scatter's write"},
	{"computed-write-clean", ""},
	{"computed-rebind", "// rebind's read"},
	{"computed-panic", "// ahead's reads"},
	{"computed-panic-evicted", "// ahead's reads"},
	{"computed-panic-clean", ""},
	{"callee-write", "// evalPart's calls"},
	{"callee-write-clean", ""},
	{"callee-read", "// evalPart's calls"},
	{"callee-read-clean", ""},
	{"callee-whole", "// evalPart's calls"},
	{"callee-whole-empty-clean", ""},
	{"callee-panic", "// storeAt's write"},
	{"callee-panic-clean", ""},
	{"callee-outside", "// loadAt's read"},
	{"callee-outside-clean", ""},
	{"private-clean", ""},
	{"private-escape", "// window's write"},
	{"closure-clean", ""},
	{"closure-escape", "// counter's increment"},
	{"fields-clean", ""},
	{"fields-write", "// readW's read"},
	{"fields-whole", "// readZ's read"},
	{"fields-copy", "// readA's read"},
	{"fields-generic", "// readG's read"},
}

// TestOptimizedHooksFindRaces builds testdata/src/optrace checked (real
// task library, -tags tpinstr) and runs each of its scenarios: the races
// on accesses recorded by range hooks, covered straight-line hooks and
// once-per-loop hooks must be reported (exit status 66, the report naming
// the line the scenario's marker comment is on), and the scenarios that
// have no race, where an over-eager range hook would invent one, must run
// clean.
func TestOptimizedHooksFindRaces(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program; skipped in -short mode")
	}
	runOptrace(t, Config{}, true, true)
}

// TestOptimizationsOffSameVerdicts runs the scenarios of
// TestOptimizedHooksFindRaces with each optimization switched off in turn
// (Config.Disable): every verdict must stay the same. The access a report
// names may differ: without the optimization, the location's shadow state
// can hold a later access of the same step than the one the optimized
// hook recorded, and both are in the race.
func TestOptimizationsOffSameVerdicts(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs; skipped in -short mode")
	}
	for _, name := range Optimizations() {
		t.Run(name, func(t *testing.T) {
			runOptrace(t, Config{Disable: map[string]bool{name: true}}, false, false)
		})
	}
}

// runOptrace rewrites testdata/src/optrace with cfg, builds it and runs
// every scenario of optraceScenarios, checking its verdict and, with
// wantLine, that a race report names the marker's line. With
// wantOptimized, the rewrite must also have used the optimizations the
// scenarios exercise.
func runOptrace(t *testing.T, cfg Config, wantOptimized, wantLine bool) {
	tmp, bin, results := buildChecked(t, "./instrument/testdata/src/optrace", cfg)
	for _, res := range results {
		st := res.Stats
		if wantOptimized && (st.RangeHooks == 0 || st.OncePerLoop == 0 || st.Covered == 0 || st.HelperCalls == 0 || st.Private == 0) {
			t.Fatalf("the scenarios exercise no optimization: %+v", st)
		}
	}
	src, err := os.ReadFile(filepath.Join(moduleRoot(t), "instrument", "testdata", "src", "optrace", "optrace.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range optraceScenarios {
		t.Run(tt.scenario, func(t *testing.T) {
			out, errOut, code, err := run(tmp, nil, bin, tt.scenario)
			if err != nil {
				t.Fatal(err)
			}
			if tt.marker == "" {
				if code != 0 {
					t.Errorf("exit %d, want 0 (no race); output %q, stderr:\n%s", code, out, errOut)
				}
				return
			}
			if code != 66 {
				t.Errorf("exit %d, want 66 (a race); output %q, stderr:\n%s", code, out, errOut)
			}
			if !strings.Contains(errOut, "WARNING: DETERMINACY RACE") {
				t.Errorf("no race report:\n%s", errOut)
			}
			pos := fmt.Sprintf("optrace.go:%d", lineOf(t, string(src), tt.marker))
			if wantLine && !strings.Contains(errOut, pos) {
				t.Errorf("report does not name %s:\n%s", pos, errOut)
			}
		})
	}
}

// lineOf returns the number of the only line of src that contains marker.
func lineOf(t *testing.T, src, marker string) int {
	t.Helper()
	line := 0
	for i, l := range strings.Split(src, "\n") {
		if strings.Contains(l, marker) {
			if line != 0 {
				t.Fatalf("marker %q is on lines %d and %d", marker, line, i+1)
			}
			line = i + 1
		}
	}
	if line == 0 {
		t.Fatalf("marker %q not found", marker)
	}
	return line
}
