package instrument

import "testing"

// privateCases are the cases of the private rule (private.go): objects a
// function allocates and uses by itself get no hooks; any way a reference
// to the object, or a pointer into it, could leave the activation keeps
// every hook.
var privateCases = []hookCase{
	{"sieve", "func f(n int) (c int) {\n\tcomp := make([]bool, n)\n\tfor x := 2; x < n; x++ {\n\t\tif comp[x] {\n\t\t\tcontinue\n\t\t}\n\t\tc++\n\t\tfor m := x * x; m < n; m += x {\n\t\t\tcomp[m] = true\n\t\t}\n\t}\n\treturn\n}",
		nil, 0, 0, 0},
	{"local map", "func f(xs []string) int {\n\tseen := map[string]bool{}\n\tfor _, x := range xs {\n\t\tif !seen[x] {\n\t\t\tseen[x] = true\n\t\t}\n\t}\n\tdelete(seen, \"\")\n\treturn len(seen)\n}",
		[]string{"ReadSlice(xs)"}, 0, 0, 0},
	{"new struct and its fields", "func f() int {\n\tc := new(cell)\n\tc.v = 3\n\td := &cell{v: 1}\n\t*d = *c\n\treturn d.v + c.v\n}",
		nil, 0, 0, 0},
	{"reslice of itself and a range", "func f() (s int) {\n\tb := []int{1, 2, 3}\n\tb = b[1:]\n\tfor _, x := range b {\n\t\ts += x\n\t}\n\tif b != nil {\n\t\tb[0] = s\n\t}\n\treturn s + cap(b)\n}",
		nil, 0, 0, 0},
	{"array element of a private slice", "func f() int {\n\tb := make([][4]int, 2)\n\tb[1][2] = 5\n\tfor i := range b[0] {\n\t\tb[0][i] = i\n\t}\n\treturn b[1][2]\n}",
		nil, 0, 0, 0},
	{"passed to a call", "func use([]int) {}\nfunc f() int {\n\tb := make([]int, 4)\n\tb[0] = 1\n\tuse(b)\n\treturn b[0]\n}",
		[]string{"Write(&b[0])"}, 1, 0, 0},
	{"captured by a function literal", "func f(t *task.T) int {\n\tb := make([]int, 4)\n\tt.Async(func(*task.T) { b[1] = 2 })\n\tb[0] = 1\n\treturn b[0]\n}",
		[]string{"Read(&b)", "Write(&b[1])", "Read(&b)", "Write(&b[0])"}, 2, 0, 0},
	{"copied to another variable", "var gs []int\nfunc f() {\n\tb := make([]int, 4)\n\tc := b\n\tgs = c\n\tb[0] = 1\n}",
		[]string{"Write(&gs)", "Write(&b[0])"}, 0, 0, 0},
	{"resliced into another variable", "func f() int {\n\tb := make([]int, 4)\n\tv := b[1:]\n\tv[0] = 2\n\treturn b[1]\n}",
		[]string{"Write(&v[0])", "Read(&b[1])"}, 0, 0, 0},
	{"address of an element", "func f() int {\n\tb := make([]int, 4)\n\tq := &b[1]\n\t*q = 2\n\treturn b[1]\n}",
		[]string{"Write(q)", "Read(&b[1])"}, 0, 0, 0},
	{"array element sliced", "func f() int {\n\tb := make([][4]int, 2)\n\ts := b[0][:]\n\ts[1] = 1\n\treturn b[0][1]\n}",
		[]string{"Write(&s[1])", "Read(&b[0][1])"}, 0, 0, 0},
	{"pointer method of a part", "func (c *cell) inc() { c.v++ }\nfunc f() int {\n\tb := make([]cell, 2)\n\tb[0].inc()\n\treturn b[0].v\n}",
		[]string{"Read(&c.v)", "Write(&c.v)", "Read(&b[0].v)"}, 0, 0, 0},
	{"assigned a value that is not fresh", "func f(xs []int) int {\n\tb := make([]int, 2)\n\tif len(xs) > 2 {\n\t\tb = xs\n\t}\n\tb[0] = 1\n\treturn b[1]\n}",
		[]string{"Write(&b[0])", "Read(&b[1])"}, 0, 0, 0},
	{"appended to", "func f() int {\n\tb := make([]int, 0, 4)\n\tb = append(b, 1)\n\treturn b[0]\n}",
		[]string{"ReadSlice(b)", "WriteSlice(_tpinstrSpan_X(b[len(b):cap(b)], 1))", "Read(&b[0])"}, 0, 0, 0},
	{"returned", "func f() []int {\n\tb := make([]int, 2)\n\tb[0] = 1\n\treturn b\n}",
		[]string{"Write(&b[0])"}, 0, 0, 0},
	{"a parameter", "func f(b []int) int {\n\tb[0] = 1\n\treturn b[0]\n}",
		[]string{"Write(&b[0])"}, 1, 0, 0},
	{"isolated bodies keep their hooks", "func f(t *task.T) {\n\tt.Isolated(func() {\n\t\tb := make([]int, 2)\n\t\tb[0] = 1\n\t\tg = b[0]\n\t})\n}",
		[]string{"Write(&b[0])", "Write(&g)", "Read(&b[0])"}, 0, 0, 0},
	{"a package using unsafe", "func f() int {\n\tb := make([]int, 2)\n\t_ = unsafe.Pointer(&g)\n\tb[0] = 1\n\treturn b[0]\n}",
		[]string{"Write(&b[0])"}, 1, 0, 0},
}

// TestPrivate checks the hooks that the private rule (private.go) leaves in
// small functions, and that switching it off changes what it decides.
func TestPrivate(t *testing.T) {
	runHookCases(t, privateCases)
	checkSwitch(t, OptPrivate, privateCases)
}
