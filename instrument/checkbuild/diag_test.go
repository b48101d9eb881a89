package checkbuild

import (
	"bytes"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/packages"
)

func TestRelPos(t *testing.T) {
	cwd := filepath.FromSlash("/home/u/mod")
	tests := []struct{ pos, want string }{
		{"/home/u/mod/main.go:4:2", "./main.go:4:2"},
		{"/home/u/mod/sub/s.go:3:12", "sub/s.go:3:12"},
		{"/home/u/main.go:5", "../main.go:5"},
		{"/home/u/mod/main.go", "./main.go"},
		{"/elsewhere/x.go:1:1", "/elsewhere/x.go:1:1"},
	}
	for _, tt := range tests {
		if got := relPos(filepath.FromSlash(tt.pos), cwd); got != filepath.FromSlash(tt.want) {
			t.Errorf("relPos(%q) = %q, want %q", tt.pos, got, tt.want)
		}
	}
}

func TestReportErrors(t *testing.T) {
	cwd := filepath.FromSlash("/m")
	dep := &packages.Package{ID: "example.com/m/dep", Errors: []packages.Error{
		{Pos: "/m/dep/d.go:3:1", Msg: "syntax error: unexpected }", Kind: packages.ParseError},
		{Pos: "/m/dep/d.go:9:1", Msg: "undefined: x", Kind: packages.TypeError},
	}}
	user := &packages.Package{ID: "example.com/m", Imports: map[string]*packages.Package{"example.com/m/dep": dep},
		Errors: []packages.Error{{Pos: "/m/main.go:4:2", Msg: "could not import example.com/m/dep", Kind: packages.TypeError}}}
	other := &packages.Package{ID: "example.com/m/other [example.com/m/other.test]", Errors: []packages.Error{
		{Pos: "/m/other/o_test.go:2:2", Msg: "declared and not used: y", Kind: packages.TypeError},
		{Pos: "/m/other/o_test.go:2:2", Msg: "declared and not used: y", Kind: packages.TypeError},
	}}
	listed := &packages.Package{ID: "example.com/m/gone", Errors: []packages.Error{
		{Msg: "no required module provides package example.com/gone", Kind: packages.ListError},
	}}
	compiled := &packages.Package{ID: "example.com/m/c", Errors: []packages.Error{
		{Msg: "# example.com/m/c\n./c/c.go:4:17: cannot use 1 (untyped int constant) as string value in variable declaration", Kind: packages.ListError},
		{Pos: "/m/c/c.go:4:17", Msg: "cannot use 1 (untyped int constant) as string value in variable declaration", Kind: packages.TypeError},
	}}
	ok := &packages.Package{ID: "example.com/m/fine"}
	var out bytes.Buffer
	if !reportErrors(&out, []*packages.Package{ok, dep, user, other, listed, compiled}, cwd) {
		t.Fatal("reportErrors found no errors")
	}
	want := "# example.com/m/dep\n" +
		filepath.FromSlash("dep/d.go") + ":3:1: syntax error: unexpected }\n" + // type errors hidden behind syntax errors
		"# example.com/m/other [example.com/m/other.test]\n" +
		filepath.FromSlash("other/o_test.go") + ":2:2: declared and not used: y\n" + // once
		"no required module provides package example.com/gone\n" +
		"# example.com/m/c\n./c/c.go:4:17: cannot use 1 (untyped int constant) as string value in variable declaration\n" // the compiler's output only
	if out.String() != want {
		t.Errorf("reportErrors printed\n%s\nwant\n%s", out.String(), want)
	}
	out.Reset()
	if reportErrors(&out, []*packages.Package{ok}, cwd) || out.Len() != 0 {
		t.Errorf("reportErrors on a clean package: printed %q", out.String())
	}
}
