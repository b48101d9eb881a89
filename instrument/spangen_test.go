package instrument

import (
	"fmt"
	"go/format"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
)

// The generator of TestSpanRunProperty (spanprop_test.go): random case
// functions func(d []byte) []byte that call the fixed-size accessors of
// encoding/binary's byte orders at offsets of d, in the shapes that
// spanrun.go records by one range hook and in near misses of them.
//
// A case is one or two segments, each a window or a loop:
//
//   - a window: one to five consecutive statements, each a write
//     (O.PutUintS(d[x:], V)), a read appended to sink
//     (sink = append(sink, uint64(O.UintS(d[x:])))), or several reads in
//     one statement (an append of several, or an array literal appended
//     after); the slice argument is d[x:], d[x:x+S/8] or, at offset 0,
//     d itself; the offsets x = e+c (e a local int set before, or none)
//     follow each other contiguously, with gaps or overlapping, and reads
//     and writes of the same bytes mix; between statements there may be
//     an unrelated statement that must stop a run (a division by a
//     variable that may be zero, e++, a call of a function of the
//     package) or one that need not (cnt++);
//   - a loop over j = 0..N-1 (for j := range N, range of a local int
//     variable, for j := 0; j < N; j++, for j := range arr and
//     for j, v := range arr over a local array) whose body makes one
//     access at x = e + stride*j + c, the stride the size or not, and
//     sometimes a second statement (another access, a division that may
//     panic, a call, e++, or m-- for a bound m, so that the loop does
//     fewer iterations than its bound at entry).
//
// The buffer d is the first n bytes of an array of c <= spanMaxBytes bytes,
// n and c drawn around the extent of the case's accesses, so that some
// runs fit, some are cut short by a panic part-way, and some slices
// d[x:x+S/8] reach past len(d) but stay within cap(d). Every case starts
// with a deferred recover that sets panicked.
//
// The generator does not compute which bytes a case accesses: the test's
// oracle runs the uninstrumented program (spanprop_test.go).

// spanModule is the module path of the generated program.
const spanModule = "example.com/spanprop"

// spanMaxBytes is the largest array a case gets (the lines of touch).
const spanMaxBytes = 32

// spanScenario is one generated case.
type spanScenario struct {
	name  string // its function and file name, s007
	index int
	seed  uint64
	n, c  int    // the length and capacity of d
	src   string // its file of package main
	// What the generator put in it, for the test's log.
	shapes   []string
	gaps     bool // two accesses of one kind at one e with a gap between
	overlaps bool // two accesses of one kind at one e overlapping
	stops    bool // an unrelated statement that must stop a run
}

// spanGen generates one case.
type spanGen struct {
	r      *rand.Rand
	sc     *spanScenario
	decls  []string // statements after the deferred recover
	body   []string
	hasE   bool
	eVal   int
	order  string // the byte order of the case, "" when chosen per access
	useBe  bool   // a local be := binary.BigEndian is declared
	hasZ   bool
	hasCnt bool
	nw     int // array literals declared so far
	nl     int // loops generated so far
	eCur   int // the value e has at the statement being generated
	// the accesses of each statement that makes several, in order, with
	// the value e has there
	multis [][]spanSim
	last   spanSim // the last access generated
	maxHi  int     // the extent of the accesses, as far as the generator can tell
	// offsets of accesses of one kind, by kind, to find gaps and overlaps
	spans map[bool][][2]int
}

// spanOrders are the byte orders the cases call.
var spanOrders = []string{"binary.BigEndian", "binary.LittleEndian", "binary.NativeEndian"}

// newSpanScenario generates scenario index of the run with seed.
func newSpanScenario(seed uint64, index int) *spanScenario {
	r := rand.New(rand.NewPCG(seed, uint64(index)^0x5ba7))
	sc := &spanScenario{name: fmt.Sprintf("s%03d", index), index: index, seed: seed}
	g := &spanGen{r: r, sc: sc, spans: map[bool][][2]int{}}
	g.hasE = r.IntN(3) != 0
	g.eVal = r.IntN(5)
	g.eCur = g.eVal
	switch r.IntN(6) {
	case 0:
		g.order = "" // per access
	case 1:
		g.order = "be"
		g.useBe = true
	default:
		g.order = spanOrders[r.IntN(len(spanOrders))]
	}
	segments := 1
	if r.IntN(5) == 0 {
		segments = 2
	}
	for range segments {
		if r.IntN(5) < 3 {
			g.window()
		} else {
			g.loop()
		}
	}
	g.findGapsOverlaps()
	g.bounds()
	g.render()
	return sc
}

