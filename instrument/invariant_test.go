package instrument

import "testing"

// invariantCases are the cases of the invariant optimization (invariant.go): the
// hooks it leaves, and the cases it must leave alone.
var invariantCases = []hookCase{
	{"invariant read", "func f(s []int) { for i := range s { s[i] = g } }",
		[]string{"WriteSlice(s)", "once Read(&g)"}, 1, 1, 1},
	{"invariant read in the condition", "func f(n int) (t int) { for i := 0; i < n+g; i++ { t += g }; return }",
		[]string{"once Read(&g)", "once Read(&g)"}, 0, 0, 2},
	{"captured variable", "func f(n int) (t int) { k := 1; inc := func() { k++ }; go inc(); for i := 0; i < n; i++ { t += k }; return }",
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

// TestInvariant checks the hooks that the invariant optimization (invariant.go) leaves
// in small functions, and that switching it off changes what it decides.
func TestInvariant(t *testing.T) {
	runHookCases(t, invariantCases)
	checkSwitch(t, OptInvariant, invariantCases)
}
