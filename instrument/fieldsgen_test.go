package instrument

import (
	"fmt"
	"go/format"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
)

// The generator of TestFieldsProperty (fieldsprop_test.go): random
// fork-join scenarios over struct fields, each with the verdict of an
// exact oracle.
//
// A scenario declares its own types, so that the keys of the fields
// optimization, which the whole program shares, are its own: a struct T
// that embeds Base and holds ints, an int64, a nested In, an array of In,
// an array of ints, a pointer to an In, fields of unnamed struct types
// and fields of a defined int type and a defined array type with pointer
// methods; In; Base; and, when it uses them, a generic Pair, a defined
// type Alt over In, a Node that embeds a pointer to an In, and a Holder of
// a struct that embeds atomic.Int64. Its objects are locals of its
// function (T values, a pointer to a T, a slice of T, pairs, a node, a
// holder, a value of its type of package ext, the In that the pointers
// point to) and aliases of them (q := &n, qi := &n.in). Its operations
// read or write them in the shapes of fieldsReads and fieldsWrites,
// before the fork, in one of the parallel branches (the parent's
// continuation before the join is one), or after the join.
//
// The oracle. Memory is a set of cells, one per int, int64 or pointer
// that an object holds by value, named by a canonical path ("n.B.id" for
// the promoted n.id, "P.arr[1].a" for p.arr[1].a, "TGT.a" for n.next.a,
// whose operation reads "n.next" on the way). An operation reads and
// writes sets of cells: a whole-struct write writes every cell of the
// struct (the pointer word of next, not its target), copy, clear and
// slices.Delete every cell of the elements they write. Two operations
// race when they are in two different branches, one writes a cell that
// the other reads or writes, and not both are atomic. Branches are forked
// and joined once, and nothing synchronizes them but the atomics of the
// go scenarios, which never order a pair in every schedule: in the one
// that runs a branch up to its access and then the other up to its own,
// every atomic that follows either access runs after both, so no chain of
// them orders the two, and the checker explores that schedule.

// fieldsModule is the module path of the generated programs.
const fieldsModule = "example.com/fieldsprop"

// Where an operation runs, besides the branches 0, 1, ...
const (
	fieldsPre  = -1 // before the fork
	fieldsPost = -2 // after the join
)

// fieldsScenario is one generated scenario: its files and its verdict.
type fieldsScenario struct {
	name   string // its argument, function and file name, s007
	index  int
	seed   uint64
	tasks  bool     // rt/task; otherwise go statements and a sync.WaitGroup
	style  string   // how the branches are forked and joined
	unsafe bool     // it converts through unsafe.Pointer: built into the second program
	src    string   // its file of the program's package main
	extSrc string   // its file of package ext, or ""
	racy   bool     // the oracle's verdict
	races  []string // the racing pairs of operations, described
	shapes []string // the shapes of its operations
}

// fieldsOp is one operation: its statements and the cells they access.
type fieldsOp struct {
	shape  string
	code   []string
	reads  []string
	writes []string
	atomic bool // an atomic operation, of the cells it accesses only
	where  int  // fieldsPre, fieldsPost or a branch
}

// fieldsBase is a T-typed location of a scenario.
type fieldsBase struct {
	sel  string // operand of a selector: n, q, p, ns[1]
	code string // the value: n, *q, *p, ns[1]
	addr string // its address: &n, q, p, &ns[1]
	root string // its cell path: n, P, NS[1]
	next bool   // its next field points to tgt
	objs []string
}

// fieldsLoc is an int or In location of a scenario.
type fieldsLoc struct {
	code  string   // the location as an expression
	sel   string   // operand of selectors and method calls on it
	addr  string   // its address
	cell  string   // its cell path
	extra []string // cells read on the way to it
	objs  []string
}

// fieldsGen generates one scenario.
type fieldsGen struct {
	r        *rand.Rand
	name     string          // the scenario's name, which its types and functions start with
	tasks    bool            // the scenario uses rt/task
	unsafe   bool            // it converts through unsafe.Pointer
	families []string        // the object families the scenario uses
	need     map[string]bool // objects, declarations and imports it needs
	setup    []string        // closures declared before the fork
	qiBase   fieldsBase      // what qi points into
	// prefer, when set, makes the pickers of locations choose one that
	// overlaps these cells when they can.
	prefer map[string]bool
}

// preferred returns the elements of xs whose cells meet g.prefer, or xs
// when none does.
func preferred[E any](g *fieldsGen, xs []E, cells func(E) string) []E {
	if g.prefer == nil {
		return xs
	}
	var out []E
	for _, x := range xs {
		if fieldsMeet(fieldsCellsOf([]string{cells(x)}), g.prefer) {
			out = append(out, x)
		}
	}
	if len(out) == 0 {
		return xs
	}
	return out
}

// save returns a function that takes the generator back to the state
// it has now, forgetting what an operation drawn since needed.
func (g *fieldsGen) save() func() {
	need, setup, unsafe := map[string]bool{}, len(g.setup), g.unsafe
	for k := range g.need {
		need[k] = true
	}
	return func() { g.need, g.setup, g.unsafe = need, g.setup[:setup], unsafe }
}

// ty returns the scenario's name of its type t (T, In, Base, Pair).
func (g *fieldsGen) ty(t string) string { return g.name + t }

// fieldsPick returns a random element of xs.
func fieldsPick[E any](r *rand.Rand, xs []E) E { return xs[r.IntN(len(xs))] }

// has reports whether the scenario uses the object family f.
func (g *fieldsGen) has(f string) bool { return slices.Contains(g.families, f) }

// use records that the scenario needs the objects or declarations names.
func (g *fieldsGen) use(names ...string) {
	for _, n := range names {
		g.need[n] = true
	}
}

// base returns a random T-typed location among the scenario's families.
func (g *fieldsGen) base() fieldsBase {
	var bs []fieldsBase
	if g.has("n") {
		bs = append(bs,
			fieldsBase{sel: "n", code: "n", addr: "&n", root: "n", next: true, objs: []string{"n"}},
			fieldsBase{sel: "q", code: "*q", addr: "q", root: "n", next: true, objs: []string{"q"}})
	}
	if g.has("p") {
		bs = append(bs, fieldsBase{sel: "p", code: "*p", addr: "p", root: "P", next: true, objs: []string{"p"}})
	}
	if g.has("ns") {
		j := g.r.IntN(3)
		bs = append(bs, fieldsBase{sel: fmt.Sprintf("ns[%d]", j), code: fmt.Sprintf("ns[%d]", j), addr: fmt.Sprintf("&ns[%d]", j), root: fmt.Sprintf("NS[%d]", j), objs: []string{"ns"}})
	}
	return fieldsPick(g.r, preferred(g, bs, func(b fieldsBase) string { return b.root }))
}