// ord returns the byte order expression of one access.
func (g *spanGen) ord() string {
	if g.order != "" {
		return g.order
	}
	if g.r.IntN(4) == 0 {
		g.useBe = true
		return "be"
	}
	return spanOrders[g.r.IntN(len(spanOrders))]
}

// size returns an accessor's size in bytes.
func (g *spanGen) size() int { return []int{2, 4, 8}[g.r.IntN(3)] }

// value returns a constant of bits bits none of whose bytes is 0xa5 or
// 0x5a, the fillings the oracle finds writes with.
func (g *spanGen) value(size int) string {
	var v uint64
	for i := range size {
		b := byte(g.r.IntN(256))
		for b == 0xa5 || b == 0x5a {
			b = byte(g.r.IntN(256))
		}
		v |= uint64(b) << (8 * i)
	}
	return fmt.Sprintf("%#x", v)
}

// offText renders e+c (or c) for an access; useE tells whether the
// offset has the variable part.
func offText(useE bool, c int) string {
	if !useE {
		return strconv.Itoa(c)
	}
	switch {
	case c > 0:
		return "e+" + strconv.Itoa(c)
	case c < 0:
		return "e-" + strconv.Itoa(-c)
	}
	return "e"
}

// spanSim is an access, as far as the generator simulates it: at offset
// e+c (c without e), of size bytes, through d, d[x:] or d[x:x+size].
type spanSim struct {
	useE         bool
	e, c, size   int
	whole, exact bool
}

// panics reports whether the access panics given len(d) n and cap(d) c.
func (a spanSim) panics(n, c int) bool {
	x := a.c
	if a.useE {
		x += a.e
	}
	switch {
	case a.whole:
		return n < a.size
	case a.exact:
		return x < 0 || x+a.size > c
	}
	return x < 0 || x > n || n-x < a.size
}

// sliceArg renders the slice argument of an access at the offset text x
// (x+k for the high bound, computed by hi), of size bytes.
func (g *spanGen) sliceArg(x string, hi func() string, whole bool) string {
	if whole {
		g.last.whole = true
		return "d"
	}
	if g.r.IntN(3) == 0 {
		g.last.exact = true
		return "d[" + x + ":" + hi() + "]"
	}
	return "d[" + x + ":]"
}

// access renders one accessor call at offset e+c (or c), of size bytes;
// a read returns the uint64 expression of what it decodes.
func (g *spanGen) access(write bool, c, size int) string {
	useE := g.hasE && g.r.IntN(12) != 0
	if !useE && c < 0 {
		c = 0
	}
	base := 0
	if useE {
		base = g.eVal
	}
	g.maxHi = max(g.maxHi, base+c+size)
	g.spans[write] = append(g.spans[write], [2]int{spanKey(useE, c), size})
	g.last = spanSim{useE: useE, e: g.eCur, c: c, size: size}
	x := offText(useE, c)
	hi := func() string {
		if g.r.IntN(2) == 0 {
			return offText(useE, c+size)
		}
		return x + "+" + strconv.Itoa(size)
	}
	arg := g.sliceArg(x, hi, !useE && c == 0 && g.r.IntN(4) == 0)
	bits := strconv.Itoa(8 * size)
	if write {
		return fmt.Sprintf("%s.PutUint%s(%s, %s)", g.ord(), bits, arg, g.value(size))
	}
	return fmt.Sprintf("uint64(%s.Uint%s(%s))", g.ord(), bits, arg)
}

// spanKey places accesses with and without e in different groups when
// finding gaps and overlaps (1000 apart).
func spanKey(useE bool, c int) int {
	if useE {
		return 1000 + c
	}
	return c
}

