package tprace_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tpinstr/tpinstr/analysis/internal/tasktest"
	"github.com/tpinstr/tpinstr/analysis/tprace"
)

func TestAnalyzer(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), tprace.Analyzer,
		"example.com/races", "example.com/calls", "example.com/misuse", "example.com/aliases", "example.com/precision", "example.com/singleton")
}

// TestRaceReportsRelateBothAccesses checks that every race report carries
// the other access as related information, also when it is the same code
// in another task or iteration (a ForAll body against itself).
func TestRaceReportsRelateBothAccesses(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), tprace.Analyzer, "example.com/races")
	self := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if d.Category != tprace.CategoryRace {
				continue
			}
			if len(d.Related) != 1 {
				t.Errorf("%s: %d related positions, want 1", d.Message, len(d.Related))
				continue
			}
			if strings.Contains(d.Message, "in parallel with itself") {
				self++
				if d.Related[0].Pos != d.Pos {
					t.Errorf("%s: related position differs from the access", d.Message)
				}
			}
		}
	}
	if self == 0 {
		t.Error("no report of an access racing with itself in example.com/races")
	}
}

// TestStubMatchesTasktest keeps the task stub of the analysistest tree equal
// to the one the unit tests type-check.
func TestStubMatchesTasktest(t *testing.T) {
	got, err := os.ReadFile(filepath.Join(analysistest.TestData(), "src", tasktest.TaskPath, "task.go"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != tasktest.Stub {
		t.Errorf("testdata task stub differs from analysis/internal/tasktest/stub.go.txt")
	}
}
