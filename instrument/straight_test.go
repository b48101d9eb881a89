package instrument

import "testing"

// straightCases are the cases of the straight optimization (straight.go): the
// hooks it leaves, and the cases it must leave alone.
var straightCases = []hookCase{
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
	{"argument of the first call joins the stretch", "func q(x int) int { return x + h() }\nfunc f() int { a := g; return q(g) + a }",
		[]string{"Read(&g)"}, 1, 0, 0},
	{"receiver of the first call joins the stretch", "type node struct{ l *node }\nfunc (n *node) count() int { return h() }\nfunc f(n *node) int { if n.l == nil { return 0 }; return n.l.count() }",
		[]string{"Read(&n.l)"}, 1, 0, 0},
	{"argument of the second call keeps its hook", "func q(x int) int { return x + h() }\nfunc f() int { a := g; return h() + q(g) + a }",
		[]string{"Read(&g)", "Read(&g)"}, 0, 0, 0},
	{"hooks of a statement that calls do not join the stretch", "func q(x int) int { return x + h() }\nfunc f() int { _ = q(g); return g }",
		[]string{"Read(&g)", "Read(&g)"}, 0, 0, 0},
	{"read after a Get in a return runs after it", "func f(t *task.T) int { x := task.NewFuture(t, func(*task.T) int { return 1 }); return x.Get() + g }",
		[]string{"Read(&g)"}, 0, 0, 0},
	{"index clamped by min and max has a hook", "func f(s []int, i int) int { return s[max(0, min(i-1, len(s)-1))] }",
		[]string{"Read(&s[max(0, min((i - 1), (len(s) - 1)))])"}, 0, 0, 0},
	{"pure call between", "func f() int { a := g; return p(a) + g }",
		[]string{"Read(&g)"}, 1, 0, 0},
	{"call of a function that writes memory keeps both hooks", "var hv int\nfunc q() int { hv = 1; return 0 }\nfunc f() int { a := g; q(); return a + g }",
		[]string{"Write(&hv)", "Read(&g)", "Read(&g)"}, 0, 0, 0},
	{"pure method between", "type vec struct{ x int }\nfunc (v vec) dot(w vec) int { return v.x * w.x }\nfunc f(v vec) int { a := g; return v.dot(v) + g + a }",
		[]string{"Read(&g)"}, 1, 0, 0},
	{"method that writes through its receiver keeps both hooks", "type ctr struct{ n int }\nfunc (c *ctr) inc() { c.n = 1 }\nfunc f(c *ctr) int { a := g; c.inc(); return a + g }",
		[]string{"Write(&c.n)", "Read(&g)", "Read(&g)"}, 0, 0, 0},
	{"math function between", "func f(x float64) int { a := g; _ = math.Sqrt(x); return a + g }",
		[]string{"Read(&g)"}, 1, 0, 0},
	{"field promoted through an embedded pointer, read twice", "type conf struct{ k int }\ntype sim struct{ *conf }\nfunc f(s *sim) int { return s.k * s.k }",
		[]string{"Read(&s.conf)", "Read(&s.k)"}, 2, 0, 0},
	{"field promoted through an embedded pointer, after the pointer changed", "type conf struct{ k int }\ntype sim struct{ *conf }\nfunc f(s *sim, c *conf) int { a := s.k; s.conf = c; return a + s.k }",
		[]string{"Read(&s.conf)", "Read(&s.k)", "Write(&s.conf)", "Read(&s.k)"}, 1, 0, 0},
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
}

// TestStraight checks the hooks that the straight optimization (straight.go) leaves
// in small functions, and that switching it off changes what it decides.
func TestStraight(t *testing.T) {
	runHookCases(t, straightCases)
	checkSwitch(t, OptStraight, straightCases)
}
