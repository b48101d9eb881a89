package explore

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

func TestScheduleStrings(t *testing.T) {
	tests := []struct {
		in   string
		want []event.Task
		bad  bool
	}{
		{"", nil, false},
		{"3", []event.Task{3}, false},
		{"1.12.2", []event.Task{1, 12, 2}, false},
		{"1..2", nil, true},
		{"a", nil, true},
		{"-1", nil, true},
	}
	for _, tt := range tests {
		got, err := ParseSchedule(tt.in)
		if (err != nil) != tt.bad {
			t.Errorf("ParseSchedule(%q) error %v, want error %v", tt.in, err, tt.bad)
			continue
		}
		if tt.bad {
			continue
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("ParseSchedule(%q) = %v, want %v", tt.in, got, tt.want)
		}
		if back := FormatSchedule(got); back != tt.in {
			t.Errorf("FormatSchedule(%v) = %q, want %q", got, back, tt.in)
		}
	}
}

func TestConflict(t *testing.T) {
	w := func(addr, size uintptr) []span { return []span{{addr, size}} }
	tests := []struct {
		name string
		a, b section
		want bool
	}{
		{"write/write same byte", section{writes: w(8, 1)}, section{writes: w(8, 1)}, true},
		{"write/read overlap", section{writes: w(8, 8)}, section{reads: w(12, 1)}, true},
		{"read/read", section{reads: w(8, 8)}, section{reads: w(8, 8)}, false},
		{"adjacent writes", section{writes: w(8, 4)}, section{writes: w(12, 4)}, false},
		{"commutative adds", section{commute: 1, reads: w(8, 8), writes: w(8, 8)}, section{commute: 1, reads: w(8, 8), writes: w(8, 8)}, false},
		{"add against or", section{commute: 1, writes: w(8, 8)}, section{commute: 3, writes: w(8, 8)}, true},
		{"add against plain", section{commute: 1, writes: w(8, 8)}, section{reads: w(8, 8)}, true},
	}
	for _, tt := range tests {
		if got := conflict(&tt.a, &tt.b); got != tt.want {
			t.Errorf("%s: conflict = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestBacktrack checks the partial-order reduction on a recorded trace: a
// later conflicting section of a task that was waiting at a choice point
// makes that task a backtrack option there; a conflicting task that was not
// waiting makes every option one; sections that do not conflict add none.
func TestBacktrack(t *testing.T) {
	w := []span{{100, 8}}
	x := &Explorer{
		choices: []Choice{
			{Options: []event.Task{2, 3, 4}, Chosen: 2},
			{Options: []event.Task{3, 4}, Chosen: 3},
		},
		sections: []section{
			{task: 2, choice: 0, writes: w},
			{task: 3, choice: 1, reads: []span{{200, 8}}},
			{task: 4, choice: -1, reads: w},
			{task: 5, choice: -1, writes: []span{{200, 1}}},
		},
	}
	x.backtrack()
	if got := x.choices[0].Backtrack; !slices.Equal(got, []event.Task{4}) {
		t.Errorf("backtrack at choice 0 = %v, want [4] (task 4 reads what task 2 wrote)", got)
	}
	if got := x.choices[1].Backtrack; !slices.Equal(got, []event.Task{4}) {
		t.Errorf("backtrack at choice 1 = %v, want [4] (task 5, not waiting there, conflicts with task 3)", got)
	}
}

// backtrackPairs is backtrack as its rule states it, comparing every pair
// of sections: the oracle of TestBacktrackSweep.
func (x *Explorer) backtrackPairs() {
	for i := range x.sections {
		si := &x.sections[i]
		if si.choice < 0 {
			continue
		}
		c := &x.choices[si.choice]
		for j := i + 1; j < len(x.sections); j++ {
			sj := &x.sections[j]
			if sj.task == si.task || !conflict(si, sj) {
				continue
			}
			if slices.Contains(c.Options, sj.task) {
				addTask(&c.Backtrack, sj.task, c.Chosen)
			} else {
				for _, o := range c.Options {
					addTask(&c.Backtrack, o, c.Chosen)
				}
			}
		}
	}
}

// TestBacktrackSweep checks backtrack, which sweeps the sections once,
// against the pairwise rule on random traces (tasks, choice points with
// their options, sections reading and writing overlapping byte ranges,
// plain or commutative of two classes): every choice point gets the same
// backtrack options in the same order (the order decides which schedules
// the parent runs first).
func TestBacktrackSweep(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 15))
	nonEmpty := 0
	for trace := range 2000 {
		tasks := 2 + rng.IntN(5)
		var choices []Choice
		var sections []section
		for range 1 + rng.IntN(12) {
			s := section{task: event.Task(1 + rng.IntN(tasks)), choice: -1}
			if rng.IntN(4) != 0 {
				var opts []event.Task
				for o := 1; o <= tasks; o++ {
					if event.Task(o) == s.task || rng.IntN(2) == 0 {
						opts = append(opts, event.Task(o))
					}
				}
				s.choice = len(choices)
				choices = append(choices, Choice{Options: opts, Chosen: s.task})
			}
			if rng.IntN(3) == 0 {
				s.commute = uint8(1 + rng.IntN(2))
			}
			for range rng.IntN(3) {
				s.reads = append(s.reads, span{uintptr(100 + rng.IntN(12)), uintptr(1 + rng.IntN(8))})
			}
			for range rng.IntN(3) {
				s.writes = append(s.writes, span{uintptr(100 + rng.IntN(12)), uintptr(1 + rng.IntN(8))})
			}
			sections = append(sections, s)
		}
		clone := func() *Explorer {
			cs := make([]Choice, len(choices))
			for i, c := range choices {
				cs[i] = Choice{Options: slices.Clone(c.Options), Chosen: c.Chosen}
			}
			return &Explorer{choices: cs, sections: sections}
		}
		got, want := clone(), clone()
		got.backtrack()
		want.backtrackPairs()
		for k := range choices {
			if !slices.Equal(got.choices[k].Backtrack, want.choices[k].Backtrack) {
				t.Fatalf("trace %d, choice %d: backtrack %v, want %v\nchoices %+v\nsections %+v",
					trace, k, got.choices[k].Backtrack, want.choices[k].Backtrack, choices, sections)
			}
			if len(want.choices[k].Backtrack) > 0 {
				nonEmpty++
			}
		}
	}
	if nonEmpty == 0 {
		t.Error("no trace had a backtrack option")
	}
}
