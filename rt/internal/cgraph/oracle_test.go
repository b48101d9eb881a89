package cgraph

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/randprog"
)

// reach computes reachability by a depth-first search from every step: a
// slow, independent check of the bitset closure.
func reach(g *Graph) [][]bool {
	n := len(g.Steps())
	succ := make([][]StepID, n)
	for _, e := range g.Edges() {
		succ[e.From] = append(succ[e.From], e.To)
	}
	r := make([][]bool, n)
	for u := range r {
		r[u] = make([]bool, n)
		stack := append([]StepID(nil), succ[u]...)
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if r[u][v] {
				continue
			}
			r[u][v] = true
			stack = append(stack, succ[v]...)
		}
	}
	return r
}

// bruteRaces decides races byte by byte over every pair of accesses, with
// reachability from reach: the definition, with nothing clever.
func bruteRaces(g *Graph, r [][]bool) []uintptr {
	type acc struct {
		step  StepID
		write bool
	}
	bytes := map[uintptr][]acc{}
	for i, s := range g.Steps() {
		for _, a := range s.Accesses {
			for b := a.Addr; b < a.Addr+a.Size; b++ {
				bytes[b] = append(bytes[b], acc{StepID(i), a.Write})
			}
		}
	}
	var out []uintptr
	for addr, list := range bytes {
	pairs:
		for i, a := range list {
			for _, b := range list[i+1:] {
				sa, sb := g.Steps()[a.step], g.Steps()[b.step]
				if a.step == b.step || !(a.write || b.write) || (sa.Isolated && sb.Isolated) {
					continue
				}
				if !r[a.step][b.step] && !r[b.step][a.step] {
					out = append(out, addr)
					break pairs
				}
			}
		}
	}
	return out
}

// checkWitness verifies that w is a genuine race of g: two unordered steps,
// the earlier one Prev, each with an access of the stated kind and site that
// covers the byte, not both isolated.
func checkWitness(g *Graph, r [][]bool, w Race) error {
	steps := g.Steps()
	if w.PrevStep >= w.CurStep || r[w.PrevStep][w.CurStep] {
		return fmt.Errorf("steps %d and %d are ordered", w.PrevStep, w.CurStep)
	}
	if !w.Prev.Write && !w.Cur.Write {
		return fmt.Errorf("two reads")
	}
	for _, side := range []struct {
		step StepID
		a    event.Access
	}{{w.PrevStep, w.Prev}, {w.CurStep, w.Cur}} {
		s := steps[side.step]
		if s.Task != side.a.Task || s.Isolated != side.a.Isolated {
			return fmt.Errorf("access %+v does not match step %d %+v", side.a, side.step, s)
		}
		found := false
		for _, a := range s.Accesses {
			if a.Write == side.a.Write && a.Site == side.a.Site && a.Addr <= w.Addr && w.Addr < a.Addr+a.Size {
				found = true
			}
		}
		if !found {
			return fmt.Errorf("step %d has no access %+v covering %#x", side.step, side.a, w.Addr)
		}
	}
	if w.Prev.Isolated && w.Cur.Isolated {
		return fmt.Errorf("both isolated")
	}
	return nil
}

