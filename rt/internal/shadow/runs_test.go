package shadow

import (
	"math/rand/v2"
	"testing"
)

// TestRunsModel checks a page without cells against a model of its words,
// one cell each: random SetRuns of random word ranges (mostly of a few
// words, so that runs pile up), with cells drawn
// from a few (so that runs merge) or from many (so that the page runs out
// of runs and gets its cells), must leave every word with the cell the
// model has, through Run while the page has no cells and through Word
// once it has.
func TestRunsModel(t *testing.T) {
	const base = uintptr(1) << 32
	for _, tt := range []struct {
		name     string
		cells    int
		overflow bool // some rounds must run out of runs and give the page cells
	}{{"few cells", 3, false}, {"many cells", 1000, true}} {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, uint64(tt.cells)))
			overflowed := 0
			for round := range 300 {
				m := New()
				var model [wordsPerPage]Cell
				for step := range 200 {
					i := rng.IntN(wordsPerPage)
					j := i + 1 + rng.IntN(wordsPerPage-i)
					if rng.IntN(4) != 0 { // mostly short, so that runs pile up
						j = i + 1 + rng.IntN(min(4, wordsPerPage-i))
					}
					c := Cell{W: Acc{Step: uint32(1 + rng.IntN(tt.cells))}}
					if _, _, ok := m.Run(base+uintptr(i)*8, true); !ok {
						break // the page got its cells
					}
					m.SetRun(base+uintptr(i)*8, base+uintptr(j)*8, c)
					for w := i; w < j; w++ {
						model[w] = c
					}
					for w := 0; w < wordsPerPage; {
						got, end, ok := m.Run(base+uintptr(w)*8, true)
						if !ok {
							break // it got its cells: compared below
						}
						if end <= base+uintptr(w)*8 || end > base+wordsPerPage*8 {
							t.Fatalf("round %d: run of word %d ends at +%d", round, w, end-base)
						}
						for ; base+uintptr(w)*8 < end; w++ {
							if got != model[w] {
								t.Fatalf("round %d, step %d: word %d is %+v in its run, want %+v", round, step, w, got, model[w])
							}
						}
					}
				}
				p := *m.slot(base >> pageShift)
				if !p.uni {
					overflowed++
				}
				if p.rs != nil && (p.rs.n < 2 || p.rs.n > maxRuns) {
					t.Fatalf("round %d: %d runs in the list", round, p.rs.n)
				}
				if p.rs != nil {
					for k := 1; k < p.rs.n; k++ {
						if p.rs.c[k] == p.rs.c[k-1] || p.rs.end[k] <= p.rs.end[k-1] {
							t.Fatalf("round %d: runs %d and %d not distinct and ordered: %+v", round, k-1, k, p.rs)
						}
					}
				}
				for w := range wordsPerPage {
					if got := *m.Word(base + uintptr(w)*8); got != model[w] {
						t.Fatalf("round %d: word %d is %+v with cells, want %+v", round, w, got, model[w])
					}
				}
			}
			if tt.overflow && overflowed == 0 {
				t.Errorf("no round ran out of runs: the path that gives the page its cells was not tested")
			}
			t.Logf("%d of 300 rounds gave the page cells", overflowed)
		})
	}
}