// intLoc returns a random int location.
func (g *fieldsGen) intLoc() fieldsLoc {
	var ls []fieldsLoc
	b := g.base()
	field := func(code, cell string) fieldsLoc {
		return fieldsLoc{code: b.sel + code, addr: "&" + b.sel + code, cell: b.root + cell, objs: b.objs}
	}
	j := g.r.IntN(3)
	ls = append(ls,
		field(".x", ".x"), field(".y", ".y"),
		field(".id", ".B.id"), // promoted through the embedded Base
		field("."+g.ty("Base")+".tag", ".B.tag"),
		field(".in.a", ".in.a"), field(".in.b", ".in.b"),
		field(fmt.Sprintf(".arr[%d].a", j), fmt.Sprintf(".arr[%d].a", j)),
		field(fmt.Sprintf(".nums[%d]", j+1), fmt.Sprintf(".nums[%d]", j+1)),
		field(".meta.u", ".meta.u"), // fields of an unnamed struct type
		field(fmt.Sprintf(".pts[%d].u", j%2), fmt.Sprintf(".pts[%d].u", j%2)))
	if b.next {
		l := field(".next.a", "")
		l.cell, l.extra = "TGT.a", []string{b.root + ".next"}
		ls = append(ls, l)
	}
	other := func(code, cell string, objs ...string) fieldsLoc {
		return fieldsLoc{code: code, addr: "&" + code, cell: cell, objs: objs}
	}
	if g.has("qi") {
		ls = append(ls, other("qi.a", g.qiBase.root+".in.a", "qi"), other("qi.b", g.qiBase.root+".in.b", "qi"))
	}
	if g.has("pi") {
		ls = append(ls, other("pi.A", "PI.A", "pi"), other("pi.B", "PI.B", "pi"))
	}
	if g.has("pr") {
		ls = append(ls, other("pr.A.a", "PR.A.a", "pr"), other("pr.B.b", "PR.B.b", "pr"))
	}
	if g.has("e") {
		ls = append(ls, other("e.V", "E.V", "e"), other("e.W", "E.W", "e"))
	}
	if g.has("tgt") {
		ls = append(ls, other("tgt.a", "TGT.a", "tgt"), other("tgt.b", "TGT.b", "tgt"))
	}
	if g.has("h") {
		ls = append(ls, other("h.k", "H.k", "h"), other("h.st.n", "H.st.n", "h"))
	}
	if g.has("nd") {
		promoted := other("nd.a", "TGT.a", "nd") // through the embedded pointer
		promoted.extra = []string{"ND.In"}
		ls = append(ls, promoted, other("nd.z", "ND.z", "nd"))
	}
	l := fieldsPick(g.r, preferred(g, ls, func(l fieldsLoc) string { return l.cell }))
	l.sel = l.code
	return l
}

// inLoc returns a random In location.
func (g *fieldsGen) inLoc() fieldsLoc {
	b := g.base()
	j := g.r.IntN(3)
	ls := []fieldsLoc{
		{code: b.sel + ".in", sel: b.sel + ".in", addr: "&" + b.sel + ".in", cell: b.root + ".in", objs: b.objs},
		{code: fmt.Sprintf("%s.arr[%d]", b.sel, j), sel: fmt.Sprintf("%s.arr[%d]", b.sel, j), addr: fmt.Sprintf("&%s.arr[%d]", b.sel, j), cell: fmt.Sprintf("%s.arr[%d]", b.root, j), objs: b.objs},
	}
	if b.next {
		ls = append(ls, fieldsLoc{code: "*" + b.sel + ".next", sel: b.sel + ".next", addr: b.sel + ".next", cell: "TGT", extra: []string{b.root + ".next"}, objs: b.objs})
	}
	if g.has("qi") {
		ls = append(ls, fieldsLoc{code: "*qi", sel: "qi", addr: "qi", cell: g.qiBase.root + ".in", objs: []string{"qi"}})
	}
	if g.has("pr") {
		ls = append(ls, fieldsLoc{code: "pr.A", sel: "pr.A", addr: "&pr.A", cell: "PR.A", objs: []string{"pr"}},
			fieldsLoc{code: "pr.B", sel: "pr.B", addr: "&pr.B", cell: "PR.B", objs: []string{"pr"}})
	}
	if g.has("tgt") {
		ls = append(ls, fieldsLoc{code: "*tgt", sel: "tgt", addr: "tgt", cell: "TGT", objs: []string{"tgt"}})
	}
	if g.has("nd") {
		in := "nd." + g.ty("In")
		ls = append(ls, fieldsLoc{code: "*" + in, sel: fieldsPick(g.r, []string{in, "nd"}), addr: in, cell: "TGT", extra: []string{"ND.In"}, objs: []string{"nd"}})
	}
	return fieldsPick(g.r, preferred(g, ls, func(l fieldsLoc) string { return l.cell }))
}

// k returns a small constant to write.
func (g *fieldsGen) k() int { return 1 + g.r.IntN(9) }

// tLit returns a T composite literal for a write of b.
func (g *fieldsGen) tLit(b fieldsBase, field string) string {
	if b.next {
		return fmt.Sprintf("%s{%s: %d, next: tgt}", g.ty("T"), field, g.k())
	}
	return fmt.Sprintf("%s{%s: %d}", g.ty("T"), field, g.k())
}

// fieldsShape is one shape of operation: it returns the operation, or
// nil when the scenario cannot have it.
type fieldsShape struct {
	name   string
	weight int
	make   func(g *fieldsGen) *fieldsOp
}

// fieldsOpOf returns the operation made of code that reads the cells of
// the paths reads and writes those of writes.
func fieldsOpOf(code string, reads, writes []string) *fieldsOp {
	return &fieldsOp{code: strings.Split(code, "\n"), reads: reads, writes: writes}
}

// fieldsExtra returns the paths ps and the cells read to reach l.
func fieldsExtra(l fieldsLoc, ps ...string) []string { return append(ps, l.extra...) }