// stopper returns an unrelated statement that must stop a run, or one
// that need not (cnt++).
func (g *spanGen) stopper(inLoop bool) string {
	for {
		switch g.r.IntN(5) {
		case 0, 1:
			g.hasZ = true
			g.sc.stops = true
			return "sink = append(sink, uint64(7/z))"
		case 2:
			if g.hasE {
				g.sc.stops = true
				g.eCur++
				return "e++"
			}
		case 3:
			g.sc.stops = true
			return "bump()"
		case 4:
			if !inLoop {
				g.hasCnt = true
				return "cnt++"
			}
		}
	}
}

// window generates a window of consecutive statements.
func (g *spanGen) window() {
	r := g.r
	k := 1 + r.IntN(5)
	kind := r.IntN(3) // 0 reads, 1 writes, 2 mixed
	fixed := 0
	if r.IntN(3) != 0 {
		fixed = g.size()
	}
	next := r.IntN(4)
	if g.hasE && r.IntN(5) == 0 {
		next = -r.IntN(3)
	}
	shape := []string{"reads", "writes", "mixed"}[kind]
	multi := false
	offset := func() (int, int) {
		size := fixed
		if size == 0 {
			size = g.size()
		}
		c := next
		switch x := r.IntN(20); {
		case x < 12: // contiguous
			next = c + size
		case x < 15: // a gap
			next = c + size + 1 + r.IntN(3)
		case x < 18: // overlapping
			next = c + size - 1 - r.IntN(size)
		default: // anywhere
			next = r.IntN(12)
			if g.hasE {
				next -= 3 // e+c may be negative
			}
		}
		return c, size
	}
	for i := range k {
		if i > 0 && r.IntN(7) == 0 {
			g.body = append(g.body, g.stopper(false))
		}
		write := kind == 1 || kind == 2 && r.IntN(2) == 0
		if write {
			c, size := offset()
			g.body = append(g.body, g.access(true, c, size))
			continue
		}
		reads := 1
		if r.IntN(4) == 0 {
			reads = 2 + r.IntN(3)
			multi = true
		}
		var rs []string
		var sims []spanSim
		for range reads {
			c, size := offset()
			rs = append(rs, g.access(false, c, size))
			sims = append(sims, g.last)
		}
		if reads > 1 {
			g.multis = append(g.multis, sims)
		}
		if reads > 1 && r.IntN(2) == 0 {
			w := fmt.Sprintf("w%d", g.nw)
			g.nw++
			g.body = append(g.body, fmt.Sprintf("%s := [%d]uint64{%s}", w, reads, strings.Join(rs, ", ")),
				"sink = append(sink, "+w+"[:]...)")
			continue
		}
		g.body = append(g.body, "sink = append(sink, "+strings.Join(rs, ", ")+")")
	}
	if multi {
		shape += "+literal"
	}
	g.sc.shapes = append(g.sc.shapes, fmt.Sprintf("window(%d %s)", k, shape))
}

