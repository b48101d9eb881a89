//go:build tpinstr

package explore_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"math/bits"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tpinstr/tpinstr/rt/internal/cgraph"
	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/randprog"
)

var (
	exploreScale = flag.Int("explore.scale", 1,
		"multiply the number of random programs TestExplorationIsExact runs (-short divides it by 4)")
	exploreSeed = flag.Uint64("explore.seed", 0,
		"first seed of TestExplorationIsExact, to check other programs than the default ones")
)

// maxSections bounds the isolated sections of a program the test runs: the
// brute force tries all n! orders of them.
const maxSections = 6

// maxSchedules is the max_schedules option of the exploring runs: above the
// number of orders of maxSections sections (6! = 720), so that exploration
// never stops at the bound for the programs the test runs (the test also
// checks that it did not).
const maxSchedules = 5000

// TestExplorationIsExact checks schedule exploration against brute force:
// on random task programs with Isolated, the set of bytes on which the
// checked program reports a race, once exploration has run every schedule
// it chose (thesis Algorithm 2, with its partial-order reduction over the
// sections' read/write sets and commutative-update classes, or no
// exploration at all when no two sections of different tasks conflict,
// isolog.go), is exactly the union, over every feasible total order of
// the program's isolated sections, of the racing bytes of that order's
// computation graph decided by Algorithm 1 (Nakade 2016, chapter 6: the
// graph of one order decides every schedule that runs the sections in that
// order, Theorem 3; the orders together are every schedule of the input).
// A byte reported that no order has is a false alarm; a byte some order has
// that is not reported is a miss; either fails the test, with the program
// shrunk, the seed, both sets and the orders that have each missed byte.
// So does a run that fails, deadlocks, or stops at max_schedules.
//
// The program is the real thing: rt/internal/explore/testdata/xprog, built with
// -tags tpinstr, runs the program with the task library and the access
// hooks, re-runs itself once per schedule to explore, and writes its reports
// with TPINSTR=json=FILE. Reports are de-duplicated by pair of sites, so the
// exact comparison runs the program with one hook and one site per byte; a
// second run with one slice hook per access, as rewritten code makes for
// slices, checks that every reported byte races in some order and that
// every byte racing in some order is covered by a reported pair of
// accesses.
//
// randprog programs never branch on values, so every order runs the same
// accesses and the same task operations: only the isolated edges differ
// between the orders' graphs (see brute for what that implies). A Get whose
// future is not created before it in every schedule is dropped from the
// program first (orderGets). Some Isolated statements are marked as
// commutative updates (of class 1 or 3, by the seed): for a program that
// does not branch on values, that changes which orders exploration tries
// and which isolated edges it adds, never the union it must report.
//
// The programs come from randprog.Exploration, which is biased towards
// conflicting sections of different tasks; the test logs how many programs
// needed more than one schedule and fails if none did, or if no program
// had a race that only some orders show. -explore.scale multiplies the
// number of programs, -explore.seed starts at another seed.
func TestExplorationIsExact(t *testing.T) {
	bin := buildDriver(t)
	n := 250 * *exploreScale
	if testing.Short() {
		n /= 4
	}
	cfg := randprog.Exploration()
	var st stats
	start := time.Now()
	for seed := *exploreSeed; st.programs < n; seed++ {
		if seed-*exploreSeed > uint64(20*n) {
			t.Fatalf("only %d of %d seeds gave a program of at most %d isolated sections", st.programs, seed-*exploreSeed, maxSections)
		}
		p, _ := orderGets(randprog.Generate(seed, cfg))
		tr := brute(p)
		if len(tr.sections) > maxSections {
			st.skipped++
			continue
		}
		st.programs++
		commute := commuteMarks(seed, p)
		name := fmt.Sprintf("seed %d of randprog.Exploration() (rerun with -run TestExplorationIsExact -explore.seed=%d)", seed, seed)
		for _, perByte := range []bool{true, false} {
			out := runDriver(t, bin, p, commute, perByte)
			if msg := verdict(tr, out, perByte); msg != "" {
				failShrunk(t, bin, name, p, commute, perByte, msg)
			}
			if perByte {
				st.add(tr, out, p, commute)
			}
		}
	}
	st.log(t, time.Since(start))
	// Without these the test would check little: exploration that re-runs,
	// races that only some orders of the sections have, and races that
	// the depth-first order of the sections hides.
	if st.explored == 0 || st.orderDependent == 0 || st.hiddenBySerial == 0 || st.commuteConflicts == 0 || st.sectionsAfterGet == 0 {
		t.Errorf("the random programs miss a case the test is for: %+v", st)
	}
}

