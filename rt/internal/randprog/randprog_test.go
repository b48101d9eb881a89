package randprog

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/tpinstr/tpinstr/rt/internal/cgraph"
	"github.com/tpinstr/tpinstr/rt/internal/event"
)

var configs = []struct {
	name string
	cfg  Config
}{
	{"mixed", Mixed()},
	{"futures", Futures()},
	{"finishes", Finishes()},
	{"isolated", IsolatedHeavy()},
}

const seeds = 300

func TestGenerateIsDeterministic(t *testing.T) {
	for _, c := range configs {
		t.Run(c.name, func(t *testing.T) {
			distinct := map[string]bool{}
			for seed := uint64(0); seed < 50; seed++ {
				a, b := Generate(seed, c.cfg), Generate(seed, c.cfg)
				if !reflect.DeepEqual(a, b) {
					t.Fatalf("seed %d gave two programs:\n%s\n%s", seed, a, b)
				}
				distinct[a.String()] = true
			}
			if len(distinct) < 40 {
				t.Errorf("50 seeds gave only %d distinct programs", len(distinct))
			}
		})
	}
}

// depth returns the nesting depth of compound statements in body.
func depth(body []Stmt) int {
	d := 0
	for _, s := range body {
		if len(s.Body) > 0 || s.Op == Async || s.Op == Finish || s.Op == Future || s.Op == Isolated {
			d = max(d, 1+depth(s.Body))
		}
	}
	return d
}

func TestGenerateRespectsConfig(t *testing.T) {
	for _, c := range configs {
		t.Run(c.name, func(t *testing.T) {
			ops := map[Op]int{}
			sizes := map[int]int{}
			var aligned, unaligned int
			var walk func([]Stmt)
			walk = func(body []Stmt) {
				for _, s := range body {
					ops[s.Op]++
					if s.Op == Read || s.Op == Write {
						sizes[min(s.Size, 9)]++
						if s.Off%min(s.Size, 8) == 0 {
							aligned++
						} else {
							unaligned++
						}
					}
					walk(s.Body)
				}
			}
			for seed := uint64(0); seed < seeds; seed++ {
				p := Generate(seed, c.cfg)
				if err := p.Validate(); err != nil {
					t.Fatalf("seed %d: %v\n%s", seed, err, p)
				}
				if n := p.Count(); n > c.cfg.MaxStmts {
					t.Fatalf("seed %d: %d statements, limit %d", seed, n, c.cfg.MaxStmts)
				}
				if d := depth(p.Body); d > c.cfg.MaxDepth {
					t.Fatalf("seed %d: depth %d, limit %d", seed, d, c.cfg.MaxDepth)
				}
				walk(p.Body)
			}
			w := c.cfg.Weights
			for op, weight := range map[Op]int{Read: w.Read, Write: w.Write, Async: w.Async,
				Finish: w.Finish, Future: w.Future, Get: w.Get, Isolated: w.Isolated} {
				if (weight > 0) != (ops[op] > 0) {
					t.Errorf("%s has weight %d but occurs %d times", op, weight, ops[op])
				}
			}
			for _, size := range []int{1, 2, 4, 8, 9} {
				if sizes[size] == 0 && (size < 9 || c.cfg.Arena >= 24) {
					t.Errorf("no access of size %d (9: of more than a word)", size)
				}
			}
			if aligned == 0 || unaligned == 0 {
				t.Errorf("aligned accesses %d, unaligned %d: want both", aligned, unaligned)
			}
		})
	}
}

