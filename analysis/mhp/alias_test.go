package mhp

import (
	"go/types"
	"slices"
	"strings"
	"testing"

	"github.com/tpinstr/tpinstr/analysis/internal/tasktest"
	"github.com/tpinstr/tpinstr/analysis/pst"
)

// conflictsOf builds function f of src (package p, importing the task stub
// and unsafe) with the diagnostics' assumptions and returns its conflicts
// as "A | B", each access as pst.Dump renders its leaf.
func conflictsOf(t *testing.T, src string, sizes types.Sizes) []string {
	t.Helper()
	full := "package p\n\nimport (\n\t\"unsafe\"\n\n\t\"github.com/tpinstr/tpinstr/rt/task\"\n)\n\nvar _ unsafe.Pointer\n\n" + src + "\n"
	p, err := tasktest.Load("example.com/p", map[string]string{"p.go": full})
	if err != nil {
		t.Fatal(err)
	}
	cfg := &pst.Config{Fset: p.Fset, Pkg: p.Types, Info: p.Info, Precise: true, Sizes: sizes}
	tr := NewTree(pst.BuildFunc(cfg, p.Files[0], p.Func("f")))
	var out []string
	tr.Conflicts(true, func(c Conflict) bool {
		a := strings.TrimSpace(pst.Dump(c.First))
		b := strings.TrimSpace(pst.Dump(c.Second))
		out = append(out, a+" | "+b)
		return true
	})
	return out
}