// TestExplorationFigures runs hand-written programs through the same check
// as TestExplorationIsExact, each with the racing bytes worked out by hand,
// which also checks the brute force itself: the thesis's Figure 6.2 pattern
// (a plain access that races only when another task's conflicting section
// runs first, so exploration must run the other order), sections that do
// not conflict (no exploration), commutative updates of one class (no
// exploration) and of two classes (exploration), futures whose Get orders
// what the sections do not, and the two programs on which this test found
// exploration wrong (a commutative update reading what another section
// reads; an Async before a Finish).
func TestExplorationFigures(t *testing.T) {
	bin := buildDriver(t)
	w := func(site event.Site, off int) randprog.Stmt {
		return randprog.Stmt{Op: randprog.Write, Site: site, Off: off, Size: 1}
	}
	r := func(site event.Site, off int) randprog.Stmt {
		return randprog.Stmt{Op: randprog.Read, Site: site, Off: off, Size: 1}
	}
	async := func(site event.Site, body ...randprog.Stmt) randprog.Stmt {
		return randprog.Stmt{Op: randprog.Async, Site: site, Body: body}
	}
	iso := func(site event.Site, body ...randprog.Stmt) randprog.Stmt {
		return randprog.Stmt{Op: randprog.Isolated, Site: site, Body: body}
	}
	future := func(site event.Site, h int, body ...randprog.Stmt) randprog.Stmt {
		return randprog.Stmt{Op: randprog.Future, Site: site, Handle: h, Body: body}
	}
	get := func(site event.Site, h int) randprog.Stmt {
		return randprog.Stmt{Op: randprog.Get, Site: site, Handle: h}
	}
	finish := func(site event.Site, body ...randprog.Stmt) randprog.Stmt {
		return randprog.Stmt{Op: randprog.Finish, Site: site, Body: body}
	}
	const x, ptr, y, c, d = 0, 1, 2, 4, 5 // plain variables, a pointer and two counters
	tests := []struct {
		name      string
		body      []randprog.Stmt
		commute   map[event.Site]uint8
		want      []int // racing bytes
		schedules int   // schedules the checked run explores (1: none)
	}{
		{
			// Figure 6.2: in the depth-first order task 2's section runs
			// first and orders its write of x before task 3's read.
			name: "race hidden by the depth-first order",
			body: []randprog.Stmt{
				async(1, w(2, x), iso(3, w(4, c))),
				async(5, iso(6, r(7, c)), r(8, x)),
			},
			want: []int{x}, schedules: 2,
		},
		{
			name: "sections that do not conflict",
			body: []randprog.Stmt{
				async(1, w(2, x), iso(3, w(4, c))),
				async(5, iso(6, w(7, d)), r(8, x)),
			},
			want: []int{x}, schedules: 1,
		},
		{
			name: "commutative updates of one class",
			body: []randprog.Stmt{
				async(1, w(2, x), iso(3, r(4, c), w(5, c))),
				async(6, iso(7, r(8, c), w(9, c)), r(10, x)),
			},
			commute: map[event.Site]uint8{3: 1, 7: 1},
			want:    []int{x}, schedules: 1,
		},
		{
			name: "commutative updates of two classes",
			body: []randprog.Stmt{
				async(1, w(2, x), iso(3, r(4, c), w(5, c))),
				async(6, iso(7, r(8, c), w(9, c)), r(10, x)),
			},
			commute: map[event.Site]uint8{3: 1, 7: 3},
			want:    []int{x}, schedules: 2,
		},
		{
			// The Get orders task 2's write of x before task 3's read in
			// both orders of the sections.
			name: "a get orders what the sections do not",
			body: []randprog.Stmt{
				future(1, 0, w(2, x), iso(3, w(4, c))),
				async(5, iso(6, r(7, c)), get(8, 0), r(9, x)),
			},
			want: nil, schedules: 2,
		},
		{
			// The root waits for the future before its section and write
			// of x: in the order where task 3's section runs after the
			// root's, the root's write of x precedes task 3's read.
			name: "sections after a get",
			body: []randprog.Stmt{
				future(1, 0, iso(2, w(3, c))),
				async(4, iso(5, r(6, c)), r(7, x)),
				get(8, 0), w(9, x), iso(10, w(11, c)),
			},
			want: []int{x}, schedules: 3,
		},
		{
			// Three tasks: the read of x races only when task 4's section
			// runs before task 2's, whichever place task 3's takes.
			name: "three sections, one order-dependent race",
			body: []randprog.Stmt{
				async(1, w(2, x), iso(3, w(4, c))),
				async(5, iso(6, w(7, c), w(8, d))),
				async(9, iso(10, r(11, c)), r(12, x)),
			},
			want: []int{x}, schedules: 0,
		},
		{
			// `t.Isolated(func() { y = p.m })` and `t.Isolated(func() {
			// p.n++ })`: the commutative update reads the pointer p,
			// which the other section only reads. isoLog counts the
			// update's read of p as a write and orders the sections;
			// conflict, which decides the orders to try, once did not,
			// so the order that leaves x unordered was never run.
			name: "a commutative update reads what another section reads",
			body: []randprog.Stmt{
				async(1, w(2, x), iso(3, r(4, ptr), w(5, y))),
				async(6, iso(7, r(8, ptr), r(9, c), w(10, c)), r(11, x)),
			},
			commute: map[event.Site]uint8{7: 1},
			want:    []int{x}, schedules: 2,
		},
		{
			// Task 2 is joined by Run's implicit finish, task 3 by the
			// Finish: when task 2 ends, the root, waiting at the end of
			// the Finish, must not wake (it once did, and the exploring
			// run failed with a malformed graph).
			name: "an async before a finish",
			body: []randprog.Stmt{
				async(1, iso(2, w(3, c))),
				finish(4, async(5, iso(6, r(7, c)))),
			},
			want: nil, schedules: 2,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := randprog.Program{Arena: 8, Body: tt.body}
			if err := p.Validate(); err != nil {
				t.Fatal(err)
			}
			tr := brute(p)
			if got := tr.racing(); !slices.Equal(got, tt.want) {
				t.Fatalf("brute force: racing bytes %v, want %v\n%s", got, tt.want, p)
			}
			for _, perByte := range []bool{true, false} {
				out := runDriver(t, bin, p, tt.commute, perByte)
				if msg := verdict(tr, out, perByte); msg != "" {
					t.Fatalf("%s\nprogram:\n%s", msg, p)
				}
				if tt.schedules > 0 && out.schedules != tt.schedules {
					t.Errorf("%d schedules explored, want %d\n%s", out.schedules, tt.schedules, out.stderr)
				}
			}
		})
	}
}