// loop generates a loop over j = 0..N-1 with one access per iteration.
func (g *spanGen) loop() {
	r := g.r
	size := g.size()
	stride := size
	if r.IntN(4) == 0 {
		stride = []int{size + 1, size - 1, 2 * size, 1}[r.IntN(4)]
		if stride == size {
			stride = size + 1
		}
	}
	n := r.IntN(6)
	c := r.IntN(4)
	useE := g.hasE && r.IntN(8) != 0
	if useE && r.IntN(6) == 0 {
		c = -r.IntN(2)
	}
	if !useE && c < 0 {
		c = 0
	}
	base := 0
	if useE {
		base = g.eVal
	}
	if n > 0 {
		g.maxHi = max(g.maxHi, base+c+stride*(n-1)+size)
	}
	write := r.IntN(2) == 0
	for i := range n {
		g.spans[write] = append(g.spans[write], [2]int{spanKey(useE, c+stride*i), size})
	}
	// x = e + stride*j + c, written in several ways.
	sj := strconv.Itoa(stride) + "*j"
	if stride == 1 {
		sj = "j"
	} else if r.IntN(3) == 0 {
		sj = "j*" + strconv.Itoa(stride)
	}
	var x string
	switch {
	case useE && r.IntN(2) == 0:
		x = "e+" + sj
		if c != 0 {
			x = offText(true, c) + "+" + sj
		}
	case useE:
		x = "e+" + sj
		if c > 0 {
			x += "+" + strconv.Itoa(c)
		} else if c < 0 {
			x += "-" + strconv.Itoa(-c)
		}
	default:
		x = sj
		if c > 0 {
			x += "+" + strconv.Itoa(c)
		}
	}
	arg := "d[" + x + ":]"
	if r.IntN(3) == 0 {
		arg = "d[" + x + ":" + x + "+" + strconv.Itoa(size) + "]"
	}
	bits := strconv.Itoa(8 * size)
	form := r.IntN(5)
	var head, v, bound string
	switch form {
	case 0:
		head = fmt.Sprintf("for j := range %d {", n)
	case 1:
		m := fmt.Sprintf("m%d", g.nl)
		g.decls = append(g.decls, fmt.Sprintf("%s := %d", m, n))
		head = "for j := range " + m + " {"
	case 2:
		head = fmt.Sprintf("for j := 0; j < %d; j++ {", n)
		if r.IntN(2) == 0 {
			// A bound in a variable, which the body may change.
			bound = fmt.Sprintf("m%d", g.nl)
			g.decls = append(g.decls, fmt.Sprintf("%s := %d", bound, n))
			head = "for j := 0; j < " + bound + "; j++ {"
		}
	case 3, 4:
		var vals []string
		for range n {
			vals = append(vals, g.value(size))
		}
		arr := fmt.Sprintf("arr%d", g.nl)
		g.decls = append(g.decls, fmt.Sprintf("%s := [%d]uint%s{%s}", arr, n, bits, strings.Join(vals, ", ")))
		if form == 3 {
			head = "for j := range " + arr + " {"
		} else {
			head = "for j, v := range " + arr + " {"
			v = "v"
		}
	}
	var stmt string
	if write {
		val := v
		if val == "" {
			val = g.value(size)
		}
		stmt = fmt.Sprintf("%s.PutUint%s(%s, %s)", g.ord(), bits, arg, val)
	} else {
		read := fmt.Sprintf("uint64(%s.Uint%s(%s))", g.ord(), bits, arg)
		if v != "" {
			read += " + uint64(v)"
		}
		stmt = "sink = append(sink, " + read + ")"
	}
	lines := []string{stmt}
	if !write && r.IntN(3) == 0 {
		// A decode loop that also stores what it reads into a slice of
		// its own, which may be too short (a panic part-way, after the
		// read): sliceloop.go and spanrun.go share one flag.
		out, xv := fmt.Sprintf("out%d", g.nl), fmt.Sprintf("x%d", g.nl)
		g.decls = append(g.decls, fmt.Sprintf("%s := make([]uint64, %d)", out, max(0, n-r.IntN(3))))
		read := strings.TrimSuffix(strings.TrimPrefix(stmt, "sink = append(sink, "), ")")
		lines = []string{xv + " := " + read, "sink = append(sink, " + xv + ")", out + "[j] = " + xv}
		g.sc.shapes = append(g.sc.shapes, "stored into "+out)
	} else if bound != "" && r.IntN(2) == 0 {
		// The loop does fewer iterations than its bound at entry.
		g.sc.stops = true
		lines = append(lines, bound+"--")
		if r.IntN(2) == 0 {
			lines[0], lines[1] = lines[1], lines[0]
		}
	} else if r.IntN(3) == 0 {
		var extra string
		if r.IntN(3) != 0 {
			e0 := g.eCur
			extra = g.stopper(true)
			if g.hasE && r.IntN(3) == 0 {
				// The offset moves in the body.
				extra = "e++"
				g.eCur++
			}
			if g.eCur != e0 {
				g.eCur = e0 + n
			}
		} else {
			// A second access of another kind: a run of its own, or two
			// accesses of one kind per iteration, which make none.
			w := r.IntN(2) == 0
			acc := fmt.Sprintf("%s.PutUint16(d[%s:], %s)", g.ord(), x, g.value(2))
			if !w {
				acc = fmt.Sprintf("sink = append(sink, uint64(%s.Uint16(d[%s:])))", g.ord(), x)
			}
			for i := range n {
				g.spans[w] = append(g.spans[w], [2]int{spanKey(useE, c+stride*i), 2})
			}
			extra = acc
		}
		if r.IntN(2) == 0 {
			lines = append(lines, extra)
		} else {
			lines = append([]string{extra}, lines...)
		}
	}
	g.nl++
	g.body = append(g.body, head)
	g.body = append(g.body, lines...)
	g.body = append(g.body, "}")
	name := []string{"range-int", "range-var", "for", "range-arr", "range-arr-v"}[form]
	g.sc.shapes = append(g.sc.shapes, fmt.Sprintf("loop(%s N=%d size=%d stride=%d)", name, n, size, stride))
}

