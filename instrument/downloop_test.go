package instrument

import "testing"

// downloopCases are the cases of the downloop optimization (downloop.go): the
// hooks it leaves, and the cases it must leave alone.
var downloopCases = []hookCase{
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
}

// TestDownLoop checks the hooks that the downloop optimization (downloop.go) leaves
// in small functions, and that switching it off changes what it decides.
func TestDownLoop(t *testing.T) {
	runHookCases(t, downloopCases)
	checkSwitch(t, OptDownLoop, downloopCases)
}