// TestExplorationKeepsJSONReports checks that the json option keeps every
// report of a run that explores: a race found before the Run's first
// isolated section is written at once, and exploration then re-runs the
// program. Every child of exploration inherits TPINSTR, opens the json
// file with os.Create and so truncates it under the parent, whose later
// reports then land after a hole of NUL bytes where the first ones were.
func TestExplorationKeepsJSONReports(t *testing.T) {
	bin := buildDriver(t)
	p := randprog.Program{Arena: 8, Body: []randprog.Stmt{
		{Op: randprog.Async, Site: 1, Body: []randprog.Stmt{{Op: randprog.Write, Site: 2, Off: 0, Size: 1}}},
		{Op: randprog.Read, Site: 3, Off: 0, Size: 1},
		{Op: randprog.Async, Site: 4, Body: []randprog.Stmt{{Op: randprog.Isolated, Site: 5,
			Body: []randprog.Stmt{{Op: randprog.Write, Site: 6, Off: 4, Size: 1}}}}},
		{Op: randprog.Async, Site: 7, Body: []randprog.Stmt{{Op: randprog.Isolated, Site: 8,
			Body: []randprog.Stmt{{Op: randprog.Write, Site: 9, Off: 4, Size: 1}}}}},
	}}
	out := runDriver(t, bin, p, nil, true)
	if out.schedules < 2 {
		t.Fatalf("the program explored %d schedule(s), want 2 or more\n%s", out.schedules, out.stderr)
	}
	printed := strings.Count(out.stderr, "WARNING: DETERMINACY RACE")
	if printed != 1 {
		t.Errorf("%d reports of the one racing pair, want 1 (the serial run's, not again by exploration)\n%s", printed, out.stderr)
	}
	if out.nuls > 0 || len(out.reports) != printed {
		t.Errorf("the json file holds %d reports and %d NUL bytes; standard error has %d reports\n%s",
			len(out.reports), out.nuls, printed, out.stderr)
	}
}

// driver is the path of the built rt/internal/explore/testdata/xprog, shared by the tests.
var driver struct {
	once sync.Once
	dir  string
	path string
	err  error
}

// buildDriver builds rt/internal/explore/testdata/xprog with -tags tpinstr, once per test
// binary.
func buildDriver(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build the driver program:", err)
	}
	driver.once.Do(func() {
		driver.dir, driver.err = os.MkdirTemp("", "tpinstr-xprog-")
		if driver.err != nil {
			return
		}
		driver.path = filepath.Join(driver.dir, "xprog")
		cmd := exec.Command(goTool, "build", "-tags", "tpinstr", "-o", driver.path, "./testdata/xprog")
		if out, err := cmd.CombinedOutput(); err != nil {
			driver.err = fmt.Errorf("go build -tags tpinstr ./testdata/xprog: %v\n%s", err, out)
		}
	})
	if driver.err != nil {
		t.Fatal(driver.err)
	}
	return driver.path
}

// TestMain removes the driver program built by buildDriver after the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if driver.dir != "" {
		os.RemoveAll(driver.dir)
	}
	os.Exit(code)
}

// ---------------------------------------------------------------------------
// The programs.

// orderGets returns p without the Gets whose future is not created before
// them in every schedule, and how many it removed. A real program hands a
// future to the task that gets it through memory or a closure, which needs
// the step that created the future (its parent's step after the spawn) to
// happen before the Get in the graph without isolated edges; randprog only
// asks that the future ended earlier in the depth-first order, and an
// exploring run, which runs tasks in other orders, could reach such a Get
// before the future exists. Removing a Get can unorder a later one, so this
// repeats until no Get is removed.
func orderGets(p randprog.Program) (randprog.Program, int) {
	removed := 0
	for {
		h := newHandleGraph()
		if err := randprog.Run(p, h, randprog.Options{}); err != nil {
			panic(err)
		}
		bad := map[event.Site]bool{}
		for _, g := range h.gets {
			c := h.created[g.future]
			if c != g.before && !h.Precedes(c, g.before) {
				bad[g.site] = true
			}
		}
		if len(bad) == 0 {
			return p, removed
		}
		removed += len(bad)
		p = randprog.Program{Arena: p.Arena, Body: dropSites(p.Body, bad)}
	}
}

