package detect_test

import (
	"slices"
	"testing"

	"github.com/tpinstr/tpinstr/rt/internal/cgraph"
	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/randprog"
)

// The example programs of the papers, each with the verdict its text gives,
// checked against both the detector and the computation-graph oracle.
//
// A program is written with the statements of package randprog, whose
// interpreter produces the event stream of its serial depth-first run:
// post/async is an Async, await/finish a Finish, future/get a Future and a
// Get. Shared variables are bytes of the arena, named below. Where a figure
// only draws a graph, or its statements are "...", the accesses encode the
// orderings the text states: a write in one step and an access in another
// race exactly when the text says the two steps may run in parallel.

// vars names the arena bytes of the figures, one byte per variable.
var vars = []string{
	"r1", "r2", "x", "y", "z", "w", "v",
	"a3", "a4", "a6", "a7", "a8", "a9", "a10", "b10", "c10",
	"p", "p2", "q", "r", "s", "u",
}

func off(name string) int {
	i := slices.Index(vars, name)
	if i < 0 {
		panic("figure uses an unnamed variable " + name)
	}
	return i
}

func rd(v string) randprog.Stmt { return randprog.Stmt{Op: randprog.Read, Off: off(v), Size: 1} }
func wr(v string) randprog.Stmt { return randprog.Stmt{Op: randprog.Write, Off: off(v), Size: 1} }

// rmw is "v := v + …": a read and a write of v.
func rmw(v string) []randprog.Stmt { return []randprog.Stmt{rd(v), wr(v)} }

func async(body ...randprog.Stmt) randprog.Stmt {
	return randprog.Stmt{Op: randprog.Async, Body: body}
}

func finish(body ...randprog.Stmt) randprog.Stmt {
	return randprog.Stmt{Op: randprog.Finish, Body: body}
}

func future(h int, body ...randprog.Stmt) randprog.Stmt {
	return randprog.Stmt{Op: randprog.Future, Handle: h, Body: body}
}

func get(h int) randprog.Stmt { return randprog.Stmt{Op: randprog.Get, Handle: h} }

// stmts flattens statements and statement lists into one body.
func stmts(parts ...any) []randprog.Stmt {
	var out []randprog.Stmt
	for _, p := range parts {
		switch p := p.(type) {
		case randprog.Stmt:
			out = append(out, p)
		case []randprog.Stmt:
			out = append(out, p...)
		default:
			panic("stmts: not a statement")
		}
	}
	return out
}

// program numbers the sites of body 1, 2, 3… in textual order.
func program(body ...randprog.Stmt) randprog.Program {
	site := event.Site(0)
	var number func([]randprog.Stmt) []randprog.Stmt
	number = func(body []randprog.Stmt) []randprog.Stmt {
		out := slices.Clone(body)
		for i := range out {
			site++
			out[i].Site = site
			out[i].Body = number(out[i].Body)
		}
		return out
	}
	return randprog.Program{Arena: len(vars), Body: number(body)}
}

// Handles of the futures of the figures.
const (
	hA, hB, hC, hD = 0, 1, 2, 3
	hT1, hT2, hT3  = 1, 2, 3
	hT4, hT5, hT6  = 4, 5, 6
)

