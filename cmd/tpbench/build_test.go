package main

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestFindTpinstr(t *testing.T) {
	// A module root without ./cmd/tpinstr, so nothing is built.
	root := t.TempDir()
	onPath := t.TempDir()
	fake := filepath.Join(onPath, "tpinstr")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name            string
		explicit        string
		path            string // PATH
		wantPath        string
		wantOrigin      string
		wantUnavailable bool
	}{
		{"explicit", fake, t.TempDir(), fake, fake, false},
		{"explicit but missing", filepath.Join(root, "nosuch"), onPath, "", "", true},
		{"from PATH", "", onPath, fake, fake + " (from PATH)", false},
		{"nowhere", "", t.TempDir(), "", "", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("PATH", tc.path)
			p, origin, err := findTpinstr(context.Background(), tc.explicit, root, t.TempDir(), "go", io.Discard)
			if got := errors.Is(err, errUnavailable); got != tc.wantUnavailable {
				t.Fatalf("error %v, want unavailable %v", err, tc.wantUnavailable)
			}
			if p != tc.wantPath || origin != tc.wantOrigin {
				t.Errorf("findTpinstr = %q, %q; want %q, %q", p, origin, tc.wantPath, tc.wantOrigin)
			}
		})
	}
}

func TestFirstLineAndTail(t *testing.T) {
	tests := []struct {
		in, first, last2 string
	}{
		{"", "", ""},
		{"\n  one \n\ntwo\nthree\n", "one", "two / three"},
		{"only", "only", "only"},
	}
	for _, tc := range tests {
		if got := firstLine(tc.in); got != tc.first {
			t.Errorf("firstLine(%q) = %q, want %q", tc.in, got, tc.first)
		}
		if got := tail(tc.in, 2); got != tc.last2 {
			t.Errorf("tail(%q, 2) = %q, want %q", tc.in, got, tc.last2)
		}
	}
}