// fieldsReads are the shapes of reads.
var fieldsReads = []fieldsShape{
	{"read", 6, func(g *fieldsGen) *fieldsOp {
		l := g.intLoc()
		g.use(l.objs...)
		return fieldsOpOf("acc += "+l.code, fieldsExtra(l, l.cell), nil)
	}},
	{"read-int64", 1, func(g *fieldsGen) *fieldsOp {
		b := g.base()
		g.use(b.objs...)
		return fieldsOpOf(fmt.Sprintf("acc += int(%s.c)", b.sel), []string{b.root + ".c"}, nil)
	}},
	{"read-atomic", 1, func(g *fieldsGen) *fieldsOp {
		if g.tasks {
			return nil // the checker does not model atomics inside task.Run
		}
		b := g.base()
		g.use(append(b.objs, "atomic")...)
		o := fieldsOpOf(fmt.Sprintf("acc += int(atomic.LoadInt64(&%s.c))", b.sel), []string{b.root + ".c"}, nil)
		o.atomic = true
		return o
	}},
	{"read-struct", 2, func(g *fieldsGen) *fieldsOp {
		l := g.inLoc()
		g.use(l.objs...)
		return fieldsOpOf(fmt.Sprintf("{\nv := %s\nacc += v.a\n}", l.code), fieldsExtra(l, l.cell), nil)
	}},
	{"read-value-method", 2, func(g *fieldsGen) *fieldsOp {
		l := g.inLoc()
		g.use(append(l.objs, "Sum")...)
		return fieldsOpOf(fmt.Sprintf("acc += %s.Sum()", l.sel), fieldsExtra(l, l.cell), nil)
	}},
	{"read-method-value", 2, func(g *fieldsGen) *fieldsOp {
		l := g.inLoc()
		g.use(append(l.objs, "Sum")...)
		return fieldsOpOf(fmt.Sprintf("{\nget := %s.Sum\nacc += get()\n}", l.sel), fieldsExtra(l, l.cell), nil)
	}},
	{"read-pointer-method", 2, func(g *fieldsGen) *fieldsOp {
		l := g.inLoc()
		g.use(append(l.objs, "Get")...)
		return fieldsOpOf(fmt.Sprintf("acc += %s.Get()", l.sel), fieldsExtra(l, l.cell+".a"), nil)
	}},
	{"read-function", 2, func(g *fieldsGen) *fieldsOp {
		l := g.inLoc()
		g.use(append(l.objs, "sumIn")...)
		return fieldsOpOf(fmt.Sprintf("acc += %ssumIn(%s)", g.name, l.addr), fieldsExtra(l, l.cell+".a", l.cell+".b"), nil)
	}},
	{"read-whole", 2, func(g *fieldsGen) *fieldsOp {
		b := g.base()
		g.use(b.objs...)
		return fieldsOpOf(fmt.Sprintf("{\nv := %s\nacc += v.y\n}", b.code), []string{b.root}, nil)
	}},
	{"read-function-x", 2, func(g *fieldsGen) *fieldsOp {
		b := g.base()
		g.use(append(b.objs, "readX")...)
		return fieldsOpOf(fmt.Sprintf("acc += %sreadX(%s)", g.name, b.addr), []string{b.root + ".x"}, nil)
	}},
	{"read-promoted-method", 2, func(g *fieldsGen) *fieldsOp {
		b := g.base()
		g.use(append(b.objs, "ID")...)
		return fieldsOpOf(fmt.Sprintf("acc += %s.ID()", b.sel), []string{b.root + ".B"}, nil)
	}},
	{"read-embedded", 1, func(g *fieldsGen) *fieldsOp {
		b := g.base()
		g.use(b.objs...)
		return fieldsOpOf(fmt.Sprintf("{\nv := %s.%s\nacc += v.tag\n}", b.sel, g.ty("Base")), []string{b.root + ".B"}, nil)
	}},
	{"read-array-field", 1, func(g *fieldsGen) *fieldsOp {
		b := g.base()
		g.use(b.objs...)
		return fieldsOpOf(fmt.Sprintf("{\nv := %s.nums\nacc += v[1]\n}", b.sel), []string{b.root + ".nums"}, nil)
	}},
	{"read-range-array", 1, func(g *fieldsGen) *fieldsOp {
		b := g.base()
		g.use(b.objs...)
		return fieldsOpOf(fmt.Sprintf("for _, v := range %s.arr {\nacc += v.a\n}", b.sel), []string{b.root + ".arr"}, nil)
	}},
	{"read-range-index", 1, func(g *fieldsGen) *fieldsOp {
		if !g.has("ns") {
			return nil
		}
		g.use("ns")
		return fieldsOpOf("for i := range ns {\nacc += ns[i].x\n}", []string{"NS[0].x", "NS[1].x", "NS[2].x"}, nil)
	}},
	{"read-range-value", 1, func(g *fieldsGen) *fieldsOp {
		if !g.has("ns") {
			return nil
		}
		g.use("ns")
		return fieldsOpOf("for _, v := range ns {\nacc += v.y\n}", []string{"NS"}, nil)
	}},
	{"read-ext-method", 1, func(g *fieldsGen) *fieldsOp {
		if !g.has("e") {
			return nil
		}
		g.use("e", "Peek")
		return fieldsOpOf("acc += e.Peek()", []string{"E.W"}, nil)
	}},
	{"read-converted", 1, func(g *fieldsGen) *fieldsOp {
		l := g.inLoc()
		g.use(append(l.objs, "Alt")...)
		return fieldsOpOf(fmt.Sprintf("acc += (*%s)(%s).b", g.ty("Alt"), l.addr), fieldsExtra(l, l.cell+".b"), nil)
	}},
	{"read-condition", 1, func(g *fieldsGen) *fieldsOp {
		l := g.intLoc()
		g.use(l.objs...)
		return fieldsOpOf(fmt.Sprintf("if %s > 0 {\nacc++\n}", l.code), fieldsExtra(l, l.cell), nil)
	}},
	{"read-embedded-pointer", 1, func(g *fieldsGen) *fieldsOp {
		if !g.has("nd") {
			return nil
		}
		g.use("nd")
		return fieldsOpOf("{\nv := *nd\nacc += v.z\n}", []string{"ND"}, nil)
	}},
	{"read-stats", 1, func(g *fieldsGen) *fieldsOp {
		if !g.has("h") {
			return nil
		}
		g.use("h")
		return fieldsOpOf("{\nv := &h.st\nacc += v.n\n}", []string{"H.st.n"}, nil)
	}},
	{"read-stats-copy", 2, func(g *fieldsGen) *fieldsOp {
		if !g.has("h") {
			return nil
		}
		g.use("h")
		return fieldsOpOf("{\nv := h.st\nacc += v.n\n}", []string{"H.st"}, nil)
	}},
	{"read-atomic-method", 1, func(g *fieldsGen) *fieldsOp {
		if g.tasks || !g.has("h") {
			return nil
		}
		g.use("h")
		o := fieldsOpOf("acc += int(h.st.Load())", []string{"H.st.Int64"}, nil)
		o.atomic = true
		return o
	}},
	{"read-counter", 2, func(g *fieldsGen) *fieldsOp {
		b := g.base()
		g.use(b.objs...)
		return fieldsOpOf(fmt.Sprintf("acc += int(%s.cnt)", b.sel), []string{b.root + ".cnt"}, nil)
	}},
	{"read-vector", 1, func(g *fieldsGen) *fieldsOp {
		b := g.base()
		g.use(b.objs...)
		return fieldsOpOf(fmt.Sprintf("{\nv := %s.vec\nacc += v[0]\n}", b.sel), []string{b.root + ".vec"}, nil)
	}},
	{"read-anonymous", 2, func(g *fieldsGen) *fieldsOp {
		b := g.base()
		g.use(b.objs...)
		if g.r.IntN(2) == 0 {
			return fieldsOpOf(fmt.Sprintf("{\nv := %s.meta\nacc += v.w\n}", b.sel), []string{b.root + ".meta"}, nil)
		}
		return fieldsOpOf(fmt.Sprintf("{\nv := %s.pts\nacc += v[1].u\n}", b.sel), []string{b.root + ".pts"}, nil)
	}},
	{"read-pair", 1, func(g *fieldsGen) *fieldsOp {
		if !g.has("pi") {
			return nil
		}
		g.use("pi")
		return fieldsOpOf("{\nv := *pi\nacc += v.A\n}", []string{"PI"}, nil)
	}},
}