func dropSites(body []randprog.Stmt, drop map[event.Site]bool) []randprog.Stmt {
	var out []randprog.Stmt
	for _, s := range body {
		if drop[s.Site] {
			continue
		}
		s.Body = dropSites(s.Body, drop)
		out = append(out, s)
	}
	return out
}

// handleGraph is the computation graph of a program's depth-first run,
// with the step in which each future was created and the step before each
// Get.
type handleGraph struct {
	*cgraph.Graph
	parent  map[event.Task]event.Task
	future  map[event.Task]bool
	created map[event.Task]cgraph.StepID // future → its parent's step after the spawn
	gets    []getAt
}

type getAt struct {
	site   event.Site
	future event.Task
	before cgraph.StepID
}

func newHandleGraph() *handleGraph {
	return &handleGraph{Graph: cgraph.New(), parent: map[event.Task]event.Task{},
		future: map[event.Task]bool{}, created: map[event.Task]cgraph.StepID{}}
}

func (h *handleGraph) Spawn(parent, child event.Task, future bool, site event.Site) {
	h.parent[child], h.future[child] = parent, future
	h.Graph.Spawn(parent, child, future, site)
}

func (h *handleGraph) End(t event.Task) {
	h.Graph.End(t)
	if h.future[t] {
		h.created[t] = h.CurrentStep(h.parent[t])
	}
}

func (h *handleGraph) Get(t, f event.Task, site event.Site) {
	h.gets = append(h.gets, getAt{site: site, future: f, before: h.CurrentStep(t)})
	h.Graph.Get(t, f, site)
}

// commuteMarks marks some Isolated statements of p as commutative updates,
// by a hash of the seed and the statement's site (so that shrinking keeps
// the marks): a third of class 1 (add), a sixth of class 3 (or).
func commuteMarks(seed uint64, p randprog.Program) map[event.Site]uint8 {
	marks := map[event.Site]uint8{}
	var walk func([]randprog.Stmt)
	walk = func(body []randprog.Stmt) {
		for _, s := range body {
			if s.Op == randprog.Isolated {
				h := fnv.New64a()
				fmt.Fprintf(h, "%d/%d", seed, s.Site)
				switch h.Sum64() % 6 {
				case 0, 1:
					marks[s.Site] = 1
				case 2:
					marks[s.Site] = 3
				}
			}
			walk(s.Body)
		}
	}
	walk(p.Body)
	return marks
}

// ---------------------------------------------------------------------------
// The brute force.

// truth is what the brute force finds for a program.
type truth struct {
	sections []section
	orders   [][]int       // the feasible total orders, as indices into sections
	union    map[int][]int // racing byte → the orders (indices into orders) that have it
	serial   map[int]bool  // racing bytes of the depth-first order of the sections
	g        *cgraph.Graph // the graph without isolated edges
}

// section is an isolated section of the program: the step of an outermost
// Isolated body.
type section struct {
	step cgraph.StepID
	site event.Site
	task event.Task
}

// racing returns the racing bytes, sorted.
func (tr *truth) racing() []int {
	out := make([]int, 0, len(tr.union))
	for b := range tr.union {
		out = append(out, b)
	}
	slices.Sort(out)
	return out
}

// order formats the k-th feasible order.
func (tr *truth) order(k int) string {
	parts := make([]string, len(tr.orders[k]))
	for i, s := range tr.orders[k] {
		parts[i] = fmt.Sprintf("#%d (task %d)", tr.sections[s].site, tr.sections[s].task)
	}
	return strings.Join(parts, " < ")
}

