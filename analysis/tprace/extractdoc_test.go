package tprace

import (
	"strings"
	"testing"
)

func TestAnalyzerDocFromDocGo(t *testing.T) {
	d := Analyzer.Doc
	if !strings.HasPrefix(d, "report possible determinacy races and misuse of the task library\n\n") {
		t.Errorf("Doc does not start with the summary line of doc.go's section:\n%s", d)
	}
	for _, want := range []string{"Program Structure Tree", "dependence test"} {
		if !strings.Contains(d, want) {
			t.Errorf("Doc lacks %q from doc.go", want)
		}
	}
	if strings.Contains(d, "# Categories") || strings.Contains(d, "stored-handle") {
		t.Error("Doc runs past its section into the next heading")
	}
}

func TestExtractDoc(t *testing.T) {
	tests := []struct {
		name, src, want string
		panics          bool
	}{
		{"section", "// Package p does.\n//\n// # Analyzer x\n//\n// x: sums\n//\n// Body.\n//\n// # Other\n//\n// Not this.\npackage p\n", "sums\n\nBody.\n", false},
		{"last section", "// # Analyzer x\n//\n// x: sums\npackage p\n", "sums\n", false},
		{"missing", "// Package p.\npackage p\n", "", true},
		{"wrong prefix", "// # Analyzer x\n//\n// y: sums\npackage p\n", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if r := recover(); (r != nil) != tt.panics {
					t.Errorf("panic = %v, want panic %v", r, tt.panics)
				}
			}()
			if got := extractDoc(tt.src, "x"); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