// fieldsWrites are the shapes of writes.
var fieldsWrites = []fieldsShape{
	{"assign", 4, func(g *fieldsGen) *fieldsOp {
		l := g.intLoc()
		g.use(l.objs...)
		return fieldsOpOf(fmt.Sprintf("%s = %d", l.code, g.k()), l.extra, []string{l.cell})
	}},
	{"op-assign", 2, func(g *fieldsGen) *fieldsOp {
		l := g.intLoc()
		g.use(l.objs...)
		return fieldsOpOf(fmt.Sprintf("%s += %d", l.code, g.k()), fieldsExtra(l, l.cell), []string{l.cell})
	}},
	{"increment", 2, func(g *fieldsGen) *fieldsOp {
		l := g.intLoc()
		g.use(l.objs...)
		return fieldsOpOf(l.code+"++", fieldsExtra(l, l.cell), []string{l.cell})
	}},
	{"address-function", 2, func(g *fieldsGen) *fieldsOp {
		l := g.intLoc()
		g.use(append(l.objs, "setInt")...)
		return fieldsOpOf(fmt.Sprintf("%ssetInt(%s, %d)", g.name, l.addr, g.k()), l.extra, []string{l.cell})
	}},
	{"generic-store", 2, func(g *fieldsGen) *fieldsOp {
		l := g.intLoc()
		g.use(append(l.objs, "store")...)
		return fieldsOpOf(fmt.Sprintf("%sstore(%s, %d)", g.name, l.addr, g.k()), l.extra, []string{l.cell})
	}},
	{"ext-set-int", 1, func(g *fieldsGen) *fieldsOp {
		l := g.intLoc()
		g.use(append(l.objs, "ext")...)
		return fieldsOpOf(fmt.Sprintf("ext.SetInt(%s, %d)", l.addr, g.k()), l.extra, []string{l.cell})
	}},
	{"ext-store", 1, func(g *fieldsGen) *fieldsOp {
		l := g.inLoc()
		g.use(append(l.objs, "ext")...)
		return fieldsOpOf(fmt.Sprintf("ext.Store(%s, %s{a: %d})", l.addr, g.ty("In"), g.k()), l.extra, []string{l.cell})
	}},
	{"closure", 2, func(g *fieldsGen) *fieldsOp {
		l := g.intLoc()
		g.use(l.objs...)
		name := fmt.Sprintf("set%d", len(g.setup))
		g.setup = append(g.setup, fmt.Sprintf("%s := func(k int) { %s = k }", name, l.code))
		return fieldsOpOf(fmt.Sprintf("%s(%d)", name, g.k()), l.extra, []string{l.cell})
	}},
	{"closure-called", 1, func(g *fieldsGen) *fieldsOp {
		l := g.intLoc()
		g.use(l.objs...)
		return fieldsOpOf(fmt.Sprintf("func() {\n%s = %d\n}()", l.code, g.k()), l.extra, []string{l.cell})
	}},
	{"unsafe", 1, func(g *fieldsGen) *fieldsOp {
		l := g.intLoc()
		g.use(append(l.objs, "unsafe")...)
		g.unsafe = true
		return fieldsOpOf(fmt.Sprintf("*(*int)(unsafe.Pointer(%s)) = %d", l.addr, g.k()), l.extra, []string{l.cell})
	}},
	{"pointer-method", 3, func(g *fieldsGen) *fieldsOp {
		l := g.inLoc()
		g.use(append(l.objs, "Set")...)
		return fieldsOpOf(fmt.Sprintf("%s.Set(%d)", l.sel, g.k()), l.extra, []string{l.cell + ".a"})
	}},
	{"pointer-method-value", 2, func(g *fieldsGen) *fieldsOp {
		l := g.inLoc()
		g.use(append(l.objs, "Set")...)
		return fieldsOpOf(fmt.Sprintf("{\nw := %s.Set\nw(%d)\n}", l.sel, g.k()), l.extra, []string{l.cell + ".a"})
	}},
	{"pointer-method-rw", 1, func(g *fieldsGen) *fieldsOp {
		l := g.inLoc()
		g.use(append(l.objs, "Swap")...)
		return fieldsOpOf(l.sel+".Swap()", fieldsExtra(l, l.cell), []string{l.cell})
	}},
	{"assign-struct", 2, func(g *fieldsGen) *fieldsOp {
		l := g.inLoc()
		g.use(l.objs...)
		return fieldsOpOf(fmt.Sprintf("%s = %s{a: %d}", l.code, g.ty("In"), g.k()), l.extra, []string{l.cell})
	}},
	{"generic-store-struct", 2, func(g *fieldsGen) *fieldsOp {
		l := g.inLoc()
		g.use(append(l.objs, "store")...)
		return fieldsOpOf(fmt.Sprintf("%sstore(%s, %s{b: %d})", g.name, l.addr, g.ty("In"), g.k()), l.extra, []string{l.cell})
	}},
	{"assign-whole", 2, func(g *fieldsGen) *fieldsOp {
		b := g.base()
		g.use(b.objs...)
		return fieldsOpOf(fmt.Sprintf("%s = %s", b.code, g.tLit(b, "x")), nil, []string{b.root})
	}},
	{"assign-copy", 1, func(g *fieldsGen) *fieldsOp {
		b := g.base()
		g.use(append(b.objs, "m")...)
		return fieldsOpOf(b.code+" = m", []string{"M"}, []string{b.root})
	}},
	{"generic-store-whole", 1, func(g *fieldsGen) *fieldsOp {
		b := g.base()
		g.use(append(b.objs, "store")...)
		return fieldsOpOf(fmt.Sprintf("%sstore(%s, %s)", g.name, b.addr, g.tLit(b, "y")), nil, []string{b.root})
	}},
	{"function-write", 2, func(g *fieldsGen) *fieldsOp {
		b := g.base()
		g.use(append(b.objs, "setX")...)
		return fieldsOpOf(fmt.Sprintf("%ssetX(%s, %d)", g.name, b.addr, g.k()), nil, []string{b.root + ".x"})
	}},
	{"promoted-method", 3, func(g *fieldsGen) *fieldsOp {
		b := g.base()
		g.use(append(b.objs, "SetID")...)
		return fieldsOpOf(fmt.Sprintf("%s.SetID(%d)", b.sel, g.k()), nil, []string{b.root + ".B.id"})
	}},
	{"promoted-method-value", 2, func(g *fieldsGen) *fieldsOp {
		b := g.base()
		g.use(append(b.objs, "SetID")...)
		return fieldsOpOf(fmt.Sprintf("{\nw := %s.SetID\nw(%d)\n}", b.sel, g.k()), nil, []string{b.root + ".B.id"})
	}},
	{"assign-embedded", 1, func(g *fieldsGen) *fieldsOp {
		b := g.base()
		g.use(b.objs...)
		return fieldsOpOf(fmt.Sprintf("%s.%s = %s{tag: %d}", b.sel, g.ty("Base"), g.ty("Base"), g.k()), nil, []string{b.root + ".B"})
	}},
	{"assign-array-field", 1, func(g *fieldsGen) *fieldsOp {
		b := g.base()
		g.use(b.objs...)
		return fieldsOpOf(fmt.Sprintf("%s.nums = [4]int{%d}", b.sel, g.k()), nil, []string{b.root + ".nums"})
	}},
	{"slice-array-field", 2, func(g *fieldsGen) *fieldsOp {
		b := g.base()
		g.use(b.objs...)
		j := g.r.IntN(4)
		return fieldsOpOf(fmt.Sprintf("{\ns := %s.nums[:]\ns[%d] = %d\n}", b.sel, j, g.k()), nil, []string{fmt.Sprintf("%s.nums[%d]", b.root, j)})
	}},
	{"copy-array-field", 1, func(g *fieldsGen) *fieldsOp {
		b := g.base()
		g.use(append(b.objs, "two")...)
		return fieldsOpOf(fmt.Sprintf("copy(%s.nums[1:3], two)", b.sel), nil, []string{b.root + ".nums[1]", b.root + ".nums[2]"})
	}},
	{"loop-array-field", 1, func(g *fieldsGen) *fieldsOp {
		b := g.base()
		g.use(b.objs...)
		return fieldsOpOf(fmt.Sprintf("for j := range %s.nums {\n%s.nums[j] = j\n}", b.sel, b.sel), nil, []string{b.root + ".nums"})
	}},
	{"atomic-add", 2, func(g *fieldsGen) *fieldsOp {
		if g.tasks {
			return nil
		}
		b := g.base()
		g.use(append(b.objs, "atomic")...)
		o := fieldsOpOf(fmt.Sprintf("atomic.AddInt64(&%s.c, 1)", b.sel), nil, []string{b.root + ".c"})
		o.atomic = true
		return o
	}},
	{"atomic-store", 1, func(g *fieldsGen) *fieldsOp {
		if g.tasks {
			return nil
		}
		b := g.base()
		g.use(append(b.objs, "atomic")...)
		o := fieldsOpOf(fmt.Sprintf("atomic.StoreInt64(&%s.c, %d)", b.sel, g.k()), nil, []string{b.root + ".c"})
		o.atomic = true
		return o
	}},
	{"atomic-method", 3, func(g *fieldsGen) *fieldsOp {
		if g.tasks || !g.has("h") {
			return nil
		}
		g.use("h")
		// Add is promoted from the embedded atomic.Int64, or not.
		o := fieldsOpOf(fmt.Sprintf("h.st%s.Add(1)", fieldsPick(g.r, []string{"", ".Int64"})), nil, []string{"H.st.Int64"})
		o.atomic = true
		return o
	}},
	{"write-anonymous", 2, func(g *fieldsGen) *fieldsOp {
		b := g.base()
		g.use(b.objs...)
		// A field of an unnamed struct type has no key: the write marks
		// the field that holds it.
		if g.r.IntN(2) == 0 {
			return fieldsOpOf(fmt.Sprintf("%s.meta.w = %d", b.sel, g.k()), nil, []string{b.root + ".meta.w"})
		}
		j := g.r.IntN(2)
		return fieldsOpOf(fmt.Sprintf("%s.pts[%d].u = %d", b.sel, j, g.k()), nil, []string{fmt.Sprintf("%s.pts[%d].u", b.root, j)})
	}},
	{"counter-method", 3, func(g *fieldsGen) *fieldsOp {
		b := g.base()
		g.use(append(b.objs, "Inc")...)
		// The method of a defined int type writes *c, no field: only the
		// address its call takes of the field marks it.
		if g.r.IntN(3) == 0 {
			return fieldsOpOf(fmt.Sprintf("{\nw := %s.cnt.Inc\nw()\n}", b.sel), []string{b.root + ".cnt"}, []string{b.root + ".cnt"})
		}
		return fieldsOpOf(fmt.Sprintf("%s.cnt.Inc()", b.sel), []string{b.root + ".cnt"}, []string{b.root + ".cnt"})
	}},
	{"vector-method", 2, func(g *fieldsGen) *fieldsOp {
		b := g.base()
		g.use(append(b.objs, "Bump")...)
		j := g.r.IntN(3)
		c := fmt.Sprintf("%s.vec[%d]", b.root, j)
		return fieldsOpOf(fmt.Sprintf("%s.vec.Bump(%d)", b.sel, j), []string{c}, []string{c})
	}},
	{"increment-int64", 1, func(g *fieldsGen) *fieldsOp {
		b := g.base()
		g.use(b.objs...)
		return fieldsOpOf(b.sel+".c++", []string{b.root + ".c"}, []string{b.root + ".c"})
	}},
	{"copy-slice", 1, func(g *fieldsGen) *fieldsOp {
		if !g.has("ns") {
			return nil
		}
		g.use("ns", "src")
		i := g.r.IntN(2)
		j := i + 1 + g.r.IntN(2)
		var reads, writes []string
		for e := i; e < j; e++ {
			writes = append(writes, fmt.Sprintf("NS[%d]", e))
			reads = append(reads, fmt.Sprintf("SRC[%d]", e-i))
		}
		return fieldsOpOf(fmt.Sprintf("copy(ns[%d:%d], src)", i, j), reads, writes)
	}},
	{"clear-slice", 1, func(g *fieldsGen) *fieldsOp {
		if !g.has("ns") {
			return nil
		}
		g.use("ns")
		i := g.r.IntN(3)
		var writes []string
		for e := i; e < 3; e++ {
			writes = append(writes, fmt.Sprintf("NS[%d]", e))
		}
		return fieldsOpOf(fmt.Sprintf("clear(ns[%d:])", i), nil, writes)
	}},
	{"loop-slice", 1, func(g *fieldsGen) *fieldsOp {
		if !g.has("ns") {
			return nil
		}
		g.use("ns")
		return fieldsOpOf("for i := range ns {\nns[i].y = i\n}", nil, []string{"NS[0].y", "NS[1].y", "NS[2].y"})
	}},
	{"ext-method", 2, func(g *fieldsGen) *fieldsOp {
		if !g.has("e") {
			return nil
		}
		g.use("e", "Bump")
		return fieldsOpOf("e.Bump()", []string{"E.V"}, []string{"E.V"})
	}},
	{"tuple-assign", 1, func(g *fieldsGen) *fieldsOp {
		a, b := g.intLoc(), g.intLoc()
		g.use(append(a.objs, b.objs...)...)
		if g.r.IntN(2) == 0 {
			return fieldsOpOf(fmt.Sprintf("%s, %s = %s, %s", a.code, b.code, b.code, a.code),
				append(fieldsExtra(a, a.cell, b.cell), b.extra...), []string{a.cell, b.cell})
		}
		return fieldsOpOf(fmt.Sprintf("%s, %s = %d, %d", a.code, b.code, g.k(), g.k()), append(a.extra, b.extra...), []string{a.cell, b.cell})
	}},
	{"range-assign", 1, func(g *fieldsGen) *fieldsOp {
		l := g.intLoc()
		g.use(l.objs...)
		return fieldsOpOf(fmt.Sprintf("for %s = range 3 {\n}", l.code), l.extra, []string{l.cell})
	}},
	{"alias-pointer", 1, func(g *fieldsGen) *fieldsOp {
		l := g.intLoc()
		g.use(l.objs...)
		name := fmt.Sprintf("px%d", len(g.setup))
		g.setup = append(g.setup, fmt.Sprintf("%s := %s", name, l.addr))
		return fieldsOpOf(fmt.Sprintf("*%s = %d", name, g.k()), nil, []string{l.cell})
	}},
	{"deferred-method", 1, func(g *fieldsGen) *fieldsOp {
		l := g.inLoc()
		g.use(append(l.objs, "Set")...)
		return fieldsOpOf(fmt.Sprintf("func() {\ndefer %s.Set(%d)\n}()", l.sel, g.k()), l.extra, []string{l.cell + ".a"})
	}},
	{"method-expression", 1, func(g *fieldsGen) *fieldsOp {
		l := g.inLoc()
		g.use(append(l.objs, "Set")...)
		return fieldsOpOf(fmt.Sprintf("(*%s).Set(%s, %d)", g.ty("In"), l.addr, g.k()), l.extra, []string{l.cell + ".a"})
	}},
	{"interface-method", 1, func(g *fieldsGen) *fieldsOp {
		l := g.inLoc()
		g.use(append(l.objs, "Set")...)
		return fieldsOpOf(fmt.Sprintf("{\nvar s interface{ Set(int) } = %s\ns.Set(%d)\n}", l.addr, g.k()), l.extra, []string{l.cell + ".a"})
	}},
	{"pointer-conversion", 1, func(g *fieldsGen) *fieldsOp {
		l := g.inLoc()
		g.use(append(l.objs, "Alt")...)
		return fieldsOpOf(fmt.Sprintf("(*%s)(%s).a = %d", g.ty("Alt"), l.addr, g.k()), l.extra, []string{l.cell + ".a"})
	}},
	{"call-result", 1, func(g *fieldsGen) *fieldsOp {
		b := g.base()
		g.use(append(b.objs, "self")...)
		return fieldsOpOf(fmt.Sprintf("%sself(%s).y = %d", g.name, b.addr, g.k()), nil, []string{b.root + ".y"})
	}},
	{"copy-array-structs", 1, func(g *fieldsGen) *fieldsOp {
		b := g.base()
		g.use(append(b.objs, "ins")...)
		return fieldsOpOf(fmt.Sprintf("copy(%s.arr[1:], ins)", b.sel), nil, []string{b.root + ".arr[1]", b.root + ".arr[2]"})
	}},
	{"append-in-place", 1, func(g *fieldsGen) *fieldsOp {
		if !g.has("ns") {
			return nil
		}
		g.use("ns")
		i := g.r.IntN(3)
		return fieldsOpOf(fmt.Sprintf("_ = append(ns[:%d], %s{x: %d})", i, g.ty("T"), g.k()), nil, []string{fmt.Sprintf("NS[%d]", i)})
	}},
	{"std-delete", 1, func(g *fieldsGen) *fieldsOp {
		if !g.has("ns") {
			return nil
		}
		g.use("ns", "slices")
		i := g.r.IntN(3)
		var writes []string
		for e := i; e < 3; e++ {
			writes = append(writes, fmt.Sprintf("NS[%d]", e))
		}
		return fieldsOpOf(fmt.Sprintf("_ = slices.Delete(ns, %d, %d)", i, i+1), nil, writes)
	}},
	{"std-reverse", 1, func(g *fieldsGen) *fieldsOp {
		if !g.has("ns") {
			return nil
		}
		g.use("ns", "slices")
		i := g.r.IntN(2)
		return fieldsOpOf(fmt.Sprintf("slices.Reverse(ns[%d:%d])", i, i+2), nil, []string{fmt.Sprintf("NS[%d]", i), fmt.Sprintf("NS[%d]", i+1)})
	}},
	{"generic-method", 2, func(g *fieldsGen) *fieldsOp {
		switch {
		case g.has("pi") && (!g.has("pr") || g.r.IntN(2) == 0):
			g.use("pi", "SetA")
			return fieldsOpOf(fmt.Sprintf("pi.SetA(%d)", g.k()), nil, []string{"PI.A"})
		case g.has("pr"):
			g.use("pr", "SetA")
			return fieldsOpOf(fmt.Sprintf("{\nw := pr.SetA\nw(%s{b: %d})\n}", g.ty("In"), g.k()), nil, []string{"PR.A"})
		}
		return nil
	}},
	{"assign-embedded-pointer", 1, func(g *fieldsGen) *fieldsOp {
		if !g.has("nd") {
			return nil
		}
		g.use("nd")
		return fieldsOpOf(fmt.Sprintf("*nd = %s{%s: tgt, z: %d}", g.ty("Node"), g.ty("In"), g.k()), nil, []string{"ND"})
	}},
	{"assign-pair", 1, func(g *fieldsGen) *fieldsOp {
		switch {
		case g.has("pi") && (!g.has("pr") || g.r.IntN(2) == 0):
			g.use("pi")
			return fieldsOpOf(fmt.Sprintf("*pi = %s[int]{A: %d}", g.ty("Pair"), g.k()), nil, []string{"PI"})
		case g.has("pr"):
			g.use("pr")
			return fieldsOpOf(fmt.Sprintf("*pr = %s[%s]{B: %s{b: %d}}", g.ty("Pair"), g.ty("In"), g.ty("In"), g.k()), nil, []string{"PR"})
		}
		return nil
	}},
}