// brute computes the ground truth of p: for every total order of its
// isolated sections that is feasible (the chain of isolated edges
// s1→s2→…→sn of that order creates no cycle with the other edges), the
// computation graph of that order (the graph of the depth-first run without
// isolated edges, which cgraph builds, plus that chain: each section is
// ordered before the next one, as the thesis's "last" edge orders them,
// Figure 6.1), decided by Algorithm 1 (Nakade 2016, section 2) written out
// here independently of cgraph: two accesses race when their steps are
// unordered, they share a byte, one writes it, and not both are isolated.
// The union of the racing bytes over the orders is what exploration must
// report.
//
// Every order is the order of some schedule, and every schedule runs the
// sections in some order; the program does not branch on values, so the
// graph of a schedule is the graph of its order, which decides that
// schedule and every other of the same order (Theorem 3). Exploration adds
// isolated edges only between sections that conflict (and are not
// commutative updates of one class), in the order of the schedule it runs.
// Such a graph has exactly the races of the union over the total orders
// that agree with it on the pairs it orders: a pair of accesses a, b
// unordered there is unordered in the order that puts every section before
// b ahead of every section after a, and every section before a ahead of
// every section after b, which is feasible since a and b are unordered.
// Its verdict must therefore be within this union whichever sections are
// marked commutative, and the schedules exploration runs must together
// reach all of it.
//
// The same argument with no isolated edge at all shows that the union is
// the verdict of the graph without isolated edges, for a program that does
// not branch on values: brute checks that too, as a check of itself. What
// exploration has to get right here is thus that the isolated edges of the
// schedules it runs, each of which hides some races of that graph, hide no
// race in every one of them (a miss: a schedule its partial-order
// reduction should have run was not), and that it reports nothing else (a
// false alarm). What a program that branches on the order would need (the
// thesis's Figure 6.2 proper, where a task is spawned in some orders only)
// is beyond randprog programs and this test.
func brute(p randprog.Program) *truth {
	g := cgraph.New()
	if err := randprog.Run(p, g, randprog.Options{}); err != nil {
		panic(err)
	}
	if err := g.Err(); err != nil {
		panic(err)
	}
	steps, edges := g.Steps(), g.Edges()
	n := len(steps)
	tr := &truth{union: map[int][]int{}, g: g}
	words := (p.Arena + 63) / 64
	reads, writes := make([]bitset, n), make([]bitset, n)
	for i, s := range steps {
		reads[i], writes[i] = make(bitset, words), make(bitset, words)
		for _, a := range s.Accesses {
			for b := a.Addr; b < a.Addr+a.Size; b++ {
				off := int(b - randprog.DefaultBase)
				if a.Write {
					writes[i].set(off)
				} else {
					reads[i].set(off)
				}
			}
		}
		if s.Begin == cgraph.BeginIsolated {
			tr.sections = append(tr.sections, section{step: cgraph.StepID(i), site: s.Site, task: s.Task})
		}
	}
	if len(tr.sections) > maxSections {
		return tr
	}
	succ := make([][]int, n)
	for _, e := range edges {
		succ[e.From] = append(succ[e.From], int(e.To))
	}
	// races decides the graph with the isolated chain of order (nil for
	// none), or returns ok false when the chain makes a cycle.
	races := func(order []int) (racing bitset, ok bool) {
		out := make([][]int, n)
		copy(out, succ)
		for i := 0; i+1 < len(order); i++ {
			from, to := tr.sections[order[i]].step, tr.sections[order[i+1]].step
			out[from] = append(slices.Clip(out[from]), int(to))
		}
		anc, ok := closure(out)
		if !ok {
			return nil, false
		}
		racing = make(bitset, words)
		for u := range n {
			for v := u + 1; v < n; v++ {
				if anc[v].has(u) || anc[u].has(v) || steps[u].Isolated && steps[v].Isolated {
					continue
				}
				for k := range racing {
					racing[k] |= writes[u][k]&(writes[v][k]|reads[v][k]) | reads[u][k]&writes[v][k]
				}
			}
		}
		return racing, true
	}
	// Algorithm 1 as written here agrees with cgraph's on the graph
	// without isolated edges.
	plain, _ := races(nil)
	if got, want := plain.members(), cgraphRacing(g); !slices.Equal(got, want) {
		panic(fmt.Sprintf("brute force: racing bytes %v without isolated edges, cgraph finds %v\n%s", got, want, p))
	}
	serial := make([]int, len(tr.sections)) // sections are in depth-first order
	for i := range serial {
		serial[i] = i
	}
	permute(len(tr.sections), func(order []int) {
		racing, ok := races(order)
		if !ok {
			return
		}
		k := len(tr.orders)
		tr.orders = append(tr.orders, slices.Clone(order))
		for _, b := range racing.members() {
			tr.union[b] = append(tr.union[b], k)
		}
		if slices.Equal(order, serial) {
			tr.serial = map[int]bool{}
			for _, b := range racing.members() {
				tr.serial[b] = true
			}
		}
	})
	if tr.serial == nil {
		panic(fmt.Sprintf("brute force: the depth-first order of the sections is not feasible\n%s", p))
	}
	if got, want := tr.racing(), plain.members(); !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
		panic(fmt.Sprintf("brute force: racing bytes %v over the orders, %v without isolated edges\n%s", got, want, p))
	}
	return tr
}

// cgraphRacing returns the racing bytes that cgraph's Algorithm 1 finds.
func cgraphRacing(g *cgraph.Graph) []int {
	var out []int
	for _, a := range cgraph.RacingAddrs(g.Races()) {
		out = append(out, int(a-randprog.DefaultBase))
	}
	return out
}

// closure returns, for the DAG given by its successor lists, the set of
// ancestors of every node, or ok false when the graph has a cycle (Kahn's
// algorithm finds no topological order).
func closure(succ [][]int) (anc []bitset, ok bool) {
	n := len(succ)
	indeg := make([]int, n)
	for _, ss := range succ {
		for _, v := range ss {
			indeg[v]++
		}
	}
	var queue []int
	for v := range n {
		if indeg[v] == 0 {
			queue = append(queue, v)
		}
	}
	anc = make([]bitset, n)
	for v := range anc {
		anc[v] = make(bitset, (n+63)/64)
	}
	done := 0
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		done++
		for _, v := range succ[u] {
			for k := range anc[v] {
				anc[v][k] |= anc[u][k]
			}
			anc[v].set(u)
			if indeg[v]--; indeg[v] == 0 {
				queue = append(queue, v)
			}
		}
	}
	return anc, done == n
}