func TestRunStreamIsWellFormed(t *testing.T) {
	for _, c := range configs {
		t.Run(c.name, func(t *testing.T) {
			var tree, nonTree int
			for seed := uint64(0); seed < seeds; seed++ {
				p := Generate(seed, c.cfg)
				chk := newChecker()
				g := cgraph.New()
				base := uintptr(0x4000)
				if err := Run(p, event.Tee{chk, g}, Options{Base: base}); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if err := chk.finish(); err != nil {
					t.Fatalf("seed %d: %v\n%s", seed, err, p)
				}
				if err := g.Err(); err != nil {
					t.Fatalf("seed %d: the graph rejects the stream: %v\n%s", seed, err, p)
				}
				for _, a := range chk.accesses {
					if a.addr < base || a.addr+a.size > base+uintptr(p.Arena) {
						t.Fatalf("seed %d: access [%#x,+%d) outside the arena", seed, a.addr, a.size)
					}
				}
				tree += chk.treeGets
				nonTree += chk.nonTreeGets
			}
			if c.cfg.Weights.Get > 0 && (tree == 0 || nonTree == 0) {
				t.Errorf("%d tree gets and %d non-tree gets: want both", tree, nonTree)
			}
			t.Logf("%d tree gets, %d non-tree gets", tree, nonTree)
		})
	}
}

func TestRunRejectsInvalidPrograms(t *testing.T) {
	acc := func(site event.Site) Stmt { return Stmt{Op: Write, Site: site, Off: 0, Size: 1} }
	tests := []struct {
		name string
		body []Stmt
	}{
		{"get before the future is created", []Stmt{{Op: Get, Site: 1, Handle: 0}}},
		{"get of its own future", []Stmt{{Op: Future, Site: 1, Handle: 0, Body: []Stmt{{Op: Get, Site: 2, Handle: 0}}}}},
		{"get of an ancestor future", []Stmt{{Op: Future, Site: 1, Handle: 0, Body: []Stmt{
			{Op: Async, Site: 2, Body: []Stmt{{Op: Get, Site: 3, Handle: 0}}}}}}},
		{"async inside isolated", []Stmt{{Op: Isolated, Site: 1, Body: []Stmt{{Op: Async, Site: 2}}}}},
		{"finish inside isolated", []Stmt{{Op: Isolated, Site: 1, Body: []Stmt{{Op: Finish, Site: 2}}}}},
		{"get inside isolated", []Stmt{{Op: Future, Site: 1}, {Op: Isolated, Site: 2, Body: []Stmt{{Op: Get, Site: 3}}}}},
		{"handle used twice", []Stmt{{Op: Future, Site: 1}, {Op: Future, Site: 2}}},
		{"access past the arena", []Stmt{{Op: Read, Site: 1, Off: 30, Size: 4}}},
		{"empty access", []Stmt{{Op: Read, Site: 1, Off: 0, Size: 0}}},
		{"access with a body", []Stmt{{Op: Read, Site: 1, Size: 1, Body: []Stmt{acc(2)}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			chk := newChecker()
			err := Run(Program{Arena: 32, Body: tt.body}, chk, Options{})
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("Run = %v, want an error wrapping ErrInvalid", err)
			}
			if chk.events != 0 {
				t.Errorf("%d events sent for an invalid program", chk.events)
			}
		})
	}
}

