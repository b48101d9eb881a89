package main

import (
	"os"
	"strings"
	"testing"
)

// TestDocMatchesHelp checks that the package documentation (go doc) and
// 'tpinstr help options' give the TPINSTR options in the same words (doc.go
// is one block comment, so its text is the file's): the
// text is written in both places, and this keeps them from drifting apart.
func TestDocMatchesHelp(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	help := topics["options"].long
	start := strings.Index(help, "\texitcode=N")
	end := strings.Index(help, "For example:")
	if start < 0 || end < 0 {
		t.Fatalf("help options lost its option list:\n%s", help)
	}
	if section := strings.TrimSpace(help[start:end]); !strings.Contains(string(src), section) {
		t.Errorf("doc.go's options section differs from 'tpinstr help options':\n%s", section)
	}
}
