package instrument

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/printer"
	"go/token"
	"go/types"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestCommuteRuleAgainstBruteForce checks the commutation rule of
// commute.go against brute force. Each round generates a file with random
// Isolated bodies (updates of globals, of shared and task-local variables,
// through pointers and at indexes, reads of globals, elements, pointers,
// task-local, shared and address-taken variables, definitions of the
// body), all of type int8 so that arithmetic wraps often, and asks
// commuteClass about each. For every class, tasks (2 to 4, each with its
// own loop variable and locals) each run one section whose body the rule
// accepted with that class, from a random memory, in every order: the
// memory at the end and what each section read besides its targets (the
// values of its expressions and the places it updated) must be the same in
// all orders. That is the claim exploration relies on when it runs one
// order of such sections. The test also runs bodies the rule rejects and
// fails if none of them actually depends on the order (the generator
// would then not test the rule's edge), or if the accepted bodies never
// use the forms the rule allows beyond plain updates.
func TestCommuteRuleAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 6))
	rounds := 300
	if testing.Short() {
		rounds = 80
	}
	var st struct {
		bodies, accepted, withReads, withFlow, orders, rejectedOrderDependent int
	}
	for round := range rounds {
		g := &bodyGen{rng: rng}
		var bodies []string
		for range 2 + rng.IntN(11) {
			bodies = append(bodies, g.body())
		}
		src := commuteSource(bodies)
		r, lits := commuteFile(t, src)
		byClass := map[int][]*ast.FuncLit{}
		var rejected []*ast.FuncLit
		for i, lit := range lits {
			st.bodies++
			c := r.commuteClass(lit)
			if c == commuteNone {
				rejected = append(rejected, lit)
				continue
			}
			st.accepted++
			if strings.Contains(bodies[i], "_ =") || strings.Contains(bodies[i], ":=") {
				st.withReads++
			}
			if strings.Contains(bodies[i], "for ") || strings.Contains(bodies[i], "if ") {
				st.withFlow++
			}
			byClass[c] = append(byClass[c], lit)
		}
		for c, ls := range byClass {
			for trial := range 6 {
				n := 2 + rng.IntN(3)
				secs := make([]*ast.FuncLit, n)
				for i := range secs {
					secs[i] = ls[rng.IntN(len(ls))]
				}
				mem := randomMemory(rng, n)
				if diff := allOrdersAgree(secs, mem); diff != "" {
					var b strings.Builder
					for i, s := range secs {
						fmt.Fprintf(&b, "\n  task %d: %s", i, nodeString(s.Body))
					}
					t.Fatalf("round %d, trial %d: sections of class %d that the rule accepts depend on their order: %s%s", round, trial, c, diff, b.String())
				}
				st.orders++
			}
		}
		for _, lit := range rejected {
			if allOrdersAgree([]*ast.FuncLit{lit, lit}, randomMemory(rng, 2)) != "" {
				st.rejectedOrderDependent++
			}
		}
	}
	t.Logf("%d bodies, %d accepted (%d with reads or definitions, %d with loops or branches), %d sets of sections run in every order, %d rejected bodies whose order matters",
		st.bodies, st.accepted, st.withReads, st.withFlow, st.orders, st.rejectedOrderDependent)
	if st.accepted == 0 || st.withReads == 0 || st.withFlow == 0 || st.orders == 0 || st.rejectedOrderDependent == 0 {
		t.Errorf("the random bodies miss a case the test is for: %+v", st)
	}
}

// bodyGen generates Isolated bodies over the variables of commuteSource.
type bodyGen struct {
	rng   *rand.Rand
	defs  []string // variables the body defined that are in scope: d0, d1, ...
	ndefs int
	loops []string // stable leaves of the loops around: int8(j0), v0, ...
	idx   []string // their index variables: j0, ...
	nest  int      // loops and ifs around
}

