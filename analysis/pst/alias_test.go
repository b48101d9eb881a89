package pst

import (
	"go/types"
	"strings"
	"testing"

	"github.com/tpinstr/tpinstr/analysis/internal/tasktest"
)

// accessLines builds function f of src (package p, importing the task stub
// and unsafe) and returns its access leaves as Dump renders them.
func accessLines(t *testing.T, src string, cfg Config) []string {
	t.Helper()
	full := "package p\n\nimport (\n\t\"unsafe\"\n\n\t\"github.com/tpinstr/tpinstr/rt/task\"\n)\n\nvar (\n\t_ *task.T\n\t_ unsafe.Pointer\n)\n\n" + src + "\n"
	p, err := tasktest.Load("example.com/p", map[string]string{"p.go": full})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Fset, cfg.Pkg, cfg.Info = p.Fset, p.Types, p.Info
	tr := BuildFunc(&cfg, p.Files[0], p.Func("f"))
	var out []string
	for _, l := range tr.Leaves {
		if l.Access != nil {
			out = append(out, strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(Dump(l)), "?")))
		}
	}
	return out
}

// TestAliasLeaves checks the leaves made for accesses through the local
// variables that refer to memory: each access through one also denotes what
// the variable may point to.
func TestAliasLeaves(t *testing.T) {
	sizes := types.SizesFor("gc", "amd64")
	tests := []struct {
		name  string
		src   string
		sizes types.Sizes
		want  []string
	}{
		{
			name: "pointer to a local",
			src:  `func f() { x := 0; p := &x; *p = 1 }`,
			want: []string{"w x", "w p", "r p", "w *p", "w x through *p"},
		},
		{
			name: "copied pointer",
			src:  `func f() { x := 0; p := &x; q := p; *q = 1 }`,
			want: []string{"w x", "w p", "r p", "w q", "r q", "w *q", "w *p through *q", "w x through *q"},
		},
		{
			name: "pointer to a field",
			src:  `func f() { var v struct{ a, b int }; p := &v.b; *p = 1 }`,
			want: []string{"w v", "w p", "r p", "w *p", "w v.b through *p"},
		},
		{
			name: "every store of the pointer",
			src:  `func f(c bool) { x, y := 0, 0; p := &x; if c { p = &y }; *p = 1 }`,
			want: []string{"w x", "w y", "w p", "r c", "w p", "r p", "w *p", "w x through *p", "w y through *p"},
		},
		{
			name: "pointer of unknown origin",
			src:  `func g() *int; func f() { p := g(); *p = 1 }`,
			want: []string{"w p", "r p", "w *p"},
		},
		{
			name: "element of the iteration",
			src:  `func f(a []int) { for i := range a { p := &a[i]; *p = 1 } }`,
			want: []string{"r a", "w i", "r i", "r a", "w p", "r p", "w *p", "w a[i] through *p"},
		},
		{
			name: "element stored outside the iteration",
			src:  `func f(a []int) { var p *int; for i := range a { p = &a[i] }; *p = 1 }`,
			want: []string{"w p", "r a", "w i", "r i", "r a", "w p", "r p", "w *p", "w a[_] through *p"},
		},
		{
			name: "slice with a constant low bound",
			src:  `func f(s []int, i int) { tail := s[2:]; tail[0] = 1; tail[i] = 2 }`,
			want: []string{"r s", "w tail", "r tail", "w tail[0]", "w s[2] through tail[0]", "r i", "r tail", "w tail[_]", "w s[2:] through tail[_]"},
		},
		{
			name: "slice with constant bounds",
			src:  `func f(s []int, k int) { mid := s[1:3]; mid[k] = 1; mid[1] = 2 }`,
			want: []string{"r s", "w mid", "r k", "r mid", "w mid[_]", "w s[1:3] through mid[_]", "r mid", "w mid[1]", "w s[2] through mid[1]"},
		},
		{
			name: "slice of a variable bound",
			src:  `func f(s []int, n int) { head := s[n:]; head[0] = 1 }`,
			want: []string{"r s", "r n", "w head", "r head", "w head[0]", "w s[_] through head[0]"},
		},
		{
			name: "slice of an array",
			src:  `func f() { var arr [4]int; a := arr[:]; a[1] = 2 }`,
			want: []string{"w arr", "w a", "r a", "w a[1]", "w arr[1] through a[1]"},
		},
		{
			name: "append keeps the array",
			src:  `func f(s []int) { t := append(s, 1); t[0] = 2 }`,
			want: []string{"r s", "w s[_]", "w t", "r t", "w t[0]", "w s[0] through t[0]"},
		},
		{
			name:  "unsafe byte view with sizes",
			src:   `func f() { var word uint32; view := (*[4]byte)(unsafe.Pointer(&word)); view[2] = 1 }`,
			sizes: sizes,
			want:  []string{"w word", "w view", "r view", "w view[2]", "w word.bytes[2:3] through view[2]"},
		},
		{
			name: "unsafe byte view without sizes",
			src:  `func f() { var word uint32; view := (*[4]byte)(unsafe.Pointer(&word)); view[2] = 1 }`,
			want: []string{"w word", "w view", "r view", "w view[2]", "w word through view[2]"},
		},
		{
			name:  "unsafe view of a struct field",
			src:   `func f() { var v struct{ a uint16; b uint32 }; p := (*[2]uint16)(unsafe.Pointer(&v.b)); p[1] = 1 }`,
			sizes: sizes,
			want:  []string{"w v", "w p", "r p", "w p[1]", "w v.b.bytes[2:4] through p[1]"},
		},
		{
			name:  "unsafe view larger than its object",
			src:   `func f() { var v struct{ a, b uint8 }; p := (*uint16)(unsafe.Pointer(&v.a)); *p = 1 }`,
			sizes: sizes,
			want:  []string{"w v", "w p", "r p", "w *p", "w v through *p"},
		},
		{
			name:  "unsafe view in an expression",
			src:   `func f() { var word uint32; *(*uint8)(unsafe.Pointer(&word)) = 1 }`,
			sizes: sizes,
			want:  []string{"w word", "w word.bytes[0:1]"},
		},
		{
			name: "address arithmetic",
			src:  `func f() { var a [4]int32; p := (*int32)(unsafe.Add(unsafe.Pointer(&a), 4)); *p = 1 }`,
			want: []string{"w a", "w p", "r p", "w *p", "w a through *p"},
		},
		{
			name: "uintptr arithmetic",
			src:  `func f() { var a [4]int32; u := uintptr(unsafe.Pointer(&a)) + 4; p := (*int32)(unsafe.Pointer(u)); *p = 1 }`,
			want: []string{"w a", "w u", "r u", "w p", "r p", "w *p", "w a through *p"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := accessLines(t, tt.src, Config{Sizes: tt.sizes})
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("access leaves:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestBuiltinAccesses checks that built-in functions access the elements of
// the slices and maps they are given.
func TestBuiltinAccesses(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"clear of a slice", `func f(s []int) { clear(s) }`, []string{"r s", "w s[_]"}},
		{"clear of a map", `func f(m map[int]int) { clear(m) }`, []string{"r m", "w m[_]"}},
		{"delete", `func f(m map[int]int) { delete(m, 1) }`, []string{"r m", "w m[_]"}},
		{"len of a map reads it", `func f(m map[int]int) int { return len(m) }`, []string{"r m", "r m[_]"}},
		{"len of a slice reads no element", `func f(s []int) int { return len(s) }`, []string{"r s"}},
		{"copy between slice expressions", `func f(d, s []int) { copy(d[1:], s[:2]) }`, []string{"r d", "r s", "r s[0:2]", "w d[1:]"}},
		{"copy of a whole slice", `func f(d, s []int) { copy(d, s) }`, []string{"r d", "r s", "r s[_]", "w d[_]"}},
		{"append of a spread slice", `func f(s, u []int) []int { return append(s, u...) }`, []string{"r s", "r u", "r u[_]", "w s[_]"}},
		{"append past a constant length", `func f(s []int) []int { return append(s[:2], 1) }`, []string{"r s", "w s[2:]"}},
		{"range over a slice expression", `func f(s []int) { for _, v := range s[1:] { _ = v } }`, []string{"r s", "w _", "w v", "r s[1:]", "r v"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := accessLines(t, tt.src, Config{})
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("access leaves:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}