// findGapsOverlaps sets the scenario's gaps and overlaps from the offsets
// of accesses of one kind at one e.
func (g *spanGen) findGapsOverlaps() {
	for _, spans := range g.spans {
		s := append([][2]int(nil), spans...)
		sort.Slice(s, func(i, j int) bool { return s[i][0] < s[j][0] })
		for i := 1; i < len(s); i++ {
			if s[i][0]/1000 != s[i-1][0]/1000 {
				continue
			}
			end := s[i-1][0] + s[i-1][1]
			switch {
			case s[i][0] > end:
				g.sc.gaps = true
			case s[i][0] < end:
				g.sc.overlaps = true
			}
		}
	}
}

// bounds draws n and c around the extent of the accesses, until every
// statement that makes several reads either makes them all or panics at
// each (when its first would): the reads a statement made before one
// that panics are lost with what they decoded, and the oracle could not
// see them; and the hooks of a statement's accesses all run before it,
// each behind its own bounds test, so that an access after one that
// panics would be recorded though never made (which is no matter of
// spanrun's: its flag, when it holds, holds for every access).
func (g *spanGen) bounds() {
	for range 50 {
		g.drawBounds()
		if !g.partPanics() {
			return
		}
	}
	g.sc.n, g.sc.c = spanMaxBytes, spanMaxBytes
	if g.partPanics() {
		g.sc.n, g.sc.c = 0, 0 // every access panics
	}
}

// partPanics reports whether a statement that makes several reads has
// some that panic and some that do not.
func (g *spanGen) partPanics() bool {
	for _, m := range g.multis {
		k := 0
		for _, a := range m {
			if a.panics(g.sc.n, g.sc.c) {
				k++
			}
		}
		if k > 0 && k < len(m) {
			return true
		}
	}
	return false
}

// drawBounds draws n and c around the extent of the accesses.
func (g *spanGen) drawBounds() {
	r := g.r
	hi := min(g.maxHi, spanMaxBytes)
	var n int
	switch r.IntN(5) {
	case 0, 1:
		n = hi
	case 2:
		n = hi + 1 + r.IntN(3)
	case 3:
		n = hi - 1 - r.IntN(6)
	default:
		n = r.IntN(spanMaxBytes + 1)
	}
	n = min(max(n, 0), spanMaxBytes)
	c := n
	if r.IntN(2) == 0 {
		c = n + 1 + r.IntN(8)
	}
	g.sc.n, g.sc.c = n, min(c, spanMaxBytes)
}

// render writes the case's file.
func (g *spanGen) render() {
	var b strings.Builder
	fmt.Fprintf(&b, "package main\n\nimport \"encoding/binary\"\n\nvar _ = binary.BigEndian\n\n")
	fmt.Fprintf(&b, "// %s is a case of spanrun: %s.\nfunc %s(d []byte) []byte {\n", g.sc.name, strings.Join(g.sc.shapes, ", "), g.sc.name)
	b.WriteString("\tdefer func() {\n\t\tif recover() != nil {\n\t\t\tpanicked = true\n\t\t}\n\t}()\n")
	if g.hasE {
		fmt.Fprintf(&b, "\te := %d\n", g.eVal)
	}
	if g.useBe {
		b.WriteString("\tbe := binary.BigEndian\n")
	}
	if g.hasZ {
		fmt.Fprintf(&b, "\tz := %d\n", g.r.IntN(3))
	}
	if g.hasCnt {
		b.WriteString("\tcnt := 0\n")
	}
	for _, d := range g.decls {
		b.WriteString("\t" + d + "\n")
	}
	for _, s := range g.body {
		b.WriteString("\t" + s + "\n")
	}
	if g.hasE {
		b.WriteString("\t_ = e\n")
	}
	if g.hasCnt {
		b.WriteString("\t_ = cnt\n")
	}
	if g.useBe {
		b.WriteString("\t_ = be\n")
	}
	if g.hasZ {
		b.WriteString("\t_ = z\n")
	}
	b.WriteString("\treturn d\n}\n")
	src, err := format.Source([]byte(b.String()))
	if err != nil {
		panic(fmt.Sprintf("spangen: %v\n%s", err, b.String()))
	}
	g.sc.src = string(src)
}