func TestRunTaskIDsAndEvents(t *testing.T) {
	p := Program{Arena: 8, Body: []Stmt{
		{Op: Future, Site: 1, Handle: 7, Body: []Stmt{{Op: Write, Site: 2, Off: 1, Size: 2}}},
		{Op: Finish, Site: 3, Body: []Stmt{{Op: Async, Site: 4, Body: []Stmt{{Op: Get, Site: 5, Handle: 7}}}}},
		{Op: Isolated, Site: 6, Body: []Stmt{{Op: Read, Site: 7, Off: 0, Size: 8}}},
	}}
	var got []string
	rec := recorder{&got}
	if err := Run(p, rec, Options{Base: 0x100}); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"spawn 0 1 false 0",
		"spawn 1 2 true 1",
		"access 2 0x101 2 true 2",
		"end 2",
		"finish 1 3",
		"spawn 1 3 false 4",
		"get 3 2 5",
		"end 3",
		"finish-end 1",
		"isolated 1 6",
		"access 1 0x100 8 false 7",
		"isolated-end 1",
		"end 1",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("events:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestString(t *testing.T) {
	p := Program{Arena: 16, Body: []Stmt{
		{Op: Write, Site: 1, Off: 4, Size: 2},
		{Op: Future, Site: 2, Handle: 0, Body: []Stmt{{Op: Read, Site: 3, Off: 0, Size: 8}}},
		{Op: Finish, Site: 4, Body: []Stmt{{Op: Async, Site: 5, Body: []Stmt{{Op: Get, Site: 6, Handle: 0}}}}},
		{Op: Isolated, Site: 7, Body: []Stmt{{Op: Write, Site: 8, Off: 3, Size: 1}}},
	}}
	want := `task 1 (arena 16 bytes) {
  #1 write [4,+2)
  #2 future f0 = task 2 {
    #3 read [0,+8)
  }
  #4 finish {
    #5 async task 3 {
      #6 get f0 (task 2)
    }
  }
  #7 isolated {
    #8 write [3,+1)
  }
}
`
	if got := p.String(); got != want {
		t.Errorf("String() =\n%s\nwant:\n%s", got, want)
	}
}

func TestShrink(t *testing.T) {
	// The failure: some async task writes byte 3. The smallest program that
	// shows it is one async holding one such write.
	fails := func(p Program) bool {
		var walk func([]Stmt, bool) bool
		walk = func(body []Stmt, inAsync bool) bool {
			for _, s := range body {
				if inAsync && s.Op == Write && s.Off <= 3 && 3 < s.Off+s.Size {
					return true
				}
				if walk(s.Body, inAsync || s.Op == Async) {
					return true
				}
			}
			return false
		}
		return walk(p.Body, false)
	}
	shrunk := 0
	for seed := uint64(0); seed < 200 && shrunk < 5; seed++ {
		p := Generate(seed, Mixed())
		if !fails(p) {
			continue
		}
		shrunk++
		q := Shrink(p, fails)
		if err := q.Validate(); err != nil {
			t.Fatalf("seed %d: shrunk program invalid: %v\n%s", seed, err, q)
		}
		if !fails(q) {
			t.Fatalf("seed %d: shrunk program no longer fails:\n%s", seed, q)
		}
		if q.Count() != 2 {
			t.Errorf("seed %d: shrunk %d statements to %d, want 2:\n%s", seed, p.Count(), q.Count(), q)
		}
		if reflect.DeepEqual(p, Generate(seed, Mixed())) == false {
			t.Fatalf("seed %d: Shrink modified its argument", seed)
		}
	}
	if shrunk == 0 {
		t.Fatal("no generated program had the failure to shrink")
	}
}

// recorder prints every event as a line.
type recorder struct{ out *[]string }

func (r recorder) add(format string, args ...any) {
	*r.out = append(*r.out, fmt.Sprintf(format, args...))
}
func (r recorder) Spawn(p, c event.Task, f bool, s event.Site) {
	r.add("spawn %d %d %t %d", p, c, f, s)
}
func (r recorder) End(t event.Task)                         { r.add("end %d", t) }
func (r recorder) FinishBegin(t event.Task, s event.Site)   { r.add("finish %d %d", t, s) }
func (r recorder) FinishEnd(t event.Task)                   { r.add("finish-end %d", t) }
func (r recorder) Get(t, f event.Task, s event.Site)        { r.add("get %d %d %d", t, f, s) }
func (r recorder) IsolatedBegin(t event.Task, s event.Site) { r.add("isolated %d %d", t, s) }
func (r recorder) IsolatedEnd(t event.Task)                 { r.add("isolated-end %d", t) }
func (r recorder) Access(t event.Task, a, n uintptr, w bool, s event.Site) {
	r.add("access %d %#x %d %t %d", t, a, n, w, s)
}