// permute calls f with every permutation of 0…n-1 (f must not keep it).
func permute(n int, f func([]int)) {
	perm := make([]int, 0, n)
	used := make([]bool, n)
	var rec func()
	rec = func() {
		if len(perm) == n {
			f(perm)
			return
		}
		for i := range n {
			if !used[i] {
				used[i] = true
				perm = append(perm, i)
				rec()
				perm = perm[:len(perm)-1]
				used[i] = false
			}
		}
	}
	rec()
}

type bitset []uint64

func (s bitset) set(i int)      { s[i/64] |= 1 << (i % 64) }
func (s bitset) has(i int) bool { return s[i/64]&(1<<(i%64)) != 0 }

func (s bitset) members() []int {
	var out []int
	for k, w := range s {
		for w != 0 {
			b := bits.TrailingZeros64(w)
			out = append(out, 64*k+b)
			w &= w - 1
		}
	}
	return out
}

// ---------------------------------------------------------------------------
// The checked program.

// outcome is what a run of the checked program reported.
type outcome struct {
	code      int            // exit status
	reports   []driverReport // the race reports of the json option
	others    []string       // other JSON lines (deadlocks)
	base      uintptr        // the arena's address
	schedules int            // schedules explored; 1 when the run did not explore
	limited   bool           // exploration stopped at max_schedules
	failures  []string       // schedules whose run failed
	nuls      int            // NUL bytes in the json file
	stderr    string
}

type driverReport struct {
	Type     string       `json:"type"`
	Addr     string       `json:"addr"`
	Access   driverAccess `json:"access"`
	Previous driverAccess `json:"previous"`
	Schedule string       `json:"schedule"`
}

type driverAccess struct {
	Op       string `json:"op"`
	Line     int    `json:"line"` // the statement
	Col      int    `json:"col"`  // the arena offset plus one
	Isolated bool   `json:"isolated"`
	Task     int    `json:"task"`
}

var (
	exploredLine = regexp.MustCompile(`tpinstr: .*explored (\d+) schedules? of the isolated sections`)
	arenaLine    = regexp.MustCompile(`(?m)^arena (0x[0-9a-f]+)$`)
)

// runDriver runs p with the checked driver program, exploration on.
func runDriver(t *testing.T, bin string, p randprog.Program, commute map[event.Site]uint8, perByte bool) outcome {
	t.Helper()
	out, err := runDriverErr(bin, p, commute, perByte)
	if err != nil {
		t.Fatalf("%v\nprogram:\n%s", err, p)
	}
	return out
}

func runDriverErr(bin string, p randprog.Program, commute map[event.Site]uint8, perByte bool) (outcome, error) {
	var out outcome
	dir, err := os.MkdirTemp("", "tpinstr-xprog-run-")
	if err != nil {
		return out, err
	}
	defer os.RemoveAll(dir)
	in, err := json.Marshal(struct {
		Program randprog.Program
		Commute map[event.Site]uint8
		Bytes   bool
	}{p, commute, perByte})
	if err != nil {
		return out, err
	}
	prog, reports := filepath.Join(dir, "prog.json"), filepath.Join(dir, "reports.json")
	if err := os.WriteFile(prog, in, 0o666); err != nil {
		return out, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-prog", prog)
	cmd.Dir = dir
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "TPINSTR") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, fmt.Sprintf("TPINSTR=json=%s explore=1 max_schedules=%d", reports, maxSchedules))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	out.stderr = stderr.String()
	var exit *exec.ExitError
	switch {
	case runErr == nil:
	case errors.As(runErr, &exit) && exit.Exited():
		out.code = exit.ExitCode()
	default:
		return out, fmt.Errorf("running the checked program: %v\n%s", runErr, out.stderr)
	}
	m := arenaLine.FindStringSubmatch(stdout.String())
	if m == nil {
		return out, fmt.Errorf("the checked program printed no arena address (exit status %d)\n%s", out.code, out.stderr)
	}
	base, _ := strconv.ParseUint(m[1], 0, 64)
	out.base = uintptr(base)
	b, err := os.ReadFile(reports)
	if err != nil {
		return out, fmt.Errorf("the checked program wrote no json reports: %v\n%s", err, out.stderr)
	}
	// A child of exploration truncates the json file the parent has open
	// (TestExplorationKeepsJSONReports): what the parent wrote before
	// exploration is lost and reads as NUL bytes. Exploration reports every
	// race of every schedule again, so the set of racing bytes does not
	// depend on the lost lines; they are counted and skipped here.
	out.nuls = bytes.Count(b, []byte{0})
	b = bytes.ReplaceAll(b, []byte{0}, nil)
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if line == "" {
			continue
		}
		var r driverReport
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			return out, fmt.Errorf("json report %q: %v", line, err)
		}
		if r.Type != "race" {
			out.others = append(out.others, line)
			continue
		}
		out.reports = append(out.reports, r)
	}
	out.schedules = 1
	if m := exploredLine.FindStringSubmatch(out.stderr); m != nil {
		out.schedules, _ = strconv.Atoi(m[1])
	}
	out.limited = strings.Contains(out.stderr, "the max_schedules limit")
	for _, line := range strings.Split(out.stderr, "\n") {
		if strings.HasPrefix(line, "tpinstr: exploration:") || strings.HasPrefix(line, "tpinstr: internal error") {
			out.failures = append(out.failures, line)
		}
	}
	return out, nil
}

