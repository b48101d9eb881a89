package detect_test

import (
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tpinstr/tpinstr/rt/internal/cgraph"
	"github.com/tpinstr/tpinstr/rt/internal/detect"
	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/randprog"
)

var (
	propertyScale = flag.Int("property.scale", 1,
		"multiply the number of random programs TestExactness checks (-short divides it by 10)")
	propertySeed = flag.Uint64("property.seed", 0,
		"first seed of TestExactness, to explore other programs than the default ones")
)

// verdict is the set of racing bytes one checker found, each with the first
// race it gave for that byte.
type verdict map[uintptr]event.Race

func (v verdict) addrs() []uintptr {
	out := make([]uintptr, 0, len(v))
	for a := range v {
		out = append(out, a)
	}
	slices.Sort(out)
	return out
}

func (v verdict) String() string {
	if len(v) == 0 {
		return "  no race\n"
	}
	var b strings.Builder
	for _, a := range v.addrs() {
		r := v[a]
		fmt.Fprintf(&b, "  byte %d: %s by task %d at #%d, then %s by task %d at #%d\n",
			a-randprog.DefaultBase, rw(r.Prev), r.Prev.Task, r.Prev.Site, rw(r.Cur), r.Cur.Task, r.Cur.Site)
	}
	return b.String()
}

func rw(a event.Access) string {
	s := "read"
	if a.Write {
		s = "write"
	}
	if a.Isolated {
		s = "isolated " + s
	}
	return s
}

// check runs p once through the detector and the computation-graph oracle
// together (event.Tee) and returns both verdicts. A panic of either checker
// is returned as an error, so that it is reported and shrunk like a
// mismatch.
func check(p randprog.Program) (det, orc verdict, err error) { return checkWith(p, 0) }

// checkWith is check with the detector's search budget for dropping
// readers set to budget (0: the default).
func checkWith(p randprog.Program, budget int) (det, orc verdict, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	det, orc = verdict{}, verdict{}
	d := detect.New(func(r event.Race) {
		if _, ok := det[r.Addr]; !ok {
			det[r.Addr] = r
		}
	})
	if budget > 0 {
		detect.SetPruneBudget(d, budget)
	}
	g := cgraph.New()
	if err := randprog.Run(p, event.Tee{d, g}, randprog.Options{}); err != nil {
		return nil, nil, err
	}
	if err := g.Err(); err != nil {
		return nil, nil, fmt.Errorf("oracle: %w", err)
	}
	for _, r := range g.Races() {
		orc[r.Addr] = r.Race
	}
	return det, orc, nil
}

// agree reports whether both checkers found the same racing bytes.
func agree(det, orc verdict) bool { return slices.Equal(det.addrs(), orc.addrs()) }

// plausible checks a race the detector reported against the program: both
// sites are accesses of the stated kind that cover the byte, at least one
// writes, and not both are isolated.
func plausible(p randprog.Program, r event.Race) error {
	sites := map[event.Site]randprog.Stmt{}
	var walk func([]randprog.Stmt)
	walk = func(body []randprog.Stmt) {
		for _, s := range body {
			sites[s.Site] = s
			walk(s.Body)
		}
	}
	walk(p.Body)
	off := int(r.Addr - randprog.DefaultBase)
	for _, a := range []event.Access{r.Prev, r.Cur} {
		s, ok := sites[a.Site]
		if !ok || (s.Op == randprog.Write) != a.Write || (s.Op != randprog.Read && s.Op != randprog.Write) ||
			off < s.Off || off >= s.Off+s.Size {
			return fmt.Errorf("access %+v is not a %s of byte %d in the program", a, rw(a), off)
		}
	}
	if !r.Prev.Write && !r.Cur.Write {
		return fmt.Errorf("two reads")
	}
	if r.Prev.Isolated && r.Cur.Isolated {
		return fmt.Errorf("both accesses isolated")
	}
	return nil
}