// fieldsFamilies are the families of objects a scenario may use besides
// its T-typed ones.
var fieldsFamilies = []string{"qi", "pi", "pr", "e", "tgt", "nd", "h"}

// fieldsCells returns every cell of the objects of a scenario.
func fieldsCells() []string {
	var cells []string
	t := func(r string) {
		cells = append(cells, r+".B.id", r+".B.tag", r+".x", r+".y", r+".c", r+".in.a", r+".in.b", r+".next",
			r+".meta.u", r+".meta.w", r+".pts[0].u", r+".pts[1].u", r+".cnt", r+".vec[0]", r+".vec[1]", r+".vec[2]")
		for j := range 3 {
			cells = append(cells, fmt.Sprintf("%s.arr[%d].a", r, j), fmt.Sprintf("%s.arr[%d].b", r, j))
		}
		for j := range 4 {
			cells = append(cells, fmt.Sprintf("%s.nums[%d]", r, j))
		}
	}
	for _, r := range []string{"n", "P", "M", "NS[0]", "NS[1]", "NS[2]", "SRC[0]", "SRC[1]"} {
		t(r)
	}
	return append(cells, "PI.A", "PI.B", "PR.A.a", "PR.A.b", "PR.B.a", "PR.B.b", "E.V", "E.W", "TGT.a", "TGT.b", "ND.In", "ND.z", "H.st.Int64", "H.st.n", "H.k")
}

