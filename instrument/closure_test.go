package instrument

import "testing"

// closureCases are the cases of the closure rule (closure.go): variables
// captured only by function literals that are called on their declarer's
// goroutine get no hooks; a literal that another goroutine or task may run
// keeps the hooks of every variable it reaches.
var closureCases = []hookCase{
	{"recursive walk", "func f(c *cell) (n int) {\n\tvar walk func(d int)\n\twalk = func(d int) {\n\t\tif d == 0 {\n\t\t\treturn\n\t\t}\n\t\tn += c.v\n\t\twalk(d - 1)\n\t}\n\twalk(3)\n\treturn n\n}",
		[]string{"Read(&c.v)"}, 0, 0, 0},
	{"helper and its nil test", "func f(xs []int) int {\n\tsum := 0\n\tadd := func(x int) { sum += x }\n\tif add != nil {\n\t\tadd(1)\n\t}\n\tadd(2)\n\treturn sum\n}",
		nil, 0, 0, 0},
	{"called where written and deferred", "func f() (err error) {\n\tn := 0\n\tfunc() { n++ }()\n\tdefer func() {\n\t\tif n > 1 {\n\t\t\terr = nil\n\t\t}\n\t}()\n\treturn nil\n}",
		nil, 0, 0, 0},
	{"a literal inside a called one", "func f() int {\n\tn := 0\n\tinc := func() {\n\t\tfunc() { n++ }()\n\t}\n\tinc()\n\treturn n\n}",
		nil, 0, 0, 0},
	{"go statement", "func f() int {\n\tn := 0\n\tgo func() { n++ }()\n\treturn n\n}",
		[]string{"Read(&n)", "Write(&n)", "Read(&n)"}, 0, 0, 0},
	{"go of a variable", "func f() int {\n\tn := 0\n\tinc := func() { n++ }\n\tgo inc()\n\treturn n\n}",
		[]string{"Read(&n)", "Write(&n)", "Read(&n)"}, 0, 0, 0},
	{"passed to Async", "func f(t *task.T) int {\n\tn := 0\n\tt.Async(func(*task.T) { n++ })\n\treturn n\n}",
		[]string{"Read(&n)", "Write(&n)", "Read(&n)"}, 0, 0, 0},
	{"called from a literal passed on", "func f(t *task.T) int {\n\tn := 0\n\tinc := func() { n++ }\n\tt.Async(func(*task.T) { inc() })\n\tinc()\n\treturn n\n}",
		[]string{"Read(&n)", "Write(&n)", "Read(&inc)", "Read(&inc)", "Read(&n)"}, 0, 0, 0},
	{"copied to another variable", "var fs []func()\nfunc f() int {\n\tn := 0\n\tinc := func() { n++ }\n\tfs = append(fs, inc)\n\treturn n\n}",
		[]string{"Read(&n)", "Write(&n)", "Write(&fs)", "ReadSlice(fs)", "WriteSlice(_tpinstrSpan_X(fs[len(fs):cap(fs)], 1))", "Read(&n)"}, 1, 0, 0},
	{"assigned inside a go statement's literal", "func f() int {\n\tn := 0\n\tvar inc func()\n\tgo func() { inc = func() { n++ } }()\n\tinc()\n\treturn n\n}",
		[]string{"Write(&inc)", "Read(&n)", "Write(&n)", "Read(&inc)", "Read(&n)"}, 0, 0, 0},
	{"address taken", "func f() int {\n\tn := 0\n\tinc := func() { n++ }\n\tinc()\n\tq := &n\n\treturn *q\n}",
		[]string{"Read(&n)", "Write(&n)", "Read(q)"}, 0, 0, 0},
}

// TestClosure checks the hooks that the closure rule (closure.go) leaves
// in small functions, and that switching it off changes what it decides.
func TestClosure(t *testing.T) {
	runHookCases(t, closureCases)
	checkSwitch(t, OptClosure, closureCases)
}