var (
	genTargets = []string{"g0", "g1", "arr[0]", "arr[1]", "arr[i]", "arr[k&1]", "*p", "s2", "*ps", "s3", "a", "*pa", "w", "m", "st[1]", "pal[0]"}
	// targets indexed by a loop variable j (written as J)
	genLoopTargets = []string{"arr[J]", "st[J]", "la[J]", "pal[J]", "g0"}
	// stable leaves first: the generator prefers them
	genStable   = []string{"k", "m", "i", "s1", "la[0]", "sa[1]", "ls[0]", "ls[i]"}
	genUnstable = []string{"g0", "g1", "*p", "arr[0]", "arr[i]", "a", "w", "s2", "s3", "st[0]", "al[1]"}
	// what a loop ranges over: owned arrays and a slice (la, sa, ls, and
	// st, which some bodies update), an array that a slice aliases (al),
	// a global (arr), and an int
	genRanges = []string{"la", "sa", "ls", "st", "al", "arr", "2"}
	genOps    = map[int][]string{
		commuteAdd: {"+=", "-=", "++", "--"},
		commuteMul: {"*="},
		commuteOr:  {"|="},
		commuteAnd: {"&="},
		commuteXor: {"^="},
	}
)

func (g *bodyGen) body() string {
	g.defs, g.ndefs, g.loops, g.idx, g.nest = nil, 0, nil, nil, 0
	class := 1 + g.rng.IntN(5)
	return g.block(class, 1+g.rng.IntN(4))
}

// block returns n statements, the variables they define used at the end.
func (g *bodyGen) block(class, n int) string {
	outer := len(g.defs)
	var stmts []string
	for range n {
		stmts = append(stmts, g.stmt(class))
	}
	for _, d := range g.defs[outer:] {
		stmts = append(stmts, "_ = "+d)
	}
	g.defs = g.defs[:outer]
	return strings.Join(stmts, "; ")
}

func (g *bodyGen) stmt(class int) string {
	switch x := g.rng.IntN(12); {
	case x < 5: // an update, usually of the body's class
		ops := genOps[class]
		if g.rng.IntN(6) == 0 {
			ops = append(genOps[1+g.rng.IntN(5)], "=")
		}
		op := ops[g.rng.IntN(len(ops))]
		target := genTargets[g.rng.IntN(len(genTargets))]
		if len(g.idx) > 0 && g.rng.IntN(2) == 0 {
			name := g.idx[g.rng.IntN(len(g.idx))]
			target = strings.ReplaceAll(genLoopTargets[g.rng.IntN(len(genLoopTargets))], "J", name)
		}
		if op == "++" || op == "--" {
			return target + op
		}
		return target + " " + op + " " + g.expr(2)
	case x < 7:
		return "_ = " + g.expr(2)
	case x < 8:
		d := fmt.Sprintf("d%d", g.ndefs)
		s := fmt.Sprintf("%s := int8(%s)", d, g.expr(2))
		g.ndefs++
		g.defs = append(g.defs, d)
		return s
	case g.nest >= 2:
		return "_ = " + g.expr(1)
	case x < 10: // a loop
		g.nest++
		defer func() { g.nest-- }()
		src := genRanges[g.rng.IntN(len(genRanges))]
		n := len(g.idx)
		j, v := fmt.Sprintf("j%d", n), fmt.Sprintf("v%d", n)
		outer := len(g.loops)
		g.idx = append(g.idx, j)
		g.loops = append(g.loops, "int8("+j+")")
		defer func() { g.loops, g.idx = g.loops[:outer], g.idx[:n] }()
		if src == "2" {
			return fmt.Sprintf("for %s := range 2 { %s; _ = %s }", j, g.block(class, 1+g.rng.IntN(2)), j)
		}
		g.loops = append(g.loops, v)
		return fmt.Sprintf("for %s, %s := range %s { %s; _ = %s; _ = %s }", j, v, src, g.block(class, 1+g.rng.IntN(2)), j, v)
	default: // a branch
		g.nest++
		defer func() { g.nest-- }()
		s := fmt.Sprintf("if %s > 0 { %s }", g.expr(1), g.block(class, 1+g.rng.IntN(2)))
		if g.rng.IntN(2) == 0 {
			s += fmt.Sprintf(" else { %s }", g.block(class, 1))
		}
		return s
	}
}

