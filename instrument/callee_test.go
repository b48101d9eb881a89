package instrument

import (
	"fmt"
	"go/types"
	"strings"
	"testing"
)

// calleeHelpers are the helpers of the callee cases: load and store make
// one element access at an index parameter, sum reads every element of
// its slice parameter (a loop over all of it), and the others have no
// summary: clamp has a branch, bump writes a global, div may divide by
// zero.
const calleeHelpers = `func load(xs []int, i int) int { return xs[i] }
func store(ys []int, i int, v int) { ys[i] = v }
func sum(c []int) int {
	n := 0
	for k := len(c) - 1; k >= 0; k-- {
		n += c[k]
	}
	return n
}
func clamp(xs []int, i int) int { if xs[i] < 0 { return 0 }; return xs[i] }
func bump(xs []int, i int) { xs[i]++; g++ }
func div(xs []int, i, d int) int { return xs[i] / d }
`

// calleeCase is a hook case of the callee optimization and the number of
// calls it sends to a variant without hooks (Stats.HelperCalls).
type calleeCase struct {
	hookCase
	variants int
}

// helperHooks are the hooks of the helpers themselves, which every case
// has first: load's, store's, sum's range hook and its fallback, clamp's,
// bump's and div's.
var helperHooks = []string{"Read(&xs[i])", "Write(&ys[i])", "guarded ReadSlice(c[0:((len(c) - 1) + 1)])", "fallback Read(&c[k])",
	"Read(&xs[i])", "Read(&xs[i])", "Write(&xs[i])", "Read(&g)", "Write(&g)", "Read(&xs[i])"}

// helperCovered and helperRanges are the helpers' own counts: sum's c[k]
// behind its range hook's flag, and bump's second hook of xs[i]
// (straight.go).
const helperCovered, helperRanges = 2, 1

// calleeCases are the loops of the callee optimization (callee.go), each
// after calleeHelpers: those it gives range hooks, and those it must leave
// alone. The hooks listed are the loop's, after helperHooks; the counts
// the loop's, besides the helpers'.
var calleeCases = []calleeCase{
	{hookCase{"per-element helpers and a whole read", "func f(c, xs, ys []int, lo, hi int) { for i := lo; i < hi; i++ { store(ys, i, sum(c)+load(xs, i)) } }",
		[]string{"guarded WriteSlice(ys[lo:hi])", "guarded ReadSlice(xs[lo:hi])", "guarded ReadSlice(c)"}, 0, 3, 0}, 3},
	{hookCase{"loop over the slice the helper reads needs no flag", "func f(xs []int) (n int) { for i := range xs { n += load(xs, i) }; return n }",
		[]string{"ReadSlice(xs)"}, 0, 1, 0}, 1},
	{hookCase{"helper index not the loop's keeps every hook", "func f(xs, ys []int, k, lo, hi int) { for i := lo; i < hi; i++ { store(ys, i, load(xs, k)) } }",
		nil, 0, 0, 0}, 0},
	{hookCase{"offset index", "func f(xs, ys []int, n int) { for i := 0; i < n; i++ { store(ys, i+1, load(xs, i)) } }",
		[]string{"guarded WriteSlice(ys[(0 + 1):(n + 1)])", "guarded ReadSlice(xs[0:n])"}, 0, 2, 0}, 2},
	{hookCase{"write in a branch keeps its hook, the sure read goes", "func f(xs []int) { for i := range xs { if load(xs, i) < 0 { store(xs, i, 0) } } }",
		[]string{"ReadSlice(xs)"}, 0, 1, 0}, 1},
	{hookCase{"whole read needs a loop that runs", "func f(c, ys []int) { for i := range ys { ys[i] = sum(c) } }",
		[]string{"guarded WriteSlice(ys)", "guarded ReadSlice(c)", "fallback Write(&ys[i])"}, 1, 2, 0}, 1},
	{hookCase{"helper with a branch has no summary", "func f(xs []int) (n int) { for i := range xs { n += clamp(xs, i) + load(xs, i) }; return n }",
		nil, 0, 0, 0}, 0},
	{hookCase{"helper writing a global has no summary", "func f(xs []int) { for i := range xs { bump(xs, i) } }",
		nil, 0, 0, 0}, 0},
	{hookCase{"helper that may divide by zero has no summary", "func f(xs []int, d int) (n int) { for i := range xs { n += div(xs, i, d) }; return n }",
		nil, 0, 0, 0}, 0},
	{hookCase{"slice argument not a variable", "func f(xs []int) (n int) { for i := range xs { n += load(xs[1:], i) }; return n }",
		nil, 0, 0, 0}, 0},
	{hookCase{"task-library call in the loop", "func f(xs []int) (n int) { for i := range xs { n += load(xs, i) + h() }; return n }",
		nil, 0, 0, 0}, 0},
	{hookCase{"whole read of a slice the loop assigns keeps its hooks", "func f(c, xs []int) { for i := range xs { xs[i] = sum(c); c = xs } }",
		[]string{"WriteSlice(xs)"}, 1, 1, 0}, 0},
	{hookCase{"helper read beside a direct write", "func f(xs, ys []int) { for i := range xs { ys[i] = load(xs, i) } }",
		[]string{"guarded WriteSlice(ys[:len(xs)])", "guarded ReadSlice(xs)", "fallback Write(&ys[i])"}, 1, 2, 0}, 1},
	{hookCase{"loop counting down", "func f(xs []int, lo, hi int) { for i := hi; i >= lo; i-- { store(xs, i, load(xs, i) + 1) } }",
		[]string{"guarded WriteSlice(xs[lo:(hi + 1)])"}, 0, 1, 0}, 2},
}

