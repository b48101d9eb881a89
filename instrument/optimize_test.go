package instrument

import (
	"regexp"
	"strings"
	"testing"
)

// hookRE matches one access hook call of rewritten code and its first
// argument.
var hookRE = regexp.MustCompile(`_tpinstr_rt\.(Read|Write|ReadSlice|WriteSlice|ReadMap|WriteMap)\((.*?), _tpinstrSites_`)

// hookList returns the access hooks of a rewritten file in text order, as
// "Op(arg)", prefixed by how a loop optimization guards them: "once " (runs
// once per loop execution), "fallback " (runs only when the loop's range
// hooks did not), "guarded " (a range hook behind the length test).
func hookList(out string) []string {
	code, _, _ := strings.Cut(out, "\n// Sites of the tpinstr hooks")
	var hooks []string
	for _, m := range hookRE.FindAllStringSubmatchIndex(code, -1) {
		before := code[:m[0]]
		seg := ""
		if i := strings.LastIndex(before, "if "); i >= 0 {
			seg = before[i:]
		}
		prefix := ""
		switch {
		case strings.Contains(seg, "}") || !strings.Contains(seg, "_tpinstr_t"):
		case strings.Contains(seg, "!_tpinstr_t"):
			prefix = "fallback "
		case strings.Contains(seg, "= false;"):
			prefix = "once "
		default:
			prefix = "guarded "
		}
		hooks = append(hooks, prefix+code[m[2]:m[3]]+"("+code[m[4]:m[5]]+")")
	}
	return hooks
}