// TestExactness is the property the detector promises (futures paper,
// Theorem 2, extended to Isolated): on every program, it reports a race on a
// byte if and only if the computation graph has one. Each setting stresses
// one feature; every program is fixed by its seed, so a failure is
// reproducible, and is shrunk before it is printed.
func TestExactness(t *testing.T) {
	big := randprog.Mixed()
	big.MaxStmts, big.MaxDepth, big.Arena = 150, 6, 64
	crowded := randprog.Mixed()
	crowded.Arena = 8
	// Few writes over a larger arena: most bytes do not race, so false
	// reports stand out.
	sparse := randprog.Mixed()
	sparse.Arena, sparse.Weights.Read, sparse.Weights.Write = 64, 10, 1
	// Accesses of whole pages and of a few bytes in them, for the shadow
	// memory's uniform pages (shadow.Memory.Whole).
	pages := randprog.Mixed()
	pages.Arena = 3 * randprog.PageSize
	// Many futures reading a few words, the reads often spans: locations
	// with more parallel readers than a shared set holds.
	readers := randprog.Futures()
	readers.Arena, readers.MaxStmts, readers.MaxDepth, readers.MaxBody = 32, 150, 2, 10
	readers.Weights = randprog.Weights{Read: 30, Write: 1, Future: 6, Get: 1, Async: 1, Finish: 1}
	// Long bodies of reads of a few bytes, gets among them: steps that read
	// the same bytes again, before and after a get, so that the page filter
	// of seen.go stands for many reads.
	rereads := randprog.Mixed()
	rereads.Arena, rereads.MaxStmts, rereads.MaxBody = 24, 80, 12
	rereads.Weights = randprog.Weights{Read: 24, Write: 4, Async: 3, Finish: 1, Future: 3, Get: 4, Isolated: 1}
	// The same without futures, where the one-async-reader rule keeps a
	// reader that a repeated read does not replace.
	rereadsAsync := rereads
	rereadsAsync.Weights.Future, rereadsAsync.Weights.Get = 0, 0
	// Row-like ranges of whole words over two pages and a half, by many
	// tasks: pages without cells whose runs split, merge and overflow
	// (shadow/runs.go).
	ranges := randprog.Mixed()
	ranges.Arena, ranges.MaxStmts, ranges.MaxDepth, ranges.Ranges = 5*randprog.PageSize/2, 150, 5, true
	ranges.Weights = randprog.Weights{Read: 10, Write: 3, Async: 4, Finish: 3, Future: 3, Get: 3, Isolated: 1}
	settings := []struct {
		name     string
		cfg      randprog.Config
		programs int
		budget   int // the detector's search budget for dropping readers; 0: its default
	}{
		{"mixed", randprog.Mixed(), 2000, 0},
		{"futures and non-tree joins", randprog.Futures(), 2000, 0},
		{"nested finishes", randprog.Finishes(), 1500, 0},
		{"isolated", randprog.IsolatedHeavy(), 1500, 0},
		{"sparse writes", sparse, 1000, 0},
		{"crowded arena", crowded, 1000, 0},
		{"large programs", big, 500, 0},
		{"whole pages", pages, 200, 0},
		{"runs of words", ranges, 400, 0},
		{"many readers", readers, 300, 0},
		{"repeated reads", rereads, 1500, 0},
		{"repeated reads, async only", rereadsAsync, 1000, 0},
		// Searches for dropping readers that give up at once: the readers
		// they keep must change no verdict.
		{"futures, readers kept", randprog.Futures(), 1000, 1},
		{"many readers, readers kept", readers, 300, 1},
	}
	for _, st := range settings {
		t.Run(st.name, func(t *testing.T) {
			n := st.programs * *propertyScale
			if testing.Short() {
				n /= 10
			}
			racy := 0
			for seed := *propertySeed; seed < *propertySeed+uint64(n); seed++ {
				p := randprog.Generate(seed, st.cfg)
				det, orc, err := checkWith(p, st.budget)
				if err == nil && agree(det, orc) {
					for _, r := range det {
						if perr := plausible(p, r); perr != nil {
							t.Fatalf("seed %d: the detector's race on byte %d is not a race of the program: %v\n%s",
								seed, r.Addr-randprog.DefaultBase, perr, p)
						}
					}
					if len(orc) > 0 {
						racy++
					}
					continue
				}
				fails := func(q randprog.Program) bool {
					det, orc, err := checkWith(q, st.budget)
					return err != nil || !agree(det, orc)
				}
				small := randprog.Shrink(p, fails)
				det, orc, err = checkWith(small, st.budget)
				t.Fatalf("seed %d (%d statements, shrunk to %d): detector and oracle disagree (error: %v)\n%s"+
					"detector:\n%soracle:\n%s",
					seed, p.Count(), small.Count(), err, small, det, orc)
			}
			// A setting where nothing or everything races tests little. A
			// few dozen large programs may well all race (-short runs 50),
			// so the check waits for a hundred.
			if n >= 100 && (racy == 0 || racy == n) {
				t.Errorf("%d of %d programs race: the setting should give both", racy, n)
			}
			t.Logf("%d programs, %d with races", n, racy)
		})
	}
}
