package detect

import (
	"slices"
	"testing"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// TestSpanShortcuts runs streams of slice-hook accesses that each shortcut
// of span must get right, with the racing words they must give. The
// random programs of TestExactness cover the shortcuts too, but rarely make
// more parallel readers of one word than a shared set holds; these streams
// do.
func TestSpanShortcuts(t *testing.T) {
	const base = uintptr(0x40000)
	word := func(i int) uintptr { return base + uintptr(8*i) }
	type step func(d *Detector)
	read := func(task event.Task, from, words int) step {
		return func(d *Detector) { d.Access(task, word(from), uintptr(8*words), false, 1) }
	}
	write := func(task event.Task, from, words int) step {
		return func(d *Detector) { d.Access(task, word(from), uintptr(8*words), true, 2) }
	}
	future := func(task event.Task, body ...step) step {
		return func(d *Detector) {
			d.Spawn(1, task, true, 0)
			for _, s := range body {
				s(d)
			}
			d.End(task)
		}
	}
	get := func(f event.Task) step { return func(d *Detector) { d.Get(1, f, 0) } }

	// Futures 2 to 19 read words 0 to 2 (more readers than a shared set
	// holds), future 20 reads word 0 only; the root gets 2 to 19 and
	// writes word 1: no race, unless word 1's readers are word 0's.
	var many []step
	for f := event.Task(2); f <= 19; f++ {
		many = append(many, future(f, read(f, 0, 3)))
	}
	many = append(many, future(20, read(20, 0, 1)))
	for f := event.Task(2); f <= 19; f++ {
		many = append(many, get(f))
	}
	tests := []struct {
		name  string
		steps []step
		racy  []int // words
	}{
		{"readers beyond a shared set are each word's own", slices.Concat(many, []step{write(1, 1, 1)}), nil},
		{"the word the extra reader read races", slices.Concat(many, []step{write(1, 0, 2)}), []int{0}},
		{"a repeated span after a write of its middle", []step{
			future(2, read(2, 0, 4), write(2, 1, 1), read(2, 0, 4)),
			write(1, 0, 4),
		}, []int{0, 1, 2, 3}},
		{"a repeated read span is no write", []step{
			future(2, read(2, 0, 4), read(2, 0, 4)),
			read(1, 0, 4),
		}, nil},
		{"a smaller write after a larger read is checked", []step{
			read(1, 0, 4),
			future(2, read(2, 0, 4), write(2, 0, 2), read(2, 0, 4)),
		}, nil},
		{"a span that starts inside a page does not cover the page", []step{
			future(2, func(d *Detector) { d.Access(2, base+5, 3*4096, true, 2) }),
			func(d *Detector) { d.Access(1, base+1, 4, false, 1) },
			func(d *Detector) { d.Access(1, base+4096, 8, false, 1) },
		}, []int{512}},
		{"the new end of an overlapping read span is recorded", []step{
			future(2, read(2, 0, 4), read(2, 1, 4)),
			write(1, 4, 1),
		}, []int{4}},
		{"a write overlapping an earlier read span is a write", []step{
			future(2, read(2, 0, 4), write(2, 2, 4)),
			read(1, 2, 2),
		}, []int{2, 3}},
		{"a read between two earlier spans is not covered by either", []step{
			future(2, read(2, 0, 2), read(2, 3, 2), read(2, 0, 5)),
			write(1, 2, 1),
		}, []int{2}},
		{"equal neighbours with a racing writer", []step{
			future(2, write(2, 0, 8)),
			future(3, read(3, 0, 8)),
		}, []int{0, 1, 2, 3, 4, 5, 6, 7}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			seen := map[int]bool{}
			d := New(func(r event.Race) { seen[int(r.Addr-base)/8] = true })
			d.Spawn(0, 1, false, 0)
			for _, s := range tt.steps {
				s(d)
			}
			var got []int
			for w := range seen {
				got = append(got, w)
			}
			slices.Sort(got)
			if !slices.Equal(got, tt.racy) {
				t.Errorf("racing words %v, want %v", got, tt.racy)
			}
		})
	}
}