// TestConflictsThroughAliases checks that accesses to one location under
// two names (a variable and a pointer to it, a slice and a slice of it, a
// variable and an unsafe view of it) are paired, and that what keeps their
// instances apart (a Finish, distinct iterations, disjoint elements or
// bytes) still does.
func TestConflictsThroughAliases(t *testing.T) {
	sizes := types.SizesFor("gc", "amd64")
	tests := []struct {
		name  string
		src   string
		sizes types.Sizes
		want  []string // conflicts that must be found
		not   []string // conflicts that must not
	}{
		{
			name: "write through a pointer, read by name",
			src: `func f(t *task.T) int {
				x := 0
				p := &x
				t.Async(func(t *task.T) { *p = 7 })
				return x
			}`,
			want: []string{"w x through *p | r x"},
		},
		{
			name: "joined write through a pointer",
			src: `func f(t *task.T) int {
				x := 0
				p := &x
				t.Finish(func(t *task.T) {
					t.Async(func(t *task.T) { *p = 7 })
				})
				return x
			}`,
			not: []string{"w x through *p | r x"},
		},
		{
			name: "pointer to the element of the iteration",
			src: `func f(t *task.T, a []int) {
				t.ForAll(0, len(a), func(t *task.T, i int) {
					p := &a[i]
					*p = i
				})
			}`,
			not: []string{"w a[i] through *p | w a[i] through *p"},
		},
		{
			name: "pointer to one element for every iteration",
			src: `func f(t *task.T, a []int) {
				p := &a[0]
				t.ForAll(0, len(a), func(t *task.T, i int) { *p = i })
			}`,
			want: []string{"w a[0] through *p | w a[0] through *p"},
		},
		{
			name: "a slice of the slice the parent reads",
			src: `func f(t *task.T, s []int) int {
				tail := s[2:]
				t.Async(func(t *task.T) { tail[0] = 30 })
				return s[2]
			}`,
			want: []string{"w s[2] through tail[0] | r s[2]"},
		},
		{
			name: "disjoint halves of one slice",
			src: `func f(t *task.T, s []int) {
				t.Finish(func(t *task.T) {
					t.Async(func(t *task.T) {
						low := s[:2]
						low[0], low[1] = 10, 20
					})
					high := s[2:]
					high[0], high[1] = 30, 40
				})
			}`,
			not: []string{"w s[0] through low[0] | w s[2] through high[0]", "w s[1] through low[1] | w s[3] through high[1]"},
		},
		{
			name: "copies into disjoint parts",
			src: `func f(t *task.T, dst, src []int) {
				t.Finish(func(t *task.T) {
					t.Async(func(t *task.T) { copy(dst[:2], src) })
					copy(dst[2:], src[2:])
				})
			}`,
			not: []string{"w dst[0:2] | w dst[2:]"},
		},
		{
			name: "copy into the element the parent reads",
			src: `func f(t *task.T, dst, src []int) int {
				t.Async(func(t *task.T) { copy(dst, src) })
				return dst[1]
			}`,
			want: []string{"w dst[_] | r dst[1]"},
		},
		{
			name: "delete against len",
			src: `func f(t *task.T, m map[string]int) int {
				t.Async(func(t *task.T) { delete(m, "a") })
				return len(m)
			}`,
			want: []string{"w m[_] | r m[_]"},
		},
		{
			name: "clear against an element read",
			src: `func f(t *task.T, s []int) int {
				t.Async(func(t *task.T) { clear(s) })
				return s[1]
			}`,
			want: []string{"w s[_] | r s[1]"},
		},
		{
			name: "byte of a word against the word",
			src: `func f(t *task.T) uint32 {
				var word uint32
				view := (*[4]byte)(unsafe.Pointer(&word))
				t.Async(func(t *task.T) { view[2] = 0xff })
				return word
			}`,
			sizes: sizes,
			want:  []string{"w word.bytes[2:3] through view[2] | r word"},
		},
		{
			name: "different bytes of a word",
			src: `func f(t *task.T) {
				var word uint32
				view := (*[4]byte)(unsafe.Pointer(&word))
				t.Finish(func(t *task.T) {
					t.Async(func(t *task.T) { view[2] = 0xff })
					view[0] = 0x01
				})
			}`,
			sizes: sizes,
			not:   []string{"w word.bytes[2:3] through view[2] | w word.bytes[0:1] through view[0]"},
		},
		{
			name: "different bytes of a word, layout unknown",
			src: `func f(t *task.T) {
				var word uint32
				view := (*[4]byte)(unsafe.Pointer(&word))
				t.Finish(func(t *task.T) {
					t.Async(func(t *task.T) { view[2] = 0xff })
					view[0] = 0x01
				})
			}`,
			want: []string{"w word through view[2] | w word through view[0]"},
		},
		{
			name: "two iterations of a ForAll body",
			src: `func f(t *task.T, xs []int) int {
				total := 0
				t.ForAll(0, len(xs), func(t *task.T, i int) { total += xs[i] })
				return total
			}`,
			want: []string{"w total | w total"},
		},
		{
			name: "two iterations of a ForAsync body",
			src: `func f(t *task.T) {
				last := -1
				t.ForAsync(0, 3, func(t *task.T, i int) { last = i })
				_ = last
			}`,
			want: []string{"w last | w last"},
		},
		{
			name: "two iterations of a loop of asyncs",
			src: `func f(t *task.T, n int) {
				hits := 0
				for i := 0; i < n; i++ {
					t.Async(func(t *task.T) { hits++ })
				}
			}`,
			want: []string{"w hits | w hits"},
		},
		{
			name: "two iterations of a sequential loop",
			src: `func f(t *task.T, n int) {
				hits := 0
				for i := 0; i < n; i++ {
					hits++
				}
			}`,
			not: []string{"w hits | w hits"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := conflictsOf(t, tt.src, tt.sizes)
			for _, w := range tt.want {
				if !slices.Contains(got, w) {
					t.Errorf("missing conflict %q; conflicts:\n%s", w, strings.Join(got, "\n"))
				}
			}
			for _, n := range tt.not {
				if slices.Contains(got, n) {
					t.Errorf("unexpected conflict %q; conflicts:\n%s", n, strings.Join(got, "\n"))
				}
			}
		})
	}
}