// withHelpers returns the case tt after the helpers: its source follows
// calleeHelpers, its hooks helperHooks, its counts the helpers'.
func withHelpers(tt calleeCase) hookCase {
	c := tt.hookCase
	c.body = calleeHelpers + c.body
	c.hooks = append(append([]string(nil), helperHooks...), c.hooks...)
	c.covered += helperCovered
	c.ranges += helperRanges
	return c
}

// TestCallee checks the hooks that the callee optimization (callee.go)
// leaves, the calls it sends to the variants without hooks, and that
// switching it off changes what it decides.
func TestCallee(t *testing.T) {
	var cases []hookCase
	for _, tt := range calleeCases {
		cases = append(cases, withHelpers(tt))
	}
	runHookCases(t, cases)
	checkSwitch(t, OptCallee, cases)
	for _, tt := range calleeCases {
		t.Run(tt.name, func(t *testing.T) {
			res, out := rewriteSource(t, hookSource(withHelpers(tt)), Config{})
			if got := res.Stats.HelperCalls; got != tt.variants {
				t.Errorf("HelperCalls = %d, want %d", got, tt.variants)
			}
			if got := strings.Count(out, "(!_tpinstr_t") + strings.Count(out, "(false, "); got != tt.variants {
				t.Errorf("%d calls of variants, want %d:\n%s", got, tt.variants, out)
			}
			_, off := rewriteSource(t, hookSource(withHelpers(tt)), Config{Disable: map[string]bool{OptCallee: true}})
			if strings.Contains(off, "_tpinstr_nohooks_") {
				t.Errorf("callee off, a variant is still used:\n%s", off)
			}
		})
	}
}