// offset returns the arena offset of a report's address.
func (o *outcome) offset(r driverReport) (int, error) {
	a, err := strconv.ParseUint(r.Addr, 0, 64)
	if err != nil {
		return 0, fmt.Errorf("report address %q: %v", r.Addr, err)
	}
	return int(uintptr(a) - o.base), nil
}

// verdict compares a run of the checked program with the brute force and
// returns what is wrong, or "". perByte selects the exact comparison (one
// site per byte) or the covering one (one site per access).
func verdict(tr *truth, out outcome, perByte bool) string {
	var b strings.Builder
	if out.limited {
		fmt.Fprintf(&b, "exploration stopped at max_schedules=%d\n", maxSchedules)
	}
	for _, f := range out.failures {
		fmt.Fprintf(&b, "%s\n", f)
	}
	for _, o := range out.others {
		fmt.Fprintf(&b, "unexpected report %s\n", o)
	}
	want := 0
	if len(tr.union) > 0 {
		want = 66
	}
	if out.code != want {
		fmt.Fprintf(&b, "exit status %d, want %d\n", out.code, want)
	}
	stmts := statements(tr.g)
	reported := map[int]bool{}
	for _, r := range out.reports {
		off, err := out.offset(r)
		if err != nil {
			fmt.Fprintf(&b, "%v\n", err)
			continue
		}
		if perByte && (r.Access.Col-1 != off || r.Previous.Col-1 != off) {
			fmt.Fprintf(&b, "report of byte %d names the sites of bytes %d and %d\n", off, r.Access.Col-1, r.Previous.Col-1)
		}
		for _, a := range []driverAccess{r.Access, r.Previous} {
			s, ok := stmts[event.Site(a.Line)]
			if !ok || off < s.lo || off >= s.hi || s.write != (a.Op == "write") {
				fmt.Fprintf(&b, "report of byte %d names %s #%d, which does not %s it\n", off, a.Op, a.Line, a.Op)
			}
		}
		reported[off] = true
	}
	var falseAlarms, misses []int
	for off := range reported {
		if _, ok := tr.union[off]; !ok {
			falseAlarms = append(falseAlarms, off)
		}
	}
	for off := range tr.union {
		if perByte && !reported[off] || !perByte && !covered(off, out.reports, stmts) {
			misses = append(misses, off)
		}
	}
	slices.Sort(falseAlarms)
	slices.Sort(misses)
	if len(falseAlarms) > 0 {
		fmt.Fprintf(&b, "false alarms: bytes %v are reported but race in no order of the sections\n", falseAlarms)
	}
	for _, off := range misses {
		fmt.Fprintf(&b, "miss: byte %d races in %d of the %d feasible orders but is not reported; orders with the race:\n",
			off, len(tr.union[off]), len(tr.orders))
		for i, k := range tr.union[off] {
			if i == 10 {
				fmt.Fprintf(&b, "  …\n")
				break
			}
			fmt.Fprintf(&b, "  %s\n", tr.order(k))
		}
	}
	if b.Len() == 0 {
		return ""
	}
	fmt.Fprintf(&b, "brute force: racing bytes %v over %d feasible orders of %d sections (depth-first order: %v)\n",
		tr.racing(), len(tr.orders), len(tr.sections), sortedKeys(tr.serial))
	var got []int
	for off := range reported {
		got = append(got, off)
	}
	slices.Sort(got)
	fmt.Fprintf(&b, "checked program: racing bytes %v, %d schedules explored, exit status %d\n", got, out.schedules, out.code)
	fmt.Fprintf(&b, "its standard error:\n%s", trim(out.stderr, 6000))
	return b.String()
}

// covered reports whether some report names two accesses that both touch
// byte off: in the run with one site per access, reports are de-duplicated
// by pair of accesses, so a byte's race may be reported at another byte
// the same pair touches.
func covered(off int, reports []driverReport, stmts map[event.Site]stmtBytes) bool {
	for _, r := range reports {
		a, p := stmts[event.Site(r.Access.Line)], stmts[event.Site(r.Previous.Line)]
		if a.lo <= off && off < a.hi && p.lo <= off && off < p.hi {
			return true
		}
	}
	return false
}

type stmtBytes struct {
	lo, hi int
	write  bool
}

// statements returns the bytes each access statement of the graph touches.
func statements(g *cgraph.Graph) map[event.Site]stmtBytes {
	out := map[event.Site]stmtBytes{}
	for _, s := range g.Steps() {
		for _, a := range s.Accesses {
			lo := int(a.Addr - randprog.DefaultBase)
			out[a.Site] = stmtBytes{lo: lo, hi: lo + int(a.Size), write: a.Write}
		}
	}
	return out
}

func sortedKeys(m map[int]bool) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func trim(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…\n"
	}
	return s
}

