package checker

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/detect"
	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/randprog"
)

// TestPermissionRegionsHideNoRace checks, on random task programs, that
// accesses made inside permission regions, which the checker does not
// record one by one, hide no race: every byte on which the program races
// when run plainly is reported racing when every task holds write regions
// over what it accesses. Tasks acquire a region at their first access of
// a range and keep it across spawns (and, in one variant, across joins),
// so that most accesses are covered by a region recorded in an earlier
// step of their task.
func TestPermissionRegionsHideNoRace(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 15
	}
	configs := []struct {
		name string
		cfg  randprog.Config
	}{
		{"mixed", randprog.Mixed()},
		{"futures", randprog.Futures()},
		{"finishes", randprog.Finishes()},
		{"isolated", randprog.IsolatedHeavy()},
	}
	for _, c := range configs {
		for _, holdAcrossJoins := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/hold across joins=%v", c.name, holdAcrossJoins), func(t *testing.T) {
				for seed := range uint64(n) {
					p := randprog.Generate(seed, c.cfg)
					plain, regions, out := runWithRegions(t, p, holdAcrossJoins)
					if missing := plain.minus(regions); len(missing) > 0 {
						t.Fatalf("seed %d: bytes %v race in the plain run but are not reported with regions\nprogram:\n%s\noutput:\n%s",
							seed, missing, p, out)
					}
					if strings.Contains(out, "PERMISSION ERROR") {
						t.Fatalf("seed %d: permission error in a correct use of regions:\n%s\nprogram:\n%s", seed, out, p)
					}
				}
			})
		}
	}
}

// racing is a set of racing bytes, as offsets in the arena.
type racing map[uintptr]bool

// minus returns the bytes of r that are not in o, sorted.
func (r racing) minus(o racing) []uintptr {
	var out []uintptr
	for a := range r {
		if !o[a] {
			out = append(out, a)
		}
	}
	slices.Sort(out)
	return out
}

// runWithRegions runs p plainly through a detector, then through the
// checker with regions, and returns the racing bytes of both runs and the
// checker's output.
func runWithRegions(t *testing.T, p randprog.Program, holdAcrossJoins bool) (plain, regions racing, out string) {
	t.Helper()
	arena := make([]byte, p.Arena)
	base := unsafe.Pointer(&arena[0])
	plain, regions = racing{}, racing{}
	collect := func(into racing) func(event.Race) {
		return func(r event.Race) { into[r.Addr-uintptr(base)] = true }
	}
	if err := randprog.Run(p, detect.New(collect(plain)), randprog.Options{Base: uintptr(base)}); err != nil {
		t.Fatal(err)
	}

	e := newPermEnv(t, false)
	st := e.st
	root := RunBegin()
	// Collect every racing byte, where the checker reports one race per
	// pair of sites: the new detector starts as RunBegin started its own.
	st.det = detect.New(collect(regions))
	st.det.Spawn(0, root, false, 0)
	st.det.FinishBegin(root, 0)
	s := &regionSink{checkerSink: checkerSink{t: t, base: base, root: root}, holdAcrossJoins: holdAcrossJoins, held: map[event.Task][]heldRange{}}
	if err := randprog.Run(p, s, randprog.Options{Base: uintptr(base)}); err != nil {
		t.Fatal(err)
	}
	RunEnd(root)
	return plain, regions, e.out.String()
}

// heldRange is a region that regionSink acquired for a task.
type heldRange struct{ off, size uintptr }

// regionSink is checkerSink (repeat_property_test.go) with accesses
// wrapped in write regions: a task acquires one over a range at its first
// access not inside a region it holds, and releases all at its end (and
// before each of its joins unless holdAcrossJoins).
type regionSink struct {
	checkerSink
	holdAcrossJoins bool
	held            map[event.Task][]heldRange
}

func (s *regionSink) ptr(addr uintptr) unsafe.Pointer {
	return unsafe.Add(s.base, addr-uintptr(s.base))
}

// releaseAll releases the regions that task t holds, the latest first.
func (s *regionSink) releaseAll(t event.Task) {
	hs := s.held[t]
	for i := len(hs) - 1; i >= 0; i-- {
		ReleasePermission("ReleaseW", unsafe.Add(s.base, hs[i].off), hs[i].size, true, 2)
	}
	delete(s.held, t)
}

// End implements event.Sink.
func (s *regionSink) End(t event.Task) {
	s.releaseAll(t)
	s.checkerSink.End(t)
}

// FinishEnd implements event.Sink.
func (s *regionSink) FinishEnd(t event.Task) {
	if !s.holdAcrossJoins {
		s.releaseAll(t)
	}
	FinishEnd()
}

// Get implements event.Sink.
func (s *regionSink) Get(t, f event.Task, site event.Site) {
	if !s.holdAcrossJoins {
		s.releaseAll(t)
	}
	Get(f, Generation())
}

// Access implements event.Sink.
func (s *regionSink) Access(t event.Task, addr, size uintptr, write bool, site event.Site) {
	off := addr - uintptr(s.base)
	covered := slices.ContainsFunc(s.held[t], func(h heldRange) bool { return h.off <= off && off+size <= h.off+h.size })
	if !covered {
		AcquirePermission("AcquireW", s.ptr(addr), size, true, 1)
		s.held[t] = append(s.held[t], heldRange{off, size})
	}
	Access(s.ptr(addr), size, write, uint32(site))
}