func TestOracleAgainstDefinition(t *testing.T) {
	configs := []randprog.Config{randprog.Mixed(), randprog.Futures(), randprog.Finishes(), randprog.IsolatedHeavy()}
	racy, total := 0, 0
	for ci, cfg := range configs {
		for seed := uint64(0); seed < 150; seed++ {
			p := randprog.Generate(seed, cfg)
			g := New()
			if err := randprog.Run(p, g, randprog.Options{}); err != nil {
				t.Fatal(err)
			}
			if err := g.Err(); err != nil {
				t.Fatalf("config %d seed %d: %v\n%s", ci, seed, err, p)
			}
			r := reach(g)
			n := StepID(len(g.Steps()))
			for u := StepID(0); u < n; u++ {
				for v := StepID(0); v < n; v++ {
					if g.Precedes(u, v) != r[u][v] {
						t.Fatalf("config %d seed %d: Precedes(%d, %d) = %t, search says %t\n%s",
							ci, seed, u, v, !r[u][v], r[u][v], p)
					}
					if par := u != v && !r[u][v] && !r[v][u]; g.Parallel(u, v) != par {
						t.Fatalf("config %d seed %d: Parallel(%d, %d) = %t, search says %t\n%s",
							ci, seed, u, v, !par, par, p)
					}
				}
			}
			races := g.Races()
			got := RacingAddrs(races)
			want := bruteRaces(g, r)
			if !sameSet(got, want) {
				t.Fatalf("config %d seed %d: racing bytes %#x, by definition %#x\n%s", ci, seed, got, want, p)
			}
			for _, w := range races {
				if err := checkWitness(g, r, w); err != nil {
					t.Fatalf("config %d seed %d: witness %+v: %v\n%s", ci, seed, w, err, p)
				}
			}
			total++
			if len(races) > 0 {
				racy++
			}
		}
	}
	// The comparison means little unless programs both race and do not.
	if racy == 0 || racy == total {
		t.Errorf("%d of %d programs race: want some of each", racy, total)
	}
	t.Logf("%d of %d programs race", racy, total)
}

func sameSet(a, b []uintptr) bool {
	set := func(s []uintptr) map[uintptr]bool {
		m := map[uintptr]bool{}
		for _, x := range s {
			m[x] = true
		}
		return m
	}
	return reflect.DeepEqual(set(a), set(b))
}

func TestAccessSets(t *testing.T) {
	tests := []struct {
		name         string
		accs         []Access
		reads, write byteSet
	}{
		{"empty", nil, nil, nil},
		{"reads and writes apart", []Access{{Addr: 0, Size: 4, Site: 1}, {Addr: 2, Size: 4, Write: true, Site: 2}},
			byteSet{{0, 4, 1}}, byteSet{{2, 6, 2}}},
		{"overlaps merge, lower start wins", []Access{{Addr: 4, Size: 4, Site: 1}, {Addr: 2, Size: 4, Site: 2}, {Addr: 6, Size: 4, Site: 3}},
			byteSet{{2, 6, 2}, {6, 8, 1}, {8, 10, 3}}, nil},
		{"contained access adds nothing", []Access{{Addr: 0, Size: 8, Site: 1}, {Addr: 2, Size: 2, Site: 2}},
			byteSet{{0, 8, 1}}, nil},
		{"same start: earliest wins", []Access{{Addr: 0, Size: 2, Site: 1}, {Addr: 0, Size: 4, Site: 2}},
			byteSet{{0, 2, 1}, {2, 4, 2}}, nil},
		{"adjacent same site coalesce", []Access{{Addr: 0, Size: 2, Site: 1}, {Addr: 2, Size: 2, Site: 1}},
			byteSet{{0, 4, 1}}, nil},
		{"gap kept", []Access{{Addr: 0, Size: 1, Site: 1}, {Addr: 2, Size: 1, Site: 1}},
			byteSet{{0, 1, 1}, {2, 3, 1}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, w := accessSets(tt.accs)
			if !reflect.DeepEqual(r, tt.reads) || !reflect.DeepEqual(w, tt.write) {
				t.Errorf("accessSets = %v, %v; want %v, %v", r, w, tt.reads, tt.write)
			}
		})
	}
}

// BenchmarkRaces measures Algorithm 1 with the bitset closure on one large
// random program (a few thousand steps).
func BenchmarkRaces(b *testing.B) {
	cfg := randprog.Mixed()
	cfg.MaxStmts, cfg.MaxDepth, cfg.MaxBody, cfg.Arena = 8000, 6, 6, 4096
	p := randprog.Generate(1, cfg)
	var steps, races int
	for b.Loop() {
		g := New()
		if err := randprog.Run(p, g, randprog.Options{}); err != nil {
			b.Fatal(err)
		}
		races = len(g.Races())
		steps = len(g.Steps())
	}
	b.ReportMetric(float64(steps), "steps")
	b.ReportMetric(float64(races), "racing-bytes")
}