// allFieldsCells is fieldsCells, computed once.
var allFieldsCells = fieldsCells()

// fieldsCellsOf returns the cells that the paths ps cover: a path covers the
// cell of its name and every cell under it.
func fieldsCellsOf(ps []string) map[string]bool {
	set := map[string]bool{}
	for _, p := range ps {
		n := 0
		for _, c := range allFieldsCells {
			if c == p || strings.HasPrefix(c, p+".") || strings.HasPrefix(c, p+"[") {
				set[c] = true
				n++
			}
		}
		if n == 0 {
			panic("no cell under " + p)
		}
	}
	return set
}

// fieldsKeys returns, roughly, the fields whose memory holds the cell c
// (fields.go's keys, without the types' packages): "P.in.a" is in the
// fields T.in and In.a, "TGT.a" in In.a.
func fieldsKeys(c string) []string {
	owner := map[string]string{"PI": "Pair", "PR": "Pair", "E": "E", "TGT": "In", "ND": "Node", "H": "Holder"}
	// The types of the fields of T, Pair[In] and Node that hold structs.
	inner := map[string]string{"B": "Base", "in": "In", "arr": "In", "st": "Stats", "A": "In", "B/Pair": "In", "In": "In", "meta": "-", "pts": "-"}
	parts := strings.Split(c, ".")
	t, ok := owner[parts[0]]
	if !ok {
		t = "T"
	}
	var keys []string
	for _, f := range parts[1:] {
		f, _, _ = strings.Cut(f, "[")
		keys = append(keys, t+"."+f)
		if t == "Pair" && f == "B" {
			f = "B/Pair"
		}
		t = inner[f]
	}
	return keys
}

// fieldsMeet reports whether the sets a and b share a cell.
func fieldsMeet(a, b map[string]bool) bool {
	for c := range a {
		if b[c] {
			return true
		}
	}
	return false
}

// fieldsConflict reports whether a and b access a common cell, one of
// them writing it, and are not both atomic.
func fieldsConflict(a, b *fieldsOp) bool {
	if a.atomic && b.atomic {
		return false
	}
	ar, aw, br, bw := fieldsCellsOf(a.reads), fieldsCellsOf(a.writes), fieldsCellsOf(b.reads), fieldsCellsOf(b.writes)
	return fieldsMeet(aw, bw) || fieldsMeet(aw, br) || fieldsMeet(ar, bw)
}

// fieldsStyles are the ways a scenario forks and joins its branches, by
// library: the branches of each, and whether the parent goes on in
// parallel with them (its continuation is then the last branch).
var fieldsStyles = map[bool][]struct {
	name string
	cont bool
}{
	true:  {{"finish", true}, {"run", true}, {"forall", false}, {"future", true}},
	false: {{"waitgroup", true}, {"waitgroup-go", true}},
}

