package explore

import (
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
