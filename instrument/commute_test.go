package instrument

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

func TestCommuteClass(t *testing.T) {
	tests := []struct {
		name, body string
		want       int
	}{
		{"increment", `count++`, commuteAdd},
		{"decrement and add", `count--; total += 2`, commuteAdd},
		{"add a local", `count += k`, commuteAdd},
		{"multiply", `prod *= 3`, commuteMul},
		{"or", `flags |= 4`, commuteOr},
		{"xor", `count ^= k`, commuteXor},
		{"mixed classes", `count++; prod *= 2`, commuteNone},
		{"float", `f += 1`, commuteNone},
		{"string", `s += "x"`, commuteNone},
		{"plain assignment", `count = count + 1`, commuteNone},
		{"operand assigned in isolated", `count += v`, commuteNone},
		{"operand read from a global", `count += count2`, commuteNone},
		{"call in the operand", `count += g()`, commuteNone},
		{"element at a fixed index", `arr[2]++`, commuteAdd},
		{"element at a moving index", `arr[v]++`, commuteNone},
		{"through a fixed pointer", `*p++`, commuteAdd},
		{"branch", `if count > 0 { count++ }`, commuteNone},
		{"empty", ``, commuteNone},
		{"update and a read of the loop variable", `count++; _ = k`, commuteAdd},
		{"update by an expression of locals", `count += k*2 + i`, commuteAdd},
		{"a definition of the body", `d := k * 2; total += d; _ = d`, commuteAdd},
		{"conversion", `count += int(small)`, commuteAdd},
		{"reads only", `_ = k`, commuteNone},
		{"read of a global", `count++; _ = count2`, commuteNone},
		{"read of an element", `count++; _ = arr[1]`, commuteNone},
		{"read through a pointer", `count += *p`, commuteNone},
		{"operand whose address is taken", `count += a`, commuteNone},
		{"operand with a pointer method", `count += int(cc)`, commuteNone},
		{"index whose address is taken", `arr[a]++`, commuteNone},
		{"stable index", `arr[i]++`, commuteAdd},
		{"update of a variable of the body", `d := 1; d++; count++`, commuteNone},
		{"plain assignment of a variable of the body", `d := 1; d = 2; count++; _ = d`, commuteNone},
		{"read of an operand assigned in isolated", `count++; _ = v`, commuteNone},
		{"branch on a stable value", `if k > 0 { count++ } else { total-- }`, commuteAdd},
		{"branch with a stable definition", `if d := k * 2; d > i { count += d }`, commuteAdd},
		{"histogram: loop over an owned array", `for b, n := range local { arr[b] += n; total += n }`, commuteAdd},
		{"loop over an owned map", `for key, n := range lm { arr[key&3] += n }`, commuteAdd},
		{"loop over an owned slice", `for _, n := range ls { count += n }`, commuteAdd},
		{"loop over an int", `for j := range k { arr[j&3]++ }`, commuteAdd},
		{"loop over owned structs", `for _, e := range pairs { arr[e.b] += e.n }`, commuteAdd},
		{"element of an owned slice", `count += ls[i]; total += len(ls)`, commuteAdd},
		{"branch on an owned element", `if local[i] > 0 { count++ }`, commuteAdd},
		{"loop over a map parameter", `for key, n := range pm { arr[key&3] += n }`, commuteNone},
		{"loop over a sliced array", `for _, n := range al { count += n }`, commuteNone},
		{"loop over a global", `for _, n := range arr { count += n }`, commuteNone},
		{"loop over an array an isolated body writes", `for _, n := range wr { count += n }`, commuteNone},
		{"loop over a slice passed on", `for _, n := range passed { count += n }`, commuteNone},
		{"loop over a slice from elsewhere", `for _, n := range borrowed { count += n }`, commuteNone},
		{"loop assigning outer variables", `for b = range local { count++ }`, commuteNone},
		{"update inside a loop over a global", `for range arr { count++ }`, commuteNone},
		{"branch on a global", `if count2 > 0 { count++ }`, commuteNone},
		{"field through a pointer", `count += pp.b`, commuteNone},
		{"insert into a map (a class of mutex sections only)", `pm[k] = k`, commuteNone},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := `package p
type T struct{}
func (*T) Isolated(func()) {}
var count, total, prod, count2 int
var flags uint8
var f float64
var s string
var arr [4]int
type C int
func (c *C) Inc() { *c++ }
func g() int { return 1 }
type pair struct{ b, n int }
func keep([]int) {}
func use(t *T, k int, p *int, pm map[int]int, borrowed []int, pp *pair) {
	v, b := 0, 0
	a, i := k, k&1
	var small int8
	var cc C
	cc.Inc()
	pa := &a
	var local, wr [4]int
	local[k&3]++
	lm := map[int]int{k: 1}
	ls := make([]int, 4)
	ls[i] = k
	pairs := []pair{{1, k}}
	al := [4]int{}
	sl := al[:]
	passed := make([]int, 2)
	keep(passed)
	t.Isolated(func() { v = 3; wr[i]++ })
	t.Isolated(func() { ` + tt.body + ` })
	_, _, _, _, _, _, _ = v, pa, i, small, cc, sl, b
	_, _, _, _, _ = local[0], lm[0], ls[0], pairs[0], wr[0]
}
`
			r, lit := commuteFixture(t, src)
			if got := r.commuteClass(lit); got != tt.want {
				t.Errorf("commuteClass(%q) = %d, want %d", tt.body, got, tt.want)
			}
		})
	}
}

// commuteFixture type-checks src and returns its facts, with the
// task package set to src's own package so that its T.Isolated counts, and
// the body of the last Isolated call.
func commuteFixture(t *testing.T, src string) (*facts, ast.Expr) {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{},
		Defs: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{},
	}
	conf := types.Config{Importer: importer.Default()}
	if _, err := conf.Check("example.com/p", fset, []*ast.File{file}, info); err != nil {
		t.Fatal(err)
	}
	r := &facts{info: info, file: file, taskPath: "example.com/p"}
	var last ast.Expr
	ast.Inspect(file, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if sel, ok := c.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Isolated" {
				last = c.Args[0]
			}
		}
		return true
	})
	return r, last
}

// TestCommuteSwitch checks that with the commute optimization switched
// off no Isolated body is a commutative update.
func TestCommuteSwitch(t *testing.T) {
	src := "package p\n\ntype T struct{}\n\nfunc (*T) Isolated(func()) {}\n\nvar n int\n\nfunc f(t *T) { t.Isolated(func() { n++ }) }\n"
	f, body := commuteFixture(t, src)
	if got := f.commuteClass(body); got != commuteAdd {
		t.Fatalf("commuteClass(n++) = %d, want %d (commuteAdd)", got, commuteAdd)
	}
	f.disable = map[string]bool{OptCommute: true}
	if got := f.commuteClass(body); got != commuteNone {
		t.Errorf("commuteClass(n++) with %s off = %d, want %d", OptCommute, got, commuteNone)
	}
}
