package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func createTemp(t *testing.T) (*os.File, error) {
	f, err := os.Create(filepath.Join(t.TempDir(), "reports.jsonl"))
	if err == nil {
		t.Cleanup(func() { f.Close() })
	}
	return f, err
}

func readLines(t *testing.T, name string) []string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}