var figures = []struct {
	name string
	prog randprog.Program
	want []string // the racing variables
	// steps, when not zero, is the number of steps the paper's drawing
	// has; the oracle's graph has one more, the end of Run.
	steps int
}{
	{
		// Surendran & Sarkar 2016, Figure 1. The text: "Stmt3, Stmt6, and
		// Stmt8 may execute in parallel with task TA, while Stmt4, Stmt7,
		// and Stmt9 can execute only after the completion of task TA", and
		// "Stmt10 can execute only after tasks TA, TB, and TC complete".
		// TA's body ("...") writes one variable for each of those claims;
		// Stmt10 also writes what TB and TC wrote last.
		name: "futures paper, Figure 1",
		prog: program(
			wr("x"), // Stmt1
			future(hA, wr("a3"), wr("a4"), wr("a6"), wr("a7"), wr("a8"), wr("a9"), wr("a10")),
			wr("y"), // Stmt2
			future(hB, rd("a3"), get(hA), rd("a4"), wr("b10")), // Stmt3; A.get(); Stmt4
			wr("z"), // Stmt5
			future(hC, rd("a6"), get(hA), rd("a7"), get(hB), wr("c10")), // Stmt6; A.get(); Stmt7; B.get()
			rd("a8"), // Stmt8
			get(hA),
			rd("a9"), // Stmt9
			get(hC),
			wr("a10"), wr("b10"), wr("c10"), // Stmt10
		),
		want: []string{"a3", "a6", "a8"},
	},
	{
		// Surendran & Sarkar 2016, Figure 2. The program is drawn only as
		// its graph of steps S1–S12 in five tasks; this one has exactly
		// that shape and the facts the text states: TA is an ancestor of
		// TB and joins it (tree join S3 → S5), TC gets TA (non-tree join
		// S5 → S8), S2 ∥ S10, and S2 ≺ S12.
		//
		//	TM: S1 A=future{TA} S6 C=future{TC} S9 D=future{TD} S11 C.get() S12
		//	TA: S2 B=future{TB: S3} S4 B.get() S5
		//	TC: S7 A.get() S8
		//	TD: S10
		name: "futures paper, Figure 2",
		prog: program(
			future(hA, wr("x"), wr("y"), // S2
				future(hB, wr("z")), // S3
				get(hB),
				rd("z"), wr("w"), // S5
			),
			future(hC, get(hA), rd("w")), // S8
			future(hD, wr("x")),          // S10: parallel with S2
			get(hC),
			rd("y"), // S12: after S2
		),
		want:  []string{"x"},
		steps: 12,
	},
	{
		// Surendran & Sarkar 2016, Figure 3 and Table 1. The spawn tree is
		// the one of Table 1(b): T0 spawns T1, T2, T3 (labels [1,2], [3,4],
		// [5,12]); T3 spawns T4 and T5, T5 spawns T6. T3 performs the
		// non-tree joins (4,6) on T2 and then (2,9) on T1, before spawning
		// T5, so T3 is the lowest significant ancestor of T4, T5 and T6;
		// after step 17, T0, T3, T4, T5 and T6 are joined by tree joins
		// and T1, T2 are not. Step numbers are the paper's where the text
		// names them.
		name: "futures paper, Figure 3",
		prog: program(
			future(hT1, wr("p"), wr("p2"), wr("q"), wr("u")), // step 2
			future(hT2, wr("r"), wr("s")),                    // step 4
			future(hT3,
				rd("s"),                        // step 5: before the join on T2, races
				get(hT2),                       // (4,6)
				rd("r"),                        // step 6
				future(hT4, rd("r"), rd("p2")), // step 7: T4 precedes the join on T1
				rd("q"),                        // step 8: before the join on T1, races
				get(hT1),                       // (2,9)
				rd("p"),                        // step 9
				future(hT5,
					future(hT6, rd("p"), rd("r"), wr("v")), // step 11: ordered through the LSA T3
					get(hT6),
				),
				get(hT4),
				get(hT5),
			),
			get(hT3),
			wr("p"), wr("v"), wr("u"), // step 17
		),
		want: []string{"p2", "q", "s"},
	},
	{
		// Nakade 2016, Figure 3.2: main posts p1 and p2 into region r1 and
		// awaits r1; both update the region variable r1. "The nodes n1 and
		// n2 are unordered since there is no path from n1 to n2 and both
		// are writing to variable r1. Therefore, ww is set to true and a
		// race is reported" (section 2, on the graph of Figure 2.1). The
		// return value handlers update main's local n, which is not shared.
		name: "thesis, Figure 3.2",
		prog: program(
			finish(
				async(rmw("r1")...), // p1: l(r1) := l(r1) + n
				async(rmw("r1")...), // p2: l(r1) := l(r1) + n
			),
		),
		want: []string{"r1"},
	},
	{
		// Nakade 2016, Figure 5.2: nested regions. main posts p1 into r1
		// and awaits r1; p1 posts p2 and p3 into r2 and awaits r2; p2 and
		// p3 each assign the region variable of r2. The text describes the
		// on-the-fly check of region r2 when its await ends and the master
		// node that replaces it "if a race is not reported"; as written,
		// p2 and p3 both write l(r2) with no order between them, so the
		// check of region r2 reports a write-write race on it.
		name: "thesis, Figure 5.2",
		prog: program(
			finish(
				async( // p1
					finish(
						async(wr("r2")), // p2: l(r2) := n
						async(wr("r2")), // p3: l(r2) := n
					),
				),
			),
		),
		want: []string{"r2"},
	},
	{
		// Nakade 2016, Figure 5.2 with p2 and p3 writing variables of their
		// own: the region is race free, so it is the case Figure 5.3(b)
		// draws, where region r2 becomes a master node and main, after
		// await r1, is ordered after everything in it.
		name: "thesis, Figure 5.2, race-free regions",
		prog: program(
			finish(
				async(
					finish(
						async(wr("x")),
						async(wr("y")),
					),
					rd("x"), rd("y"), // p1 after await r2
				),
			),
			wr("x"), wr("y"), // main after await r1
		),
		want: nil,
	},
}

func TestPaperFigures(t *testing.T) {
	for _, fig := range figures {
		t.Run(fig.name, func(t *testing.T) {
			if err := fig.prog.Validate(); err != nil {
				t.Fatalf("the figure's program is not valid: %v\n%s", err, fig.prog)
			}
			det, orc, err := check(fig.prog)
			if err != nil {
				t.Fatal(err)
			}
			var want []uintptr
			for _, v := range fig.want {
				want = append(want, randprog.DefaultBase+uintptr(off(v)))
			}
			slices.Sort(want)
			if got := orc.addrs(); !slices.Equal(got, want) {
				t.Errorf("oracle races on %v, the paper says %v\n%soracle:\n%s", names(got), fig.want, fig.prog, orc)
			}
			if got := det.addrs(); !slices.Equal(got, want) {
				t.Errorf("detector races on %v, the paper says %v\n%sdetector:\n%s", names(got), fig.want, fig.prog, det)
			}
			if fig.steps != 0 {
				g := cgraph.New()
				if err := randprog.Run(fig.prog, g, randprog.Options{}); err != nil {
					t.Fatal(err)
				}
				if n := len(g.Steps()) - 1; n != fig.steps {
					t.Errorf("the graph has %d steps before the end of Run, the paper draws %d", n, fig.steps)
				}
			}
		})
	}
}

// names turns racing addresses back into variable names.
func names(addrs []uintptr) []string {
	out := make([]string, len(addrs))
	for i, a := range addrs {
		out[i] = vars[a-randprog.DefaultBase]
	}
	return out
}
