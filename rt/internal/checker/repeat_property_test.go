package checker

import (
	"slices"
	"testing"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/detect"
	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/randprog"
	"github.com/tpinstr/tpinstr/rt/internal/shadow"
)

// TestRepeatedReadsThroughChecker checks, on random task programs, that
// the reads rewritten code drops before calling Access (rt.Repeat, the
// same test as shadow.Repeat of the copies of pages' filters of repeated
// reads that Access makes) hide no race and add none: the racing bytes of a program driven through the checker's entry
// points, as the checked task library and rewritten code drive them, are
// those of the same program given to a detector directly, whose own
// exactness the detector's property test checks against the oracle. The
// settings with long bodies of reads of a few bytes are those where the
// copy stands for many reads; the test fails if it stands for none there.
func TestRepeatedReadsThroughChecker(t *testing.T) {
	rereads := randprog.Mixed()
	rereads.Arena, rereads.MaxStmts, rereads.MaxBody = 24, 80, 12
	rereads.Weights = randprog.Weights{Read: 24, Write: 4, Async: 3, Finish: 1, Future: 3, Get: 4, Isolated: 1}
	rereadsAsync := rereads
	rereadsAsync.Weights.Future, rereadsAsync.Weights.Get = 0, 0
	isolated := rereads
	isolated.Weights.Isolated = 6
	settings := []struct {
		name     string
		cfg      randprog.Config
		programs int
		drops    bool // the copy must stand for some reads
	}{
		{"repeated reads", rereads, 400, true},
		{"repeated reads, async only", rereadsAsync, 300, true},
		{"repeated reads around isolated bodies", isolated, 300, true},
		{"mixed", randprog.Mixed(), 300, false},
		{"futures", randprog.Futures(), 200, false},
	}
	for _, s := range settings {
		t.Run(s.name, func(t *testing.T) {
			n := s.programs
			if testing.Short() {
				n /= 4
			}
			dropped := 0
			for seed := range uint64(n) {
				p := randprog.Generate(seed, s.cfg)
				direct, checked, d := runThroughChecker(t, p)
				dropped += d
				if !slices.Equal(direct, checked) {
					t.Fatalf("seed %d: racing bytes %v given to a detector directly, %v through the checker\nprogram:\n%s",
						seed, direct, checked, p)
				}
			}
			if s.drops && dropped == 0 {
				t.Errorf("the inline filter dropped no read in %d programs: the test checks nothing", n)
			}
			t.Logf("%d programs, %d reads dropped before the detector", n, dropped)
		})
	}
}

// runThroughChecker runs p through a detector directly, then through the
// checker's entry points, and returns the racing bytes of both (offsets
// in the arena, sorted) and how many reads shadow.Repeat answered.
func runThroughChecker(t *testing.T, p randprog.Program) (direct, checked []uintptr, dropped int) {
	t.Helper()
	arena := make([]byte, p.Arena)
	base := unsafe.Pointer(&arena[0])
	d, c := racing{}, racing{}
	collect := func(into racing) func(event.Race) {
		return func(r event.Race) { into[r.Addr-uintptr(base)] = true }
	}
	if err := randprog.Run(p, detect.New(collect(d)), randprog.Options{Base: uintptr(base)}); err != nil {
		t.Fatal(err)
	}

	st := newTestState(t)
	root := RunBegin()
	// Every racing byte, where the checker reports one race per pair of
	// sites: the new detector starts as RunBegin started its own.
	st.det = detect.New(collect(c))
	st.det.Spawn(0, root, false, 0)
	st.det.FinishBegin(root, 0)
	s := &checkerSink{t: t, base: base, root: root}
	if err := randprog.Run(p, s, randprog.Options{Base: uintptr(base)}); err != nil {
		t.Fatal(err)
	}
	RunEnd(root)
	return d.minus(nil), c.minus(nil), s.dropped
}

// checkerSink drives the checker with the events of a random program, as
// the checked task library and rewritten code would.
type checkerSink struct {
	t       *testing.T
	base    unsafe.Pointer
	root    event.Task
	dropped int
}

// Spawn implements event.Sink.
func (s *checkerSink) Spawn(parent, child event.Task, future bool, site event.Site) {
	if parent == 0 {
		if child != s.root {
			s.t.Fatalf("root task %d, the checker's is %d", child, s.root)
		}
		return
	}
	if got := Spawn(future); got != child {
		s.t.Fatalf("spawned task %d, the checker's is %d", child, got)
	}
}

// End implements event.Sink.
func (s *checkerSink) End(t event.Task) {
	if t != s.root {
		TaskEnd(t)
	}
}

// FinishBegin implements event.Sink.
func (s *checkerSink) FinishBegin(event.Task, event.Site) { FinishBegin() }

// FinishEnd implements event.Sink.
func (s *checkerSink) FinishEnd(event.Task) { FinishEnd() }

// Get implements event.Sink.
func (s *checkerSink) Get(_, f event.Task, _ event.Site) { Get(f, Generation()) }

// IsolatedBegin implements event.Sink.
func (s *checkerSink) IsolatedBegin(event.Task, event.Site) { IsolatedBegin() }

// IsolatedEnd implements event.Sink.
func (s *checkerSink) IsolatedEnd(event.Task) { IsolatedEnd() }

// Access implements event.Sink.
func (s *checkerSink) Access(_ event.Task, addr, size uintptr, write bool, site event.Site) {
	p := unsafe.Add(s.base, addr-uintptr(s.base))
	if !write && shadow.Repeat(uintptr(p), size) {
		s.dropped++ // as rewritten code does: rt.Repeat is the same test
		return
	}
	Access(p, size, write, uint32(site))
}