// expr returns an int8 expression of depth at most depth.
func (g *bodyGen) expr(depth int) string {
	if depth > 0 && g.rng.IntN(3) == 0 {
		switch g.rng.IntN(4) {
		case 0:
			return "-(" + g.leaf(false) + ")"
		case 1:
			return "int8(" + g.expr(depth-1) + ")"
		default:
			ops := []string{"+", "-", "*", "^", "&", "|"}
			return "(" + g.expr(depth-1) + " " + ops[g.rng.IntN(len(ops))] + " " + g.leaf(true) + ")"
		}
	}
	return g.leaf(false)
}

// leaf returns a constant or a variable (only a variable if variable).
func (g *bodyGen) leaf(variable bool) string {
	switch x := g.rng.IntN(10); {
	case x < 2 && !variable:
		return strconv.Itoa(g.rng.IntN(9) - 3)
	case x < 3 && len(g.defs) > 0:
		return g.defs[g.rng.IntN(len(g.defs))]
	case x < 4 && len(g.loops) > 0:
		return g.loops[g.rng.IntN(len(g.loops))]
	case x < 7:
		return genStable[g.rng.IntN(len(genStable))]
	default:
		return genUnstable[g.rng.IntN(len(genUnstable))]
	}
}

// commuteSource is a file in which tasks (the ForAll body, k its loop
// variable) run the bodies: globals g0, g1, arr and p (which points to g1);
// s1, s2, s3 and ps (to s2), locals shared by the tasks; m, a, w, i and pa
// (to a), locals of each task. w and s3 are assigned in an Isolated body;
// the addresses of s2 and a are taken. The arrays sa and st, shared, and
// la, of each task, and the slice ls, of each task, are owned collections
// (commute.go, ownedCollection); al, shared, is not: pal slices it.
func commuteSource(bodies []string) string {
	var b strings.Builder
	b.WriteString(`package p
type T struct{}
func (*T) Isolated(func()) {}
func (*T) ForAll(lo, hi int, f func(*T, int8)) {}
var g0, g1 int8
var arr [2]int8
var p = &g1
func work(t *T, n int8) {
	s1, s2, s3 := n, n+1, n+2
	ps := &s2
	sa := [2]int8{n, s1}
	var st [2]int8
	st[0] = n
	al := [2]int8{n, n}
	pal := al[:]
	t.ForAll(0, 4, func(t *T, k int8) {
		m := k + 1
		m = m * 3
		a, w := k-1, k+2
		pa := &a
		i := k & 1
		var la [2]int8
		la[0], la[1] = k, m
		ls := make([]int8, 2)
		ls[1] = a
		t.Isolated(func() { w = 1; s3 = 2 })
`)
	for _, body := range bodies {
		fmt.Fprintf(&b, "\t\tt.Isolated(func() { %s })\n", body)
	}
	b.WriteString("\t\t_, _, _, _, _, _, _, _, _, _ = s1, s2, s3, ps, m, a, w, pa, i, pal\n")
	b.WriteString("\t\t_, _, _, _, _ = la[0], ls[0], sa[0], st[0], al[0]\n\t})\n}\n")
	return b.String()
}

// commuteFile type-checks src and returns its facts and the bodies
// of its Isolated calls but the first (the one that assigns w and s3).
func commuteFile(t *testing.T, src string) (*facts, []*ast.FuncLit) {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{},
		Defs: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{},
	}
	conf := types.Config{Importer: importer.Default()}
	if _, err := conf.Check("example.com/p", fset, []*ast.File{file}, info); err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	r := &facts{info: info, file: file, taskPath: "example.com/p"}
	var lits []*ast.FuncLit
	ast.Inspect(file, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if sel, ok := c.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Isolated" {
				if lit, ok := c.Args[0].(*ast.FuncLit); ok {
					lits = append(lits, lit)
				}
			}
		}
		return true
	})
	return r, lits[1:]
}

// memory is the state of the variables of commuteSource: shared cells by
// name, a task's cells by name#task.
type memory map[string]int8