// spanMain returns the main file of the program of the scenarios: given
// "wants", it prints for each case its name, whether it panicked and the
// elements of its array it reads or writes (the oracle, run in the
// uninstrumented build); given a case's name, it runs the case in a task
// while the root task writes every element of the array, each at a line
// of touch.go of its own.
func spanMain(scenarios []*spanScenario) string {
	var b strings.Builder
	b.WriteString(`package main

import (
	"bytes"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/tpinstr/tpinstr/rt/task"
)

// sink collects what the cases decode.
var sink []uint64

// panicked is set by a case's deferred recover.
var panicked bool

// bumps is what bump changes.
var bumps int

// bump is a call of a function of the package.
func bump() { bumps++ }

type spanCase struct {
	n, c int
	call func([]byte) []byte
}

var cases = map[string]spanCase{
`)
	names := make([]string, 0, len(scenarios))
	byName := map[string]*spanScenario{}
	for _, s := range scenarios {
		names = append(names, s.name)
		byName[s.name] = s
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(&b, "\t%q: {%d, %d, %s},\n", n, byName[n].n, byName[n].c, n)
	}
	b.WriteString(`}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: spanprop wants|case")
		os.Exit(2)
	}
	if os.Args[1] == "wants" {
		var names []string
		for name := range cases {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			c := cases[name]
			ks, p := want(c.n, c.c, c.call)
			fmt.Println(name, p, strings.Join(ks, " "))
		}
		return
	}
	c, ok := cases[os.Args[1]]
	if !ok {
		fmt.Fprintln(os.Stderr, "spanprop: no case", os.Args[1])
		os.Exit(2)
	}
	arr := make([]byte, c.c)
	task.Run(func(t *task.T) {
		t.Finish(func(t *task.T) {
			t.Async(func(*task.T) { c.call(arr[:c.n]) })
			for k := range arr {
				touch(arr, k)
			}
		})
	})
}

// want returns the elements, of an array of c bytes, that call accesses
// given its first n as d, and whether it panicked: those it changes from
// either of two fillings, and those whose change changes what it decodes.
func want(n, c int, call func([]byte) []byte) ([]string, bool) {
	p := false
	var acc [2][]bool
	for i, fill := range []byte{0xa5, 0x5a} {
		arr := bytes.Repeat([]byte{fill}, c)
		panicked = false
		call(arr[:n])
		p = p || panicked
		acc[i] = make([]bool, c)
		for k, b := range arr {
			acc[i][k] = b != fill
		}
	}
	decoded := func(arr []byte) string {
		sink = sink[:0]
		panicked = false
		call(arr[:n])
		p = p || panicked
		return fmt.Sprint(sink)
	}
	read := make([]bool, c)
	base := decoded(bytes.Repeat([]byte{0xa5}, c))
	for k := range c {
		arr := bytes.Repeat([]byte{0xa5}, c)
		arr[k] ^= 0xff
		read[k] = decoded(arr) != base
	}
	var ks []string
	for k := range c {
		if acc[0][k] || acc[1][k] || read[k] {
			ks = append(ks, strconv.Itoa(k))
		}
	}
	return ks, p
}
`)
	return b.String()
}

// spanTouch returns touch.go: touch writes b[k], at a line of its own for
// each k, so that a race report names k.
func spanTouch() string {
	var b strings.Builder
	b.WriteString("package main\n\nimport \"strconv\"\n\n// touch writes b[k] at a line of its own.\nfunc touch(b []byte, k int) {\n\tswitch k {\n")
	for k := range spanMaxBytes {
		fmt.Fprintf(&b, "\tcase %d:\n\t\tb[%d] = 1 // k=%d\n", k, k, k)
	}
	b.WriteString("\tdefault:\n\t\tpanic(\"spanprop: no line for element \" + strconv.Itoa(k))\n\t}\n}\n")
	return b.String()
}
