package checkbuild

import (
	"path/filepath"
	"testing"
)

func TestMatcher(t *testing.T) {
	cwd := filepath.FromSlash("/home/u/mod")
	tests := []struct {
		pattern string
		pkgPath string
		dir     string
		want    bool
	}{
		{"example.com/lib/...", "example.com/lib", "", true},
		{"example.com/lib/...", "example.com/lib/sub/x", "", true},
		{"example.com/lib/...", "example.com/library", "", false},
		{"example.com/.../gen", "example.com/a/b/gen", "", true},
		{"example.com/lib", "example.com/lib/sub", "", false},
		{"./gen/...", "whatever", "/home/u/mod/gen", true},
		{"./gen/...", "whatever", "/home/u/mod/gen/x", true},
		{"./gen/...", "whatever", "/home/u/mod/generated", false},
		{".", "whatever", "/home/u/mod", true},
		{"../other/...", "whatever", "/home/u/other/p", true},
		{"./gen", "example.com/mod/gen", "", false}, // a directory pattern needs a directory
	}
	for _, tt := range tests {
		m := newMatcher(tt.pattern, cwd)
		if got := m(tt.pkgPath, filepath.FromSlash(tt.dir)); got != tt.want {
			t.Errorf("pattern %q on (%q, %q) = %v, want %v", tt.pattern, tt.pkgPath, tt.dir, got, tt.want)
		}
	}
}