func randomMemory(rng *rand.Rand, tasks int) memory {
	m := memory{}
	for _, v := range []string{"g0", "g1", "arr0", "arr1", "s1", "s2", "s3", "sa0", "sa1", "st0", "st1", "al0", "al1"} {
		m[v] = int8(rng.IntN(256))
	}
	for task := range tasks {
		for _, v := range []string{"k", "m", "a", "w", "la0", "la1", "ls0", "ls1"} {
			m[fmt.Sprintf("%s#%d", v, task)] = int8(rng.IntN(256))
		}
		m[fmt.Sprintf("i#%d", task)] = m[fmt.Sprintf("k#%d", task)] & 1
	}
	return m
}

// allOrdersAgree runs section i as task i's, from mem, in every order,
// and returns "" if every order leaves the same memory and each section
// read the same values and updated the same places, or a description of
// the first difference.
func allOrdersAgree(secs []*ast.FuncLit, mem memory) string {
	order := make([]int, len(secs))
	for i := range order {
		order[i] = i
	}
	var first memory
	var firstTraces []string
	var firstOrder []int
	for {
		m := maps(mem)
		traces := make([]string, len(secs))
		for _, i := range order {
			traces[i] = runSection(secs[i], i, m)
		}
		if first == nil {
			first, firstTraces, firstOrder = m, traces, slices.Clone(order)
		} else {
			for k, v := range first {
				if m[k] != v {
					return fmt.Sprintf("order %v leaves %s = %d, order %v %d", order, k, m[k], firstOrder, v)
				}
			}
			for i := range traces {
				if traces[i] != firstTraces[i] {
					return fmt.Sprintf("task %d reads %s in order %v, %s in order %v", i, traces[i], order, firstTraces[i], firstOrder)
				}
			}
		}
		if !nextPermutation(order) {
			return ""
		}
	}
}

func maps(m memory) memory {
	c := memory{}
	for k, v := range m {
		c[k] = v
	}
	return c
}

func nextPermutation(a []int) bool {
	i := len(a) - 2
	for i >= 0 && a[i] >= a[i+1] {
		i--
	}
	if i < 0 {
		return false
	}
	j := len(a) - 1
	for a[j] <= a[i] {
		j--
	}
	a[i], a[j] = a[j], a[i]
	slices.Reverse(a[i+1:])
	return true
}

// runSection interprets the body lit as task task's section on m, and
// returns its trace: the value of each expression it evaluated and each
// place it updated, the targets' old values left out.
func runSection(lit *ast.FuncLit, task int, m memory) string {
	in := &interp{task: task, m: m, defs: map[string]int8{}}
	in.stmts(lit.Body.List)
	return in.trace.String()
}

type interp struct {
	task  int
	m     memory
	defs  map[string]int8
	trace strings.Builder
}

func (in *interp) local(name string) string { return fmt.Sprintf("%s#%d", name, in.task) }

// place returns the cell that the location expression x names.
func (in *interp) place(x ast.Expr) string {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		switch x.Name {
		case "g0", "g1", "s1", "s2", "s3":
			return x.Name
		case "k", "m", "a", "w", "i":
			return in.local(x.Name)
		}
	case *ast.StarExpr:
		switch ast.Unparen(x.X).(*ast.Ident).Name {
		case "p":
			return "g1"
		case "ps":
			return "s2"
		case "pa":
			return in.local("a")
		}
	case *ast.IndexExpr:
		n := in.eval(x.Index) & 1
		switch name := ast.Unparen(x.X).(*ast.Ident).Name; name {
		case "arr", "sa", "st", "al":
			return fmt.Sprintf("%s%d", name, n)
		case "pal":
			return fmt.Sprintf("al%d", n)
		case "la", "ls":
			return in.local(fmt.Sprintf("%s%d", name, n))
		}
	}
	panic(fmt.Sprintf("no place for %s", nodeString(x)))
}