// newFieldsScenario generates scenario index of the run with seed.
func newFieldsScenario(seed uint64, index int) *fieldsScenario {
	r := rand.New(rand.NewPCG(seed, uint64(index)))
	g := &fieldsGen{r: r, name: fmt.Sprintf("s%03d", index), tasks: r.IntN(2) == 0, need: map[string]bool{}}
	style := fieldsPick(r, fieldsStyles[g.tasks])
	// T-typed objects: one or two of n (and q), p, ns; then a few others.
	g.families = append(g.families, fieldsPick(r, []string{"n", "p", "ns"}))
	if r.IntN(3) == 0 {
		g.families = append(g.families, fieldsPick(r, []string{"n", "p", "ns"}))
	}
	for _, f := range fieldsFamilies {
		if r.IntN(4) == 0 {
			g.families = append(g.families, f)
		}
	}
	if g.has("qi") {
		g.qiBase = g.base()
	}
	children := 1 + r.IntN(2)
	if !style.cont {
		children++
	}
	branches := children
	if style.cont {
		branches++
	}
	place := func() int {
		switch x := r.IntN(10); {
		case x == 0:
			return fieldsPre
		case x == 1:
			return fieldsPost
		default:
			return r.IntN(branches)
		}
	}
	shape := func(shapes []fieldsShape) *fieldsOp {
		total := 0
		for _, s := range shapes {
			total += s.weight
		}
		for {
			x := r.IntN(total)
			for _, s := range shapes {
				if x -= s.weight; x < 0 {
					if s.name == "unsafe" && r.IntN(3) != 0 {
						break // keep unsafe scenarios few: they keep every flag set
					}
					if o := s.make(g); o != nil {
						o.shape = s.name
						return o
					}
					break
				}
			}
		}
	}
	// A scenario is made of pairs of a write and an access that overlaps
	// it: in different branches, in most scenarios, so that each pair is
	// a race that a missing mark would hide; in the same branch, before
	// the fork or after the join in the others. A few other operations
	// go anywhere (in a race-free scenario, only where the pairs are);
	// those that would write the fields of a pair are mostly drawn again,
	// so that what they write seldom hides a pair from the optimization.
	// Race-free scenarios then read, in the other branches, what no
	// branch writes.
	racy := r.IntN(20) < 13
	home := r.IntN(branches) // the branch of a race-free scenario's writes
	var ops []*fieldsOp
	paired := map[string]bool{}
	try := func(draw func() *fieldsOp, ok func(*fieldsOp) bool) *fieldsOp {
		for range 60 {
			restore := g.save()
			if o := draw(); ok(o) {
				return o
			}
			restore()
		}
		return nil
	}
	for range 2 + r.IntN(3) {
		restore := g.save()
		w := shape(fieldsWrites)
		w.where = r.IntN(branches)
		if !racy {
			w.where = home
		}
		wc := fieldsCellsOf(w.writes)
		g.prefer = wc
		a := try(func() *fieldsOp {
			if r.IntN(5) == 0 {
				return shape(fieldsWrites)
			}
			return shape(fieldsReads)
		}, func(a *fieldsOp) bool {
			cells := fieldsCellsOf(append(a.reads, a.writes...))
			// Mostly an access of a field or two, not of a whole struct.
			return fieldsMeet(wc, cells) && (len(cells) <= 3 || r.IntN(3) == 0)
		})
		g.prefer = nil
		if a == nil {
			restore()
			continue
		}
		switch {
		case racy && r.IntN(5) != 0:
			a.where = (w.where + 1 + r.IntN(branches-1)) % branches
		case r.IntN(2) == 0:
			a.where = w.where // the same branch: no race
		default:
			a.where = fieldsPick(r, []int{fieldsPre, fieldsPost})
		}
		ops = append(ops, w, a)
		for _, o := range []*fieldsOp{w, a} {
			for c := range fieldsCellsOf(append(o.reads, o.writes...)) {
				for _, k := range fieldsKeys(c) {
					paired[k] = true
				}
			}
		}
	}
	for range r.IntN(3) {
		draw := func() *fieldsOp {
			if r.IntN(5) < 3 {
				return shape(fieldsReads)
			}
			return shape(fieldsWrites)
		}
		o := try(draw, func(o *fieldsOp) bool {
			for c := range fieldsCellsOf(o.writes) {
				for _, k := range fieldsKeys(c) {
					if paired[k] && r.IntN(4) != 0 {
						return false
					}
				}
			}
			return true
		})
		if o == nil {
			continue
		}
		o.where = place()
		if !racy && o.where >= 0 {
			o.where = home
		}
		ops = append(ops, o)
	}
	if !racy && branches > 1 {
		written := map[string]bool{}
		for _, o := range ops {
			if o.where >= 0 {
				for c := range fieldsCellsOf(o.writes) {
					written[c] = true
				}
			}
		}
		for range r.IntN(3) {
			o := try(func() *fieldsOp { return shape(fieldsReads) }, func(o *fieldsOp) bool {
				return !fieldsMeet(written, fieldsCellsOf(o.reads))
			})
			if o != nil {
				o.where = (home + 1 + r.IntN(branches-1)) % branches
				ops = append(ops, o)
			}
		}
	}
	r.Shuffle(len(ops), func(i, j int) { ops[i], ops[j] = ops[j], ops[i] })

	sc := &fieldsScenario{name: g.name, index: index, seed: seed, tasks: g.tasks, style: style.name}
	for i, a := range ops {
		sc.shapes = append(sc.shapes, a.shape)
		for _, b := range ops[i+1:] {
			if a.where >= 0 && b.where >= 0 && a.where != b.where && fieldsConflict(a, b) {
				sc.racy = true
				sc.races = append(sc.races, fmt.Sprintf("%s (branch %d) and %s (branch %d)",
					strings.Join(a.code, "; "), a.where, strings.Join(b.code, "; "), b.where))
			}
		}
	}
	sc.unsafe = g.unsafe
	sc.src, sc.extSrc = g.render(style.name, children, ops)
	return sc
}

