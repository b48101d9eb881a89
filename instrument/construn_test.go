package instrument

import "testing"

// construnCases are the cases of the construn optimization (construn.go): the
// hooks it leaves, and the cases it must leave alone.
var construnCases = []hookCase{
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
}

// TestConstRun checks the hooks that the construn optimization (construn.go) leaves
// in small functions, and that switching it off changes what it decides.
func TestConstRun(t *testing.T) {
	runHookCases(t, construnCases)
	checkSwitch(t, OptConstRun, construnCases)
}
