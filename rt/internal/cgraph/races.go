package cgraph

import (
	"slices"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// Race is one racing byte with its witness: the event.Race that the detector
// would report for it, and the two unordered steps that made the accesses.
type Race struct {
	event.Race
	PrevStep, CurStep StepID
}

// verdict caches the result of Algorithm 1 for one state of the graph.
type verdict struct {
	gen   uint64
	races []Race
	racy  []bool // per step: in at least one racing pair
}

// Races decides the graph exactly: it returns every byte on which two
// accesses race, one witness pair each, in increasing address order. Two
// accesses race when they touch a common byte, at least one writes, their
// steps are unordered, and not both steps are isolated.
//
// It is Algorithm 1 of Nakade 2016 (DETECTRACE, section 2): take the steps
// in topological order (here the order the serial execution entered them),
// and for every pair n before n' that is unordered (here: n' has no bit for
// n in its ancestor bitset, and n' cannot precede n), intersect δ(n) ∩ ω(n'),
// ω(n) ∩ δ(n') and ω(n) ∩ ω(n'). Unlike the thesis, it does not stop at the
// first race but records the first witness of every byte, because the
// detector is specified per byte. The witness of a byte is the first racing
// pair in that order, write-write before write-read before read-write.
//
// Prev of each witness is the access of the lower step. Steps are contiguous
// stretches of the serial execution, so Prev was also made earlier in time,
// as in the detector's reports.
func (g *Graph) Races() []Race { return g.check().races }

// Racy reports whether step s takes part in at least one racing pair (not
// only in witnesses): the steps a drawing highlights.
func (g *Graph) Racy(s StepID) bool {
	v := g.check()
	return s >= 0 && int(s) < len(v.racy) && v.racy[s]
}

func (g *Graph) check() *verdict {
	if g.verdict != nil && g.verdict.gen == g.gen {
		return g.verdict
	}
	g.closure.extend(g.preds)
	n := len(g.steps)
	reads := make([]byteSet, n)
	writes := make([]byteSet, n)
	var active []StepID // steps with at least one access
	for i := range g.steps {
		reads[i], writes[i] = accessSets(g.steps[i].Accesses)
		if reads[i] != nil || writes[i] != nil {
			active = append(active, StepID(i))
		}
	}
	v := &verdict{gen: g.gen, racy: make([]bool, n)}
	seen := make(map[uintptr]struct{})
	for x, i := range active {
		si := &g.steps[i]
		for _, j := range active[x+1:] {
			// i < j: j never precedes i, so i ∥ j iff not i ≺ j.
			if g.closure.precedes(i, j) {
				continue
			}
			sj := &g.steps[j]
			if si.Isolated && sj.Isolated {
				continue
			}
			conflict := false
			record := func(wi, wj bool) func(lo, hi uintptr, a, b event.Site) {
				return func(lo, hi uintptr, a, b event.Site) {
					conflict = true
					for addr := lo; addr < hi; addr++ {
						if _, ok := seen[addr]; ok {
							continue
						}
						seen[addr] = struct{}{}
						v.races = append(v.races, Race{
							Race: event.Race{
								Addr: addr,
								Prev: event.Access{Task: si.Task, Site: a, Write: wi, Isolated: si.Isolated},
								Cur:  event.Access{Task: sj.Task, Site: b, Write: wj, Isolated: sj.Isolated},
							},
							PrevStep: i,
							CurStep:  j,
						})
					}
				}
			}
			overlap(writes[i], writes[j], record(true, true))
			overlap(writes[i], reads[j], record(true, false))
			overlap(reads[i], writes[j], record(false, true))
			if conflict {
				v.racy[i], v.racy[j] = true, true
			}
		}
	}
	slices.SortFunc(v.races, func(a, b Race) int {
		switch {
		case a.Addr < b.Addr:
			return -1
		case a.Addr > b.Addr:
			return 1
		}
		return 0
	})
	g.verdict = v
	return v
}

// RacingAddrs returns the racing bytes of races, in the order given.
func RacingAddrs(races []Race) []uintptr {
	out := make([]uintptr, len(races))
	for i, r := range races {
		out[i] = r.Addr
	}
	return out
}
