package tprace_test

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tpinstr/tpinstr/analysis/internal/tasktest"
	"github.com/tpinstr/tpinstr/analysis/tprace"
)

func TestAnalyzer(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), tprace.Analyzer,
		"example.com/races", "example.com/calls", "example.com/misuse")
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