// TestCalleeSummary checks which helpers get a summary (calleeSummary)
// and what it says: the element accesses t[j] by parameter positions,
// "w" for a write, the indices that can panic, and the parameters read
// whole.
func TestCalleeSummary(t *testing.T) {
	tests := []struct {
		name, decl string
		want       string // "" for no summary
	}{
		{"load", "func f(xs []int, i int) int { return xs[i] }", "elems 0[1]; tests 0[1]; wholes"},
		{"store", "func f(ys []int, i, v int) { ys[i] = v }", "elems 0[1]w; tests 0[1]; wholes"},
		{"read-modify-write", "func f(ys []int, i, v int) { ys[i] += v }", "elems 0[1] 0[1]w; tests 0[1]; wholes"},
		{"two slices at one index", "func f(xs, ys []int, i int) int { return xs[i] * ys[i] }", "elems 0[2] 1[2]; tests 0[2] 1[2]; wholes"},
		{"copy between indices", "func f(s []int, i, j int) { s[j] = s[i] }", "elems 0[2]w 0[1]; tests 0[2] 0[1]; wholes"},
		{"range over all", "func f(c []int) (n int) { for k := range c { n += c[k] }; return n }", "elems; tests; wholes 0"},
		{"up over all", "func f(c []int, x int) int { v := 0; for k := 0; k < len(c); k++ { v = v*x + c[k] }; return v }", "elems; tests; wholes 0"},
		{"down over all", "func f(c []int, x int) int { v := 0; for k := len(c) - 1; k >= 0; k-- { v = v*x + c[k] }; return v }", "elems; tests; wholes 0"},
		{"element and whole", "func f(c []int, i int) int { n := c[i]; for k := range c { n += c[k] }; return n }", "elems 0[1]; tests 0[1]; wholes 0"},
		{"loop over part", "func f(c []int) (n int) { for k := 1; k < len(c); k++ { n += c[k] }; return n }", ""},
		{"loop that writes", "func f(c []int) { for k := range c { c[k] = 0 } }", ""},
		{"loop reading another slice", "func f(c, d []int) (n int) { for k := range c { n += c[k] + d[k] }; return n }", ""},
		{"two loops", "func f(c []int) (n int) { for k := range c { n += c[k] }; for k := range c { n += c[k] }; return n }", ""},
		{"branch", "func f(xs []int, i int) int { if xs[i] < 0 { return 0 }; return xs[i] }", ""},
		{"global", "func f(xs []int, i int) { xs[i] = g }", ""},
		{"index not a parameter", "func f(xs []int) int { return xs[g] }", ""},
		{"index of another type", "func f(xs []int, i int32) int { return xs[i] }", ""},
		{"parameter assigned", "func f(xs []int, i int) int { i++; return xs[i] }", ""},
		{"address taken", "func f(xs []int, i int) int { p := &xs[i]; return *p }", ""},
		{"division", "func f(xs []int, i, d int) int { return xs[i] / d }", ""},
		{"call", "func f(xs []int, i int) int { return xs[i] + h() }", ""},
		{"pure call", "func f(xs []int, i int) int { return p(xs[i]) }", "elems 0[1]; tests 0[1]; wholes"},
		{"field of an element", "func f(cs []cell, i int) int { return cs[i].v }", ""},
		{"variadic", "func f(i int, xs ...int) int { return xs[i] }", ""},
		{"unnamed parameter", "func f(xs []int, _ int) int { return xs[0] }", ""},
		{"names an import", "func f(xs []int, i int) int { _ = task.Run; return xs[i] }", ""},
		{"nothing accessed", "func f(x, y int) int { return x + y }", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, _ := factsOf(t, hookHead+tt.decl+"\n", Config{})
			r := &fileRewriter{pkg: f.pkg, cfg: &Config{TaskPackage: fakeTask}, info: f.info, file: f.file, facts: f, stats: &Stats{Skipped: map[string]int{}}}
			fn, _ := f.pkg.Types.Scope().Lookup("f").(*types.Func)
			got := ""
			if s := r.calleeSummary(fn); s != nil {
				var elems, tests, wholes []string
				for _, e := range s.elems {
					w := ""
					if e.write {
						w = "w"
					}
					elems = append(elems, fmt.Sprintf("%d[%d]%s", e.t, e.j, w))
				}
				for _, e := range s.tests {
					tests = append(tests, fmt.Sprintf("%d[%d]", e.t, e.j))
				}
				for _, w := range s.wholes {
					wholes = append(wholes, fmt.Sprint(w))
				}
				got = strings.TrimSpace("elems "+strings.Join(elems, " ")) + "; " + strings.TrimSpace("tests "+strings.Join(tests, " ")) + "; " + strings.TrimSpace("wholes "+strings.Join(wholes, " "))
			}
			if got != tt.want {
				t.Errorf("summary of %s\n got  %q\n want %q", tt.decl, got, tt.want)
			}
		})
	}
}