// render returns the scenario's file of package main and its file of
// package ext.
func (g *fieldsGen) render(style string, children int, ops []*fieldsOp) (string, string) {
	// Objects that others need.
	if g.need["q"] {
		g.use("n")
	}
	if g.need["qi"] {
		g.use(g.qiBase.objs...)
		if g.need["q"] {
			g.use("n")
		}
	}
	if g.need["n"] || g.need["p"] || g.need["m"] || g.need["nd"] {
		g.use("tgt")
	}
	if g.need["e"] {
		g.use("ext")
	}
	if g.need["h"] {
		g.use("atomic")
	}
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	w("package main\n")
	w("import (")
	for _, imp := range []struct{ need, path string }{
		{"ext", fieldsModule + "/ext"}, {"sync", "sync"}, {"atomic", "sync/atomic"}, {"unsafe", "unsafe"}, {"slices", "slices"}, {"task", TaskPath},
	} {
		if imp.need == "sync" && !g.tasks || imp.need == "task" && g.tasks || g.need[imp.need] {
			w("%q", imp.path)
		}
	}
	w(")\n")
	w("type %s struct{ a, b int }\n", g.ty("In"))
	w("type %s struct{ id, tag int }\n", g.ty("Base"))
	w("type %s struct {\n%s\nx, y int\nc int64\nin %s\narr [3]%s\nnums [4]int\nnext *%s\nmeta struct{ u, w int }\npts [2]struct{ u int }\ncnt %s\nvec %s\n}\n",
		g.ty("T"), g.ty("Base"), g.ty("In"), g.ty("In"), g.ty("In"), g.ty("Counter"), g.ty("Vec"))
	w("type %s int\n", g.ty("Counter"))
	w("type %s [3]int\n", g.ty("Vec"))
	if g.need["h"] {
		w("type %s struct {\natomic.Int64\nn int\n}\n", g.ty("Stats"))
		w("type %s struct {\nst %s\nk int\n}\n", g.ty("Holder"), g.ty("Stats"))
	}
	if g.need["pi"] || g.need["pr"] {
		w("type %s[V any] struct{ A, B V }\n", g.ty("Pair"))
	}
	if g.need["Alt"] {
		w("type %s %s\n", g.ty("Alt"), g.ty("In"))
	}
	if g.need["nd"] {
		w("type %s struct {\n*%s\nz int\n}\n", g.ty("Node"), g.ty("In"))
	}
	decls := []struct{ name, text string }{
		{"Sum", "func (v @In) Sum() int { return v.a + v.b }"},
		{"Get", "func (v *@In) Get() int { return v.a }"},
		{"Set", "func (v *@In) Set(k int) { v.a = k }"},
		{"Swap", "func (v *@In) Swap() { v.a, v.b = v.b, v.a }"},
		{"ID", "func (b @Base) ID() int { return b.id }"},
		{"SetID", "func (b *@Base) SetID(k int) { b.id = k }"},
		{"sumIn", "func @sumIn(v *@In) int { return v.a + v.b }"},
		{"readX", "func @readX(t *@T) int { return t.x }"},
		{"setX", "func @setX(t *@T, k int) { t.x = k }"},
		{"setInt", "func @setInt(q *int, k int) { *q = k }"},
		{"store", "func @store[V any](q *V, v V) { *q = v }"},
		{"self", "func @self(t *@T) *@T { return t }"},
		{"Inc", "func (c *@Counter) Inc() { *c++ }"},
		{"Bump", "func (v *@Vec) Bump(i int) { v[i]++ }"},
		{"SetA", "func (p *@Pair[V]) SetA(v V) { p.A = v }"},
	}
	for _, d := range decls {
		if g.need[d.name] {
			w("%s\n", strings.ReplaceAll(d.text, "@", g.name))
		}
	}
	w("func %s() {", g.name)
	names := strings.NewReplacer("@", g.name, "QI", g.qiBase.sel, "EXT", strings.ToUpper(g.name))
	objs := []struct{ name, text string }{
		{"tgt", "tgt := &@In{a: 1}"},
		{"n", "n := @T{x: 1, in: @In{a: 2}, next: tgt}"},
		{"m", "m := @T{y: 3, next: tgt}"},
		{"q", "q := &n"},
		{"p", "p := &@T{@Base: @Base{id: 4}, y: 5, next: tgt}"},
		{"ns", "ns := []@T{{x: 6}, {y: 7}, {nums: [4]int{8}}}"},
		{"src", "src := make([]@T, 2)"},
		{"two", "two := []int{5, 6}"},
		{"ins", "ins := []@In{{a: 1}, {b: 2}}"},
		{"nd", "nd := &@Node{@In: tgt, z: 1}"},
		{"h", "h := &@Holder{k: 1}"},
		{"qi", "qi := &QI.in"},
		{"pi", "pi := &@Pair[int]{B: 9}"},
		{"pr", "pr := &@Pair[@In]{A: @In{a: 9}}"},
		{"e", "e := &ext.EXT{V: 1, W: 2}"},
	}
	for _, o := range objs {
		if g.need[o.name] {
			w("%s", names.Replace(o.text))
		}
	}
	for _, s := range g.setup {
		w("%s", s)
	}
	at := func(where int) {
		for _, o := range ops {
			if o.where == where {
				for _, l := range o.code {
					w("%s", l)
				}
			}
		}
	}
	branch := func(i int) {
		w("acc := 0")
		at(i)
	}
	if g.tasks {
		switch style {
		case "run":
			w("acc := 0")
			at(fieldsPre)
			w("task.Run(func(t *task.T) {")
			for i := range children {
				w("t.Async(func(t *task.T) {")
				branch(i)
				w("keep(acc)\n})")
			}
			at(children)
			w("})")
			at(fieldsPost)
			w("keep(acc)")
		case "forall":
			w("task.Run(func(t *task.T) {\nacc := 0")
			at(fieldsPre)
			w("t.ForAll(0, %d, func(t *task.T, i int) {\nacc := 0\nswitch i {", children)
			for i := range children {
				w("case %d:", i)
				at(i)
			}
			w("}\nkeep(acc)\n})")
			at(fieldsPost)
			w("keep(acc)\n})")
		default: // finish, future
			w("task.Run(func(t *task.T) {\nacc := 0")
			at(fieldsPre)
			if style == "future" {
				w("var f *task.Future[int]")
			}
			w("t.Finish(func(t *task.T) {")
			for i := range children {
				if i == 0 && style == "future" {
					w("f = task.NewFuture(t, func(t *task.T) int {")
					branch(i)
					w("return acc\n})")
					continue
				}
				w("t.Async(func(t *task.T) {")
				branch(i)
				w("keep(acc)\n})")
			}
			at(children)
			w("})")
			if style == "future" {
				w("acc += f.Get()")
			}
			at(fieldsPost)
			w("keep(acc)\n})")
		}
	} else {
		w("acc := 0")
		at(fieldsPre)
		w("var wg sync.WaitGroup")
		if style == "waitgroup" {
			w("wg.Add(%d)", children)
		}
		for i := range children {
			if style == "waitgroup" {
				w("go func() {\ndefer wg.Done()")
			} else {
				w("wg.Go(func() {")
			}
			branch(i)
			if style == "waitgroup" {
				w("keep(acc)\n}()")
			} else {
				w("keep(acc)\n})")
			}
		}
		at(children)
		w("wg.Wait()")
		at(fieldsPost)
		w("keep(acc)")
	}
	w("}")
	src, err := format.Source([]byte(b.String()))
	if err != nil {
		panic(fmt.Sprintf("generated scenario %s does not parse: %v\n%s", g.name, err, b.String()))
	}
	ext := ""
	if g.need["e"] {
		var e strings.Builder
		en := strings.ToUpper(g.name)
		fmt.Fprintf(&e, "package ext\n\n// %s is the ext type of scenario %s.\ntype %s struct{ V, W int }\n", en, g.name, en)
		if g.need["Bump"] {
			fmt.Fprintf(&e, "\n// Bump increments V.\nfunc (e *%s) Bump() { e.V++ }\n", en)
		}
		if g.need["Peek"] {
			fmt.Fprintf(&e, "\n// Peek returns W.\nfunc (e *%s) Peek() int { return e.W }\n", en)
		}
		ext = e.String()
	}
	return string(src), ext
}

// fieldsMain returns the main file of a program made of scenarios.
func fieldsMain(scenarios []*fieldsScenario) string {
	var b strings.Builder
	b.WriteString("package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\n")
	b.WriteString("// keep uses a value that a branch computed.\nfunc keep(v int) { _ = v }\n\n")
	b.WriteString("var scenarios = map[string]func(){\n")
	names := make([]string, 0, len(scenarios))
	for _, s := range scenarios {
		names = append(names, s.name)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(&b, "\t%q: %s,\n", n, n)
	}
	b.WriteString("}\n\nfunc main() {\n\tf, ok := scenarios[os.Args[1]]\n\tif !ok {\n\t\tfmt.Fprintln(os.Stderr, \"unknown scenario\", os.Args[1])\n\t\tos.Exit(2)\n\t}\n\tf()\n}\n")
	return b.String()
}

// fieldsExt is the file of package ext that every program shares: a
// function and a generic function that write through a pointer.
const fieldsExt = `// Package ext writes memory of package main's scenarios.
package ext

// SetInt sets *q to k.
func SetInt(q *int, k int) { *q = k }

// Store sets *q to v.
func Store[V any](q *V, v V) { *q = v }
`
