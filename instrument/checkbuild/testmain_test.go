package checkbuild

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/packages"
)

func TestFreeName(t *testing.T) {
	dir := t.TempDir()
	src := newSources(map[string][]byte{filepath.Join(dir, "zz_tpinstr_main2_test.go"): nil})
	if got, want := freeName(src, dir), filepath.Join(dir, "zz_tpinstr_main_test.go"); got != want {
		t.Errorf("freeName in an empty directory = %s, want %s", got, want)
	}
	if err := os.WriteFile(filepath.Join(dir, "zz_tpinstr_main_test.go"), nil, 0o666); err != nil {
		t.Fatal(err)
	}
	// _test.go taken on disk, 2 taken in the user's overlay.
	if got, want := freeName(src, dir), filepath.Join(dir, "zz_tpinstr_main3_test.go"); got != want {
		t.Errorf("freeName = %s, want %s", got, want)
	}
}

func TestDefinesTestMain(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"with_test.go":    "package p\n\nimport \"testing\"\n\nfunc TestMain(m *testing.M) {}\n",
		"method_test.go":  "package p\n\ntype T struct{}\n\nfunc (T) TestMain() {}\n",
		"without_test.go": "package p\n\nfunc TestX() {}\n",
		"p.go":            "package p\n\nfunc TestMain() {}\n", // not a test file
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	pkg := func(names ...string) *packages.Package {
		p := &packages.Package{}
		for _, n := range names {
			p.GoFiles = append(p.GoFiles, filepath.Join(dir, n))
		}
		return p
	}
	tests := []struct {
		name     string
		variants []*packages.Package
		want     bool
	}{
		{"in the internal test package", []*packages.Package{pkg("p.go", "with_test.go"), nil}, true},
		{"in the external test package", []*packages.Package{pkg("p.go"), pkg("with_test.go")}, true},
		{"a method or a non-test file does not count", []*packages.Package{pkg("p.go", "method_test.go", "without_test.go"), nil}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := definesTestMain(newSources(nil), tt.variants...)
			if err != nil || got != tt.want {
				t.Errorf("definesTestMain = %v, %v; want %v", got, err, tt.want)
			}
		})
	}
}