// TestHookOptimizations rewrites small functions and checks which hooks
// each optimization leaves, and the cases each must leave alone.
func TestHookOptimizations(t *testing.T) {
	const head = "package p\n\nimport task \"" + fakeTask + "\"\n\nvar _ = task.Run\n\nvar g int\n\ntype cell struct{ v int }\n\n// h makes a task-library call: calling it ends a stretch.\nfunc h() int { task.Run(func(*task.T) {}); return 0 }\n\n// p is pure.\nfunc p(x int) int { return max(x, -x) }\n\n"
	tests := []struct {
		name  string
		body  string
		hooks []string
		// want counts of Stats.Covered, RangeHooks, OncePerLoop
		covered, ranges, once int
	}{
		// Straight-line code.
		{"read after write", "func f() int { g = 1; return g }",
			[]string{"Write(&g)"}, 1, 0, 0},
		{"read after read", "func f() int { a := g; b := g; return a + b }",
			[]string{"Read(&g)"}, 1, 0, 0},
		{"read in the same statement as a write", "func f() { g = g + 1 }",
			[]string{"Write(&g)"}, 1, 0, 0},
		{"write after read keeps its hook", "func f() { a := g; g = a }",
			[]string{"Read(&g)", "Write(&g)"}, 0, 0, 0},
		{"no hook of a variable of zero size", "var e struct{ _ [0]int; _ struct{} }\n\nfunc f() any { e = e; return e }",
			nil, 0, 0, 0},
		{"write after write", "func f() { g = 1; g = 2 }",
			[]string{"Write(&g)"}, 1, 0, 0},
		{"call between keeps both hooks", "func f() int { a := g; h(); return a + g }",
			[]string{"Read(&g)", "Read(&g)"}, 0, 0, 0},
		{"call in the second statement keeps its hook", "func f() int { a := g; return a + g + h() }",
			[]string{"Read(&g)", "Read(&g)"}, 0, 0, 0},
		{"pure call between", "func f() int { a := g; return p(a) + g }",
			[]string{"Read(&g)"}, 1, 0, 0},
		{"call of a function that writes memory keeps both hooks", "var hv int\nfunc q() int { hv = 1; return 0 }\nfunc f() int { a := g; q(); return a + g }",
			[]string{"Write(&hv)", "Read(&g)", "Read(&g)"}, 0, 0, 0},
		{"recursive call keeps both hooks", "func rec(n int) int { if n == 0 { return 0 }; return rec(n - 1) }\nfunc f() int { a := g; rec(2); return a + g }",
			[]string{"Read(&g)", "Read(&g)"}, 0, 0, 0},
		{"operand assigned between", "func f(s []int, i int) int { a := s[i]; i++; return a + s[i] }",
			[]string{"Read(&s[i])", "Read(&s[i])"}, 0, 0, 0},
		{"pointer assigned between", "func f(p, q *cell) int { p.v = 1; p = q; return p.v }",
			[]string{"Write(&p.v)", "Read(&p.v)"}, 0, 0, 0},
		{"pointer through memory written between", "func f(p **cell) int { (*p).v = 1; *p = nil; return (*p).v }",
			// The read of *p in the last statement follows its write.
			[]string{"Write(&((*p)).v)", "Read(p)", "Write(p)", "Read(&((*p)).v)"}, 1, 0, 0},
		{"element written through another slice", "func f(s []int, i int) int { s[i] = 1; t := s; t[i] = 2; return s[i] }",
			[]string{"Write(&s[i])", "Write(&t[i])"}, 1, 0, 0},
		{"aliasing expressions keep their hooks", "func f(p, q *cell) int { p.v = 1; return q.v }",
			[]string{"Write(&p.v)", "Read(&q.v)"}, 0, 0, 0},
		{"map as one location", "func f(m map[int]int) int { m[1] = 1; delete(m, 2); return m[3] }",
			[]string{"WriteMap(m)"}, 2, 0, 0},
		{"label ends the stretch", "func f() (a int) {\n\ta = g\nL:\n\ta += g\n\tif a < 10 {\n\t\tgoto L\n\t}\n\treturn\n}",
			[]string{"Read(&g)", "Read(&g)"}, 0, 0, 0},
		{"loop body starts a stretch", "func f(n int) { for i := 0; i < n; i++ { g = i } ; _ = g }",
			[]string{"Write(&g)", "Read(&g)"}, 0, 0, 0},
		{"if header joins the stretch", "func f() int { g = 1; if g > 0 { return 1 }; return 0 }",
			[]string{"Write(&g)"}, 1, 0, 0},
		{"isolated bodies keep every hook", "func f(t *task.T) { t.Isolated(func() { g = 1; _ = g }) }",
			[]string{"Write(&g)", "Read(&g)"}, 0, 0, 0},

		// Stretches through if statements.
		{"branch starts with the header's stretch", "func f() int { if g > 0 { return g }; return 0 }",
			[]string{"Read(&g)"}, 1, 0, 0},
		{"stretch goes on after a branch that returns", "func f(p *cell) int { if p.v == 0 { p.v = 1; return 0 }; return p.v }",
			[]string{"Read(&p.v)", "Write(&p.v)"}, 1, 0, 0},
		{"stretch goes on after a call-free branch", "func f(p *cell, x int) int { if x > 0 { x = 1 }; return p.v + x + p.v }",
			[]string{"Read(&p.v)"}, 1, 0, 0},
		{"hooks in a branch do not join the stretch after", "func f(c bool) int { if c { _ = g }; return g }",
			[]string{"Read(&g)", "Read(&g)"}, 0, 0, 0},
		{"call in a branch ends the stretch", "func f() int { if g > 0 { h() }; return g }",
			[]string{"Read(&g)", "Read(&g)"}, 0, 0, 0},
		{"call in a branch that returns keeps the stretch", "func f() int { if g > 0 { return h() }; return g }",
			[]string{"Read(&g)"}, 1, 0, 0},
		{"pointer changed in a branch", "func f(p, q *cell) int { if p.v > 0 { p = q }; return p.v }",
			[]string{"Read(&p.v)", "Read(&p.v)"}, 0, 0, 0},
		{"else if chain", "func f() int { if g > 0 { return 1 } else if g < 0 { return 2 }; return g }",
			[]string{"Read(&g)"}, 2, 0, 0},
		{"header with a call starts nothing", "func f() int { if h() > g { return g }; return g }",
			[]string{"Read(&g)", "Read(&g)", "Read(&g)"}, 0, 0, 0},
		{"init statement that moves a location", "func f(p, q *cell) int { _ = p.v; if p = q; p.v > 0 { return p.v }; return 0 }",
			[]string{"Read(&p.v)", "Read(&p.v)", "Read(&p.v)"}, 0, 0, 0},

		// Loops over slices.
		{"range write", "func f(s []int) { for i := range s { s[i] = i } }",
			[]string{"WriteSlice(s)"}, 1, 1, 0},
		{"three-clause read", "func f(s []int) (n int) { for i := 0; i < len(s); i++ { n += s[i] }; return }",
			[]string{"ReadSlice(s)"}, 1, 1, 0},
		{"range over len", "func f(s []cell) { for i := range len(s) { s[i] = cell{s[i].v + 1} } }",
			[]string{"WriteSlice(s)"}, 2, 1, 0},
		{"range with value covers reads", "func f(s []int) { for i, v := range s { s[i] = v + s[i] } }",
			[]string{"ReadSlice(s)", "WriteSlice(s)"}, 2, 1, 0},
		{"read in an if header", "func f(s []int) { for i := range s { if s[i] > 0 { s[i] = 0 } } }",
			[]string{"ReadSlice(s)", "Write(&s[i])"}, 1, 1, 0},
		{"other slices behind a length test", "func f(c, a []int) { for i := range c { c[i] = a[i] } }",
			[]string{"guarded WriteSlice(c)", "guarded ReadSlice(a[:len(c)])", "fallback Write(&c[i])", "fallback Read(&a[i])"}, 2, 2, 0},
		{"loop with break keeps per-element hooks", "func f(s []int) { for i := range s { if i > 3 { break }; s[i] = 1 } }",
			[]string{"Write(&s[i])"}, 0, 0, 0},
		{"loop with continue keeps per-element hooks", "func f(s []int) { for i := range s { if i > 3 { continue }; s[i] = 1 } }",
			[]string{"Write(&s[i])"}, 0, 0, 0},
		{"loop with a call keeps per-element hooks", "func f(s []int) { for i := range s { s[i] = h() } }",
			[]string{"Write(&s[i])"}, 0, 0, 0},
		{"loop with a pure call", "func f(s []int) { for i := range s { s[i] = p(i) } }",
			[]string{"WriteSlice(s)"}, 1, 1, 0},
		{"loop with a pure call that may panic keeps per-element hooks", "func pd(x, y int) int { return x / y }\nfunc f(s []int) { for i := range s { s[i] = pd(i, 2) } }",
			[]string{"Write(&s[i])"}, 0, 0, 0},
		{"loop that may panic keeps per-element hooks", "func f(s []int, d int) { for i := range s { s[i] = i / d } }",
			[]string{"Write(&s[i])"}, 0, 0, 0},
		{"loop through a pointer keeps per-element hooks", "func f(s []int, p *cell) { for i := range s { s[i] = p.v } }",
			[]string{"Write(&s[i])", "once Read(&p.v)"}, 0, 0, 1},
		{"loop assigning the slice keeps per-element hooks", "func f(s, t []int) { for i := range s { s[i] = 1; s = t } }",
			[]string{"Write(&s[i])"}, 0, 0, 0},
		{"loop assigning the index keeps per-element hooks", "func f(s []int) { for i := range s { s[i] = 1; i = 2; _ = i } }",
			[]string{"Write(&s[i])"}, 0, 0, 0},
		{"conditional write keeps per-element hooks", "func f(s []int) { for i := range s { if i%2 == 0 { s[i] = 1 } } }",
			[]string{"Write(&s[i])"}, 0, 0, 0},
		{"field of every element keeps per-element hooks", "func f(s []cell) { for i := range s { s[i].v = 1 } }",
			[]string{"Write(&s[i].v)"}, 0, 0, 0},
		{"range over a call", "func row() []int { return nil }\nfunc f(d []int) { for j, y := range row() { d[j] += y } }",
			[]string{"ReadSlice(_tpinstr_t1)", "guarded WriteSlice(d[:len(_tpinstr_t1)])", "fallback Read(&d[j])", "fallback Write(&d[j])"}, 2, 1, 0},
		{"range over a call, keys only", "func row() []int { return nil }\nfunc f(d []int) { for j := range row() { d[j] = 0 } }",
			[]string{"guarded WriteSlice(d[:len(_tpinstr_t1)])", "fallback Write(&d[j])"}, 1, 1, 0},
		{"range over a call after a label keeps its expression", "func row() []int { return nil }\nfunc f(d []int) {\nL:\n\tfor j := range row() {\n\t\td[j] = 0\n\t\tcontinue L\n\t}\n}",
			[]string{"Write(&d[j])"}, 0, 0, 0},
		{"bounds with offsets", "func f(out, in []int, lo, hi, s int) { for c := lo; c <= hi; c++ { out[c] = in[c-s] + in[1+c] } }",
			[]string{"guarded WriteSlice(out[lo:(hi + 1)])", "guarded ReadSlice(in[(lo - s):((hi - s) + 1)])", "guarded ReadSlice(in[(lo + 1):((hi + 1) + 1)])",
				"fallback Write(&out[c])", "fallback Read(&in[(c - s)])", "fallback Read(&in[(1 + c)])"}, 3, 3, 0},
		{"exclusive bound", "func f(out []int, lo, hi int) { for c := lo; c < hi; c++ { out[c] = 1 } }",
			[]string{"guarded WriteSlice(out[lo:hi])", "fallback Write(&out[c])"}, 1, 1, 0},
		{"range over an int", "func f(s []int, n int) { for i := range n { s[i] = 0; n = 1 } }",
			[]string{"guarded WriteSlice(s[0:n])", "fallback Write(&s[i])"}, 1, 1, 0},
		{"constant bounds", "func f(s []int) { for i := 0; i < 4; i++ { s[i] = 0 } }",
			[]string{"guarded WriteSlice(s[0:4])", "fallback Write(&s[i])"}, 1, 1, 0},
		{"constant index below zero keeps per-element hooks", "func f(s, t []int) { for i := 0; i < 4; i++ { s[i] = t[i-1] } }",
			[]string{"Write(&s[i])", "Read(&t[(i - 1)])"}, 0, 0, 0},
		{"constant bound beyond an array keeps per-element hooks", "var a [3]int\nfunc f() { for i := 0; i < 5; i++ { a[i] = 0 } }",
			[]string{"Write(&a[i])"}, 0, 0, 0},
		{"array within constant bounds", "var a [5]int\nfunc f() { for i := 1; i <= 3; i++ { a[i] = a[i+1] } }",
			[]string{"guarded WriteSlice(a[1:(3 + 1)])", "guarded ReadSlice(a[(1 + 1):((3 + 1) + 1)])", "fallback Write(&a[i])", "fallback Read(&a[(i + 1)])"}, 2, 2, 0},
		{"offset changed in the loop keeps per-element hooks", "func f(out []int, lo, hi, k int) { for c := lo; c < hi; c++ { out[c+k] = 1; k = 2 } }",
			[]string{"Write(&out[(c + k)])"}, 0, 0, 0},
		{"bound changed in the loop keeps per-element hooks", "func f(out []int, lo, hi int) { for c := lo; c < hi; c++ { out[c] = 1; hi = 2 } }",
			[]string{"Write(&out[c])"}, 0, 0, 0},
		{"bound read through a pointer keeps per-element hooks", "func f(out []int, p *cell) { for c := 0; c < p.v; c++ { out[c] = 1 } }",
			[]string{"once Read(&p.v)", "Write(&out[c])"}, 0, 0, 1},
		{"range over a slice with offsets", "func f(s, t []int) { for j := range s { s[j] = t[j+1] } }",
			[]string{"guarded WriteSlice(s[0:len(s)])", "guarded ReadSlice(t[(0 + 1):(len(s) + 1)])", "fallback Write(&s[j])", "fallback Read(&t[(j + 1)])"}, 2, 2, 0},
		{"index other than the loop's keeps per-element hooks", "func f(s []int) { for i := range s { s[i] = s[0] } }",
			[]string{"Write(&s[i])", "once Read(&s[0])"}, 0, 0, 1},

		// Loops counting down.
		{"horner", "func f(c []float64, x float64) (v float64) { for k := len(c) - 1; k >= 0; k-- { v = v*x + c[k] }; return }",
			[]string{"guarded ReadSlice(c[0:((len(c) - 1) + 1)])", "fallback Read(&c[k])"}, 1, 1, 0},
		{"down to an exclusive bound", "func f(s []int, lo, hi int) { for i := hi; i > lo; i -= 1 { s[i-1] = 0 } }",
			[]string{"guarded WriteSlice(s[((lo + 1) - 1):((hi - 1) + 1)])", "fallback Write(&s[(i - 1)])"}, 1, 1, 0},
		{"down with its lower bound changed keeps per-element hooks", "func f(s []int, lo int) { for i := len(s) - 1; i >= lo; i-- { s[i] = 0; lo = 1 } }",
			[]string{"Write(&s[i])"}, 0, 0, 0},
		{"down with a bound that mentions the index keeps per-element hooks", "func f(s []int) { for i := len(s) - 1; i >= i/2; i-- { s[i] = 0 } }",
			[]string{"Write(&s[i])"}, 0, 0, 0},
		{"down with a step of two keeps per-element hooks", "func f(s []int) { for i := len(s) - 1; i >= 0; i -= 2 { s[i] = 0 } }",
			[]string{"Write(&s[i])"}, 0, 0, 0},

		// Runs of constant indices.
		{"run through a pointer to an array", "func f(k *[8]int) int { a := k[0]; b := p(k[1]); c := k[2]; return a + b + c }",
			[]string{"ReadSlice(k[0:3])"}, 3, 1, 0},
		{"run in one statement", "var ga [4]int\nfunc f() int { return ga[1] + ga[2] }",
			[]string{"ReadSlice(ga[1:3])"}, 2, 1, 0},
		{"run over a slice behind a length test", "func f(k []int) (x int) { x += k[0]; x += k[1]; x += k[2]; return }",
			[]string{"guarded ReadSlice(k[0:3])", "fallback Read(&k[0])", "fallback Read(&k[1])", "fallback Read(&k[2])"}, 3, 1, 0},
		{"write run", "func f(k []int) { k[1] = 0; k[0] = k[1] }",
			[]string{"guarded WriteSlice(k[0:2])", "fallback Write(&k[1])", "fallback Write(&k[0])", "fallback Read(&k[1])"}, 3, 1, 0},
		{"runs split at a gap", "func f(k *[8]int) int { return k[0] + k[1] + k[3] + k[5] + k[6] }",
			[]string{"ReadSlice(k[0:2])", "ReadSlice(k[5:7])", "Read(&k[3])"}, 4, 2, 0},
		{"call between ends the run", "func f(k *[8]int) int { a := k[0]; h(); return a + k[1] }",
			[]string{"Read(&k[0])", "Read(&k[1])"}, 0, 0, 0},
		{"statement that may panic ends the run", "func f(k *[8]int, d int) int { a := k[0]; b := a / d; return b + k[1] }",
			[]string{"Read(&k[0])", "Read(&k[1])"}, 0, 0, 0},
		{"panic in the last statement of the run", "func f(k *[8]int, d int) int { a := k[0]; return a + k[1]/d }",
			[]string{"ReadSlice(k[0:2])"}, 2, 1, 0},
		{"pointer changed in the run", "func f(k, q *[8]int) int { a := k[0]; k = q; return a + k[1] }",
			[]string{"Read(&k[0])", "Read(&k[1])"}, 0, 0, 0},
		{"conditional access does not make a run", "func f(k *[8]int, c bool) bool { return k[0] > 0 && k[1] > 0 }",
			[]string{"Read(&k[0])", "Read(&k[1])"}, 0, 0, 0},
		{"label ends the window", "func f(k *[8]int) (x int) {\n\tx = k[0]\nL:\n\tx += k[1]\n\tif x < 0 {\n\t\tgoto L\n\t}\n\treturn\n}",
			[]string{"Read(&k[0])", "Read(&k[1])"}, 0, 0, 0},
		{"index out of the run may panic", "func f(k []int) int { a := k[0]; b := k[5]; return a + b + k[1] }",
			[]string{"Read(&k[0])", "Read(&k[5])", "Read(&k[1])"}, 0, 0, 0},
		{"isolated bodies keep constant-index hooks", "func f(t *task.T, k *[8]int) { t.Isolated(func() { _ = k[0] + k[1] }) }",
			[]string{"Read(&k)", "Read(&k[0])", "Read(&k)", "Read(&k[1])"}, 0, 0, 0},

		// Loop-invariant locations.
		{"invariant read", "func f(s []int) { for i := range s { s[i] = g } }",
			[]string{"WriteSlice(s)", "once Read(&g)"}, 1, 1, 1},
		{"invariant read in the condition", "func f(n int) (t int) { for i := 0; i < n+g; i++ { t += g }; return }",
			[]string{"once Read(&g)", "once Read(&g)"}, 0, 0, 2},
		{"captured variable", "func f(n int) (t int) { k := 1; inc := func() { k++ }; inc(); for i := 0; i < n; i++ { t += k }; return }",
			[]string{"Read(&k)", "Write(&k)", "once Read(&k)"}, 0, 0, 1},
		{"pointer target", "func f(n int, p *cell) (t int) { for i := 0; i < n; i++ { t += p.v }; return }",
			[]string{"once Read(&p.v)"}, 0, 0, 1},
		{"type switch variable changes in each iteration", "func f(xs []any) (t int) { for _, x := range xs { switch c := x.(type) { case *cell: t += c.v } }; return }",
			[]string{"ReadSlice(xs)", "Read(&c.v)"}, 0, 0, 0},
		{"map read in every iteration", "func f(m map[int]int, n int) (t int) { for i := 0; i < n; i++ { t += m[i]; m[i] = 0 } ; return }",
			[]string{"once ReadMap(m)", "WriteMap(m)"}, 0, 0, 1},
		{"written in the loop: reads still once, writes each time", "func f(n int) { for i := 0; i < n; i++ { t := g; g = t + i } }",
			[]string{"once Read(&g)", "Write(&g)"}, 0, 0, 1},
		{"call in the loop", "func f(n int) { for i := 0; i < n; i++ { _ = g; h() } }",
			[]string{"Read(&g)"}, 0, 0, 0},
		{"index changes in the loop", "func f(s []int, n int) { for i := 0; i < n; i++ { if i > 2 { _ = s[i] } } }",
			[]string{"Read(&s[i])"}, 0, 0, 0},
		{"pointer assigned in the loop", "func f(p *cell, n int) { for i := 0; i < n; i++ { _ = p.v; p = nil } }",
			[]string{"Read(&p.v)"}, 0, 0, 0},
		{"pointer variable written through a pointer", "var gp *cell\nfunc f(pp **cell, n int) { for i := 0; i < n; i++ { _ = gp.v; *pp = nil } }",
			[]string{"once Read(&gp)", "Read(&gp.v)", "Write(pp)"}, 0, 0, 1},
		{"pointer variable not written through a pointer of another type", "var gp *cell\nfunc f(q *int, n int) { for i := 0; i < n; i++ { _ = gp.v; *q = i } }",
			[]string{"once Read(&gp)", "once Read(&gp.v)", "Write(q)"}, 0, 0, 2},
		{"index variable written through a pointer", "func f(s []int, n int) { k := 0; q := &k; for i := 0; i < n; i++ { _ = s[k]; *q = i } }",
			[]string{"Read(&s[k])", "once Read(&k)", "Write(q)"}, 0, 0, 1},
		{"index in an array a slice element may share", "var idx [2]int\nfunc f(s, t []int) { for i := range t { if i > 0 { t[i] = s[idx[0]] } } }",
			[]string{"Write(&t[i])", "Read(&s[idx[0]])", "once Read(&idx[0])"}, 0, 0, 1},
		{"index in an array no slice element may share", "var idx [2]int\nfunc f(s []int, t []float64) { for i := range t { if i > 0 { t[i] = float64(s[idx[0]]) } } }",
			[]string{"Write(&t[i])", "once Read(&s[idx[0]])", "once Read(&idx[0])"}, 0, 0, 2},
		{"file using unsafe: any write through a pointer may move", "var _ = unsafe.Pointer(nil)\nvar gp *cell\nfunc f(q *int, n int) { for i := 0; i < n; i++ { _ = gp.v; *q = i } }",
			[]string{"once Read(&gp)", "Read(&gp.v)", "Write(q)"}, 0, 0, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := head + tt.body + "\n"
			if strings.Contains(tt.body, "unsafe.") {
				src = strings.Replace(src, "import task", "import \"unsafe\"\nimport task", 1)
			}
			res, out := rewriteSource(t, src, Config{})
			got := hookList(out)
			if strings.Join(got, "; ") != strings.Join(tt.hooks, "; ") {
				t.Errorf("hooks:\n got  %q\n want %q\n%s", got, tt.hooks, out)
			}
			st := res.Stats
			if st.Covered != tt.covered || st.RangeHooks != tt.ranges || st.OncePerLoop != tt.once {
				t.Errorf("covered, range hooks, once per loop = %d, %d, %d, want %d, %d, %d", st.Covered, st.RangeHooks, st.OncePerLoop, tt.covered, tt.ranges, tt.once)
			}
			if st.Hooks+st.Pruned+st.Covered+sumSkipped(st) != st.AccessSites {
				t.Errorf("%d sites but %d hooks, %d pruned, %d covered, %d skipped", st.AccessSites, st.Hooks, st.Pruned, st.Covered, sumSkipped(st))
			}
		})
	}
}
