package e2e

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// writeFiles creates the files (name → content) in a new directory and
// returns its canonical path.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir, err := canonical(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// site names line of file in dir, in the test's expectations.
type site struct {
	file string
	line int
}

type wantPair struct {
	id   string
	a, b site
}

func TestLabels(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  []wantPair
	}{
		{
			name:  "no labels",
			files: map[string]string{"main.go": "package main\n\nfunc main() {}\n"},
			want:  []wantPair{},
		},
		{
			name:  "one pair on two lines",
			files: map[string]string{"main.go": "package main\n\nvar x int\n\nfunc main() {\n\tx = 1 // race:a\n\t_ = x // race:a\n}\n"},
			want:  []wantPair{{"a", site{"main.go", 6}, site{"main.go", 7}}},
		},
		{
			name:  "a pair of one line with itself",
			files: map[string]string{"main.go": "package main\n\nvar x int\n\nfunc f() {\n\tx++ // race:self\n}\n"},
			want:  []wantPair{{"self", site{"main.go", 6}, site{"main.go", 6}}},
		},
		{
			name:  "one line in two pairs, sorted by id",
			files: map[string]string{"main.go": "package main\n\nvar x int\n\nfunc f() {\n\tx = 1 // race:b,a\n\tx = 2 // race:a\n\tx = 3 // race:b\n}\n"},
			want: []wantPair{
				{"a", site{"main.go", 6}, site{"main.go", 7}},
				{"b", site{"main.go", 6}, site{"main.go", 8}},
			},
		},
		{
			name: "a pair across two files",
			files: map[string]string{
				"a.go": "package main\n\nvar x int\n\nfunc f() { x = 1 } // race:x-1\n",
				"b.go": "package main\n\nfunc g() int { return x } // race:x-1\n",
			},
			want: []wantPair{{"x-1", site{"a.go", 5}, site{"b.go", 3}}},
		},
		{
			name:  "free text after the ids",
			files: map[string]string{"main.go": "package main\n\nvar x int\n\nfunc f() {\n\tx = 1 // race:a the write\n\tx = 2 // race:a\tthe other\n}\n"},
			want:  []wantPair{{"a", site{"main.go", 6}, site{"main.go", 7}}},
		},
		{
			name:  "race: in strings, block comments and other comments is no label",
			files: map[string]string{"main.go": "// Command m: a race: none.\npackage main\n\nvar s = \"// race:a\"\n\nvar x = 1 /* race:a */\n\n// The word race:a inside a comment.\nvar y = 2 // not race:a\n"},
			want:  []wantPair{},
		},
		{
			name: "files other than .go are not read",
			files: map[string]string{
				"main.go":   "package main\n",
				"README.md": "x = 1 // race:a\n",
			},
			want: []wantPair{},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeFiles(t, tc.files)
			got, err := Labels(dir)
			if err != nil {
				t.Fatal(err)
			}
			want := []Pair{}
			for _, w := range tc.want {
				want = append(want, Pair{
					ID: w.id,
					A:  Site{File: filepath.Join(dir, w.a.file), Line: w.a.line},
					B:  Site{File: filepath.Join(dir, w.b.file), Line: w.b.line},
				})
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("Labels:\n got %v\nwant %v", got, want)
			}
		})
	}
}

func TestLabelsErrors(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		wantErr string
	}{
		{
			name:    "three lines",
			src:     "package main\n\nvar x int\n\nfunc f() {\n\tx = 1 // race:a\n\tx = 2 // race:a\n\tx = 3 // race:a\n}\n",
			wantErr: "on 3 lines",
		},
		{
			name:    "twice on one line",
			src:     "package main\n\nvar x int\n\nfunc f() {\n\tx = 1 // race:a,a\n}\n",
			wantErr: "twice on one line",
		},
		{
			name:    "empty id",
			src:     "package main\n\nvar x int\n\nfunc f() {\n\tx = 1 // race:\n}\n",
			wantErr: "bad race label",
		},
		{
			name:    "empty id in a list",
			src:     "package main\n\nvar x int\n\nfunc f() {\n\tx = 1 // race:a, b\n}\n",
			wantErr: "bad race label",
		},
		{
			name:    "bad character",
			src:     "package main\n\nvar x int\n\nfunc f() {\n\tx = 1 // race:a.b\n}\n",
			wantErr: "bad race label",
		},
		{
			name:    "label on a line of its own",
			src:     "package main\n\nvar x int\n\nfunc f() {\n\t// race:a\n\tx = 1\n}\n",
			wantErr: "must trail",
		},
		{
			name:    "label after a closing brace's automatic semicolon only",
			src:     "package main\n\nfunc f() {\n}\n\n// race:a\nvar x int\n",
			wantErr: "must trail",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeFiles(t, map[string]string{"main.go": tc.src})
			pairs, err := Labels(dir)
			if err == nil {
				t.Fatalf("Labels = %v, want an error containing %q", pairs, tc.wantErr)
			}
			if !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("Labels error %q, want it to contain %q", err, tc.wantErr)
			}
		})
	}
}

func TestLabelsMissingDir(t *testing.T) {
	if pairs, err := Labels(filepath.Join(t.TempDir(), "absent")); err == nil {
		t.Fatalf("Labels of a missing directory = %v, want an error", pairs)
	}
}
