package instrument

import "testing"

// ifjoinCases are the cases of the ifjoin optimization (ifjoin.go): the
// hooks it leaves, and the cases it must leave alone.
var ifjoinCases = []hookCase{
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
}

// TestIfJoin checks the hooks that the ifjoin optimization (ifjoin.go) leaves
// in small functions, and that switching it off changes what it decides.
func TestIfJoin(t *testing.T) {
	runHookCases(t, ifjoinCases)
	checkSwitch(t, OptIfJoin, ifjoinCases)
}
