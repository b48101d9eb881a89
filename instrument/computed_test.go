package instrument

import "testing"

// stencilRow is the inner loop of a periodic stencil: reads of row at the
// wrapped indices l and r beside the reads at j.
const stencilRow = "func f(out, up, row, down []float64, n int) {\n\tfor j := 0; j < n; j++ {\n\t\tl, r := j-1, j+1\n\t\tif l < 0 {\n\t\t\tl = n - 1\n\t\t}\n\t\tif r == n {\n\t\t\tr = 0\n\t\t}\n\t\tout[j] = 0.5*row[j] + 0.125*(up[j]+down[j]+row[l]+row[r])\n\t}\n}"

// computedCases are the cases of the computed optimization (computed.go):
// the hooks it leaves, and the cases it must leave alone.
var computedCases = []hookCase{
	{"stencil row", stencilRow,
		[]string{"switch WriteSlice(out[0:j])", "switch ReadSlice(row[0:j])", "switch ReadSlice(up[0:j])", "switch ReadSlice(down[0:j])",
			"slot Read(&row[_tpinstr_t2])", "slot Read(&row[_tpinstr_t3])",
			"fallback Write(&out[j])", "fallback Read(&row[j])", "fallback Read(&up[j])", "fallback Read(&down[j])",
			"fallback Read(&row[l])", "slot Read(&row[_tpinstr_t2])", "frontier Read(&row[l])",
			"fallback Read(&row[r])", "slot Read(&row[_tpinstr_t3])", "frontier Read(&row[r])",
			"guarded WriteSlice(out[0:n])", "guarded ReadSlice(row[0:n])", "guarded ReadSlice(up[0:n])", "guarded ReadSlice(down[0:n])"}, 6, 4, 0},
	{"computed read of a slice without a range hook", "func f(s, t []int, k int) { for j := range s { s[j] = t[k] } }",
		[]string{"switch WriteSlice(s[0:j])", "fallback Write(&s[j])", "once Read(&t[k])", "guarded WriteSlice(s[0:len(s)])"}, 1, 1, 1},
	{"computed write is not covered by a read range", "func f(s []int, k int) { for j := range s { s[k] = s[j] } }",
		[]string{"switch ReadSlice(s[0:j])", "Write(&s[k])", "fallback Read(&s[j])", "guarded ReadSlice(s[0:len(s)])"}, 1, 1, 0},
	{"computed write covered by a write range", "func f(s []int, k int) { for j := range s { s[j], s[k] = 0, 1 } }",
		[]string{"switch WriteSlice(s[0:j])", "slot Write(&s[_tpinstr_t2])", "fallback Write(&s[j])",
			"fallback Write(&s[k])", "slot Write(&s[_tpinstr_t2])", "frontier Write(&s[k])", "guarded WriteSlice(s[0:len(s)])"}, 2, 1, 0},
	{"offset use and a lower bound above zero", "func f(d, s []int, lo, n, m int) { for j := lo; j < n; j++ { d[j] = s[j-1] + s[m] } }",
		[]string{"switch WriteSlice(d[lo:j])", "switch ReadSlice(s[(lo - 1):(j - 1)])", "slot Read(&s[_tpinstr_t2])",
			"fallback Write(&d[j])", "fallback Read(&s[(j - 1)])",
			"fallback Read(&s[m])", "slot Read(&s[_tpinstr_t2])", "frontier Read(&s[m])",
			"guarded WriteSlice(d[lo:n])", "guarded ReadSlice(s[(lo - 1):(n - 1)])"}, 3, 2, 0},
	{"string read at a computed index is tested, not hooked", "func f(s []byte, str string, k int) { for j := range s { s[j] = str[k] } }",
		[]string{"switch WriteSlice(s[0:j])", "fallback Write(&s[j])", "guarded WriteSlice(s[0:len(s)])"}, 1, 1, 0},
	{"range loop with a value", "func f(d, s, t []int, k int) { for i, v := range s { d[i] = v + s[k] } }",
		[]string{"ReadSlice(s)", "switch WriteSlice(d[0:i])", "fallback Write(&d[i])", "once Read(&s[k])", "guarded WriteSlice(d[0:len(s)])"}, 1, 1, 1},
	{"range over an int", "func f(d, s []int, n, k int) { for i := range n { d[i] = s[i] + s[k] } }",
		[]string{"switch WriteSlice(d[0:i])", "switch ReadSlice(s[0:i])", "slot Read(&s[_tpinstr_t2])", "fallback Write(&d[i])", "fallback Read(&s[i])",
			"fallback Read(&s[k])", "slot Read(&s[_tpinstr_t2])", "frontier Read(&s[k])", "guarded WriteSlice(d[0:n])", "guarded ReadSlice(s[0:n])"}, 3, 2, 0},
	{"inclusive bound", "func f(d []int, lo, hi, k int) { for i := lo; i <= hi; i++ { d[i] = d[k] } }",
		[]string{"switch WriteSlice(d[lo:i])", "slot Read(&d[_tpinstr_t2])", "fallback Write(&d[i])",
			"fallback Read(&d[k])", "slot Read(&d[_tpinstr_t2])", "frontier Read(&d[k])", "guarded WriteSlice(d[lo:(hi + 1)])"}, 2, 1, 0},
	{"index of another integer type is tested, not covered", "func f(d, s []int, k uint8) { for i := range d { d[i] = s[i] + s[k] } }",
		[]string{"switch WriteSlice(d[0:i])", "switch ReadSlice(s[0:i])", "fallback Write(&d[i])", "fallback Read(&s[i])", "once Read(&s[k])",
			"guarded WriteSlice(d[0:len(d)])", "guarded ReadSlice(s[0:len(d)])"}, 2, 2, 1},
	{"array variable", "var a [8]int\nfunc f(d []int, k int) { for i := 0; i < 8; i++ { d[i] = a[i] + a[k] } }",
		[]string{"switch WriteSlice(d[0:i])", "switch ReadSlice(a[0:i])", "slot Read(&a[_tpinstr_t2])", "fallback Write(&d[i])", "fallback Read(&a[i])",
			"fallback Read(&a[k])", "slot Read(&a[_tpinstr_t2])", "frontier Read(&a[k])", "guarded WriteSlice(d[0:8])", "guarded ReadSlice(a[0:8])"}, 3, 2, 0},
	{"bound another goroutine can change keeps per-element hooks", "func f(s []int, n, k int) { go func() { n = 1 }(); for j := 0; j < n; j++ { s[j] = s[k] } }",
		[]string{"Write(&n)", "once Read(&n)", "Write(&s[j])", "once Read(&s[k])"}, 0, 0, 2},
	{"package-level slice keeps per-element hooks", "var gs []int\nfunc f(k int) { for j := range gs { gs[j] = gs[k] } }",
		[]string{"Read(&gs)", "once Read(&gs)", "Write(&gs[j])", "once Read(&gs)", "once Read(&gs[k])"}, 0, 0, 3},
	{"slice assigned in the loop keeps per-element hooks", "func f(s, u []int, k int) { for j := range u { u[j] = s[k]; s = u } }",
		[]string{"Write(&u[j])", "Read(&s[k])"}, 0, 0, 0},
	{"index use before the computed one keeps per-element hooks", "func f(s, t []int, k int) { for j := range s { s[j] = 0; g = t[k] } }",
		[]string{"Write(&s[j])", "Write(&g)", "once Read(&t[k])"}, 0, 0, 1},
	{"computed indices in two statements keep per-element hooks", "func f(s, t []int, k, m int) { for j := range s { s[j] = t[k]; g = t[m] } }",
		[]string{"Write(&s[j])", "once Read(&t[k])", "Write(&g)", "once Read(&t[m])"}, 0, 0, 2},
	{"computed index that may panic itself keeps per-element hooks", "func f(s, t []int, k, d int) { for j := range s { s[j] = t[k/d] } }",
		[]string{"Write(&s[j])", "once Read(&t[(k / d)])"}, 0, 0, 1},
	{"loop counting down keeps per-element hooks", "func f(s []int, k int) { for j := len(s) - 1; j >= 0; j-- { s[j] = s[k] } }",
		[]string{"Write(&s[j])", "once Read(&s[k])"}, 0, 0, 1},
	{"loop with a call keeps per-element hooks", "func f(s []int, k int) { for j := range s { s[j] = s[k] + h() } }",
		[]string{"Read(&s[k])", "Write(&s[j])"}, 0, 0, 0},
}

// TestComputed checks the hooks that the computed optimization
// (computed.go) leaves in small functions, and that switching it off
// changes what it decides.
func TestComputed(t *testing.T) {
	runHookCases(t, computedCases)
	checkSwitch(t, OptComputed, computedCases)
}