func (in *interp) eval(e ast.Expr) int8 {
	switch e := ast.Unparen(e).(type) {
	case *ast.BasicLit:
		n, err := strconv.Atoi(e.Value)
		if err != nil {
			panic(err)
		}
		return int8(n)
	case *ast.Ident:
		if v, ok := in.defs[e.Name]; ok {
			return v
		}
		return in.m[in.place(e)]
	case *ast.StarExpr, *ast.IndexExpr:
		return in.m[in.place(e)]
	case *ast.UnaryExpr:
		if e.Op == token.SUB {
			return -in.eval(e.X)
		}
	case *ast.CallExpr:
		return in.eval(e.Args[0]) // int8(x): every value is an int8
	case *ast.BinaryExpr:
		x, y := in.eval(e.X), in.eval(e.Y)
		switch e.Op {
		case token.ADD:
			return x + y
		case token.SUB:
			return x - y
		case token.MUL:
			return x * y
		case token.XOR:
			return x ^ y
		case token.AND:
			return x & y
		case token.OR:
			return x | y
		}
	}
	panic(fmt.Sprintf("cannot evaluate %s", nodeString(e)))
}

func (in *interp) stmts(list []ast.Stmt) {
	for _, s := range list {
		in.stmt(s)
	}
}

func (in *interp) stmt(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.RangeStmt:
		// Go evaluates the range expression once: an array is copied,
		// a slice's elements are read as the loop goes.
		var copied [2]int8
		src := ""
		if id, ok := s.X.(*ast.Ident); ok {
			src = id.Name
			for j := range copied {
				copied[j] = in.m[in.place(&ast.IndexExpr{X: s.X, Index: &ast.BasicLit{Kind: token.INT, Value: strconv.Itoa(j)}})]
			}
		}
		for j := range 2 {
			in.defs[s.Key.(*ast.Ident).Name] = int8(j)
			if s.Value != nil {
				v := copied[j]
				if src == "ls" {
					v = in.m[in.local(fmt.Sprintf("ls%d", j))]
				}
				in.defs[s.Value.(*ast.Ident).Name] = v
				fmt.Fprintf(&in.trace, "iter %d %d;", j, v)
			}
			in.stmts(s.Body.List)
		}
		return
	case *ast.IfStmt:
		cond := s.Cond.(*ast.BinaryExpr)
		c := in.eval(cond.X) > in.eval(cond.Y)
		fmt.Fprintf(&in.trace, "if %v;", c)
		if c {
			in.stmts(s.Body.List)
		} else if s.Else != nil {
			in.stmts(s.Else.(*ast.BlockStmt).List)
		}
		return
	case *ast.IncDecStmt:
		p := in.place(s.X)
		fmt.Fprintf(&in.trace, "%s%s;", p, s.Tok)
		if s.Tok == token.INC {
			in.m[p]++
		} else {
			in.m[p]--
		}
		return
	case *ast.AssignStmt:
		v := in.eval(s.Rhs[0])
		switch s.Tok {
		case token.DEFINE:
			in.defs[s.Lhs[0].(*ast.Ident).Name] = v
			fmt.Fprintf(&in.trace, "def %d;", v)
			return
		case token.ASSIGN:
			if id, ok := s.Lhs[0].(*ast.Ident); ok && id.Name == "_" {
				fmt.Fprintf(&in.trace, "read %d;", v)
				return
			}
		}
		p := in.place(s.Lhs[0])
		fmt.Fprintf(&in.trace, "%s%s%d;", p, s.Tok, v)
		switch s.Tok {
		case token.ASSIGN:
			in.m[p] = v
		case token.ADD_ASSIGN:
			in.m[p] += v
		case token.SUB_ASSIGN:
			in.m[p] -= v
		case token.MUL_ASSIGN:
			in.m[p] *= v
		case token.OR_ASSIGN:
			in.m[p] |= v
		case token.AND_ASSIGN:
			in.m[p] &= v
		case token.XOR_ASSIGN:
			in.m[p] ^= v
		default:
			panic(fmt.Sprintf("cannot run %s", nodeString(s)))
		}
		return
	}
	panic(fmt.Sprintf("cannot run %s", nodeString(s)))
}

func nodeString(n ast.Node) string {
	var b strings.Builder
	if err := printer.Fprint(&b, token.NewFileSet(), n); err != nil {
		return fmt.Sprintf("%T", n)
	}
	return b.String()
}
