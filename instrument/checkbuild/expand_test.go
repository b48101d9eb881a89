package checkbuild

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestExpandLocal(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{
		"main.go",
		"testdata/programs/a/main.go",
		"testdata/programs/b/main.go",
		"testdata/programs/b/only_test.go", // b counts once
		"testdata/tests_only/x_test.go",    // no package to run
		"testdata/_hidden/main.go",
		"testdata/.dot/main.go",
		"testdata/othermod/go.mod",
		"testdata/othermod/main.go",
		"cmd/tool/main.go",
	} {
		path := filepath.Join(root, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte("package main\n"), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		pattern string
		cwd     string
		want    []string
	}{
		{"./testdata/...", root, []string{"./testdata/programs/a", "./testdata/programs/b"}},
		{"./...", root, []string{".", "./cmd/tool", "./testdata/programs/a", "./testdata/programs/b"}},
		{"../programs/...", filepath.Join(root, "testdata", "tests_only"), []string{"../programs/a", "../programs/b"}},
		{"./nothing/...", root, []string{"./nothing/..."}},         // left to the go command, which reports it
		{"example.com/x/...", root, []string{"example.com/x/..."}}, // import path patterns too
		{"./cmd/.../main", root, []string{"./cmd/.../main"}},
	}
	for _, tt := range tests {
		got, err := expandLocal(tt.pattern, tt.cwd)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("expandLocal(%q) = %q, %v; want %q", tt.pattern, got, err, tt.want)
		}
	}
}