// failShrunk shrinks a program on which the checked program and the brute
// force disagree and fails the test with the smallest one.
func failShrunk(t *testing.T, bin, name string, p randprog.Program, commute map[event.Site]uint8, perByte bool, msg string) {
	t.Helper()
	fails := func(q randprog.Program) bool {
		if r, removed := orderGets(q); removed > 0 || len(brute(r).sections) > maxSections {
			return false
		}
		out, err := runDriverErr(bin, q, commute, perByte)
		return err != nil || verdict(brute(q), out, perByte) != ""
	}
	small := randprog.Shrink(p, fails)
	out, err := runDriverErr(bin, small, commute, perByte)
	smallMsg := fmt.Sprint(err)
	if err == nil {
		smallMsg = verdict(brute(small), out, perByte)
	}
	mode := "one site per byte"
	if !perByte {
		mode = "one site per access"
	}
	t.Fatalf("%s (%s): exploration disagrees with the brute force\n"+
		"shrunk program (%d of %d statements), commutative Isolated classes %v:\n%s%s\n"+
		"original program:\n%s%s",
		name, mode, small.Count(), p.Count(), commute, small, smallMsg, p, msg)
}

// ---------------------------------------------------------------------------
// Statistics.

type stats struct {
	programs, skipped int
	schedules         int // schedules run in the exact runs
	maxSchedules      int // the most schedules one program ran
	explored          int // programs whose exact run explored more than one schedule
	racy              int // programs with a race in some order
	orderDependent    int // programs with a byte racing in some orders only
	hiddenBySerial    int // programs with a race the depth-first order of the sections hides
	sections          int
	orders            int
	commuteConflicts  int // programs with two sections of different tasks, marked of one class, that conflict
	sectionsAfterGet  int // programs with a Get (of a future) before some section of its task
	gets              int
}

func (st *stats) add(tr *truth, out outcome, p randprog.Program, commute map[event.Site]uint8) {
	st.schedules += out.schedules
	st.maxSchedules = max(st.maxSchedules, out.schedules)
	if out.schedules > 1 {
		st.explored++
	}
	if len(tr.union) > 0 {
		st.racy++
	}
	for _, orders := range tr.union {
		if len(orders) < len(tr.orders) {
			st.orderDependent++
			break
		}
	}
	for b := range tr.union {
		if !tr.serial[b] {
			st.hiddenBySerial++
			break
		}
	}
	st.sections += len(tr.sections)
	st.orders += len(tr.orders)
	if markedConflict(tr, commute) {
		st.commuteConflicts++
	}
	gets, after := getsBeforeSections(p)
	st.gets += gets
	if after {
		st.sectionsAfterGet++
	}
}

// markedConflict reports whether two sections of different tasks, both
// marked commutative updates of one class, touch a common byte that one of them writes.
func markedConflict(tr *truth, commute map[event.Site]uint8) bool {
	steps := tr.g.Steps()
	touches := func(s section) (r, w map[int]bool) {
		r, w = map[int]bool{}, map[int]bool{}
		for _, a := range steps[s.step].Accesses {
			for b := a.Addr; b < a.Addr+a.Size; b++ {
				if a.Write {
					w[int(b-randprog.DefaultBase)] = true
				} else {
					r[int(b-randprog.DefaultBase)] = true
				}
			}
		}
		return r, w
	}
	for i, a := range tr.sections {
		for _, c := range tr.sections[i+1:] {
			if a.task == c.task || commute[a.site] == 0 || commute[a.site] != commute[c.site] {
				continue
			}
			ra, wa := touches(a)
			rc, wc := touches(c)
			for b := range wa {
				if rc[b] || wc[b] {
					return true
				}
			}
			for b := range wc {
				if ra[b] {
					return true
				}
			}
		}
	}
	return false
}

// getsBeforeSections counts the Gets of p and reports whether some body
// has a Get followed by an Isolated statement.
func getsBeforeSections(p randprog.Program) (gets int, after bool) {
	var walk func([]randprog.Stmt)
	walk = func(body []randprog.Stmt) {
		seenGet := false
		for _, s := range body {
			switch s.Op {
			case randprog.Get:
				gets++
				seenGet = true
			case randprog.Isolated:
				after = after || seenGet
			}
			walk(s.Body)
		}
	}
	walk(p.Body)
	return gets, after
}

func (st *stats) log(t *testing.T, d time.Duration) {
	t.Logf("%d programs (%d skipped: more than %d isolated sections) in %v", st.programs, st.skipped, maxSections, d.Round(time.Millisecond))
	t.Logf("%d explored more than one schedule; %d schedules run in all (one site per byte), %.1f a program, at most %d",
		st.explored, st.schedules, float64(st.schedules)/float64(max(st.programs, 1)), st.maxSchedules)
	t.Logf("%d sections, %d feasible orders in all (brute force)", st.sections, st.orders)
	t.Logf("%d programs race; %d have a byte racing in some orders only; %d a race that the depth-first order hides",
		st.racy, st.orderDependent, st.hiddenBySerial)
	t.Logf("%d with conflicting sections of different tasks both marked commutative; %d Gets; %d with a section after a Get",
		st.commuteConflicts, st.gets, st.sectionsAfterGet)
}
