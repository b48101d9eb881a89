package detect

import (
	"testing"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// script is a tiny language for event streams in tests: each step is a
// function of the sink.
type script func(s event.Sink)

func racingBytes(t *testing.T, run script) map[uintptr]bool {
	t.Helper()
	got := map[uintptr]bool{}
	d := New(func(r event.Race) { got[r.Addr] = true })
	run(d)
	return got
}

func TestDetectorBasics(t *testing.T) {
	const x = 0x1000
	tests := []struct {
		name string
		run  script
		want []uintptr
	}{
		{"sequential writes", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.Access(1, x, 8, true, 1)
			s.Access(1, x, 8, true, 2)
			s.End(1)
		}, nil},
		{"two asyncs write", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.FinishBegin(1, 0)
			s.Spawn(1, 2, false, 0)
			s.Access(2, x, 8, true, 1)
			s.End(2)
			s.Spawn(1, 3, false, 0)
			s.Access(3, x, 8, true, 2)
			s.End(3)
			s.FinishEnd(1)
			s.End(1)
		}, []uintptr{x, x + 1, x + 2, x + 3, x + 4, x + 5, x + 6, x + 7}},
		{"async then parent after finish", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.FinishBegin(1, 0)
			s.Spawn(1, 2, false, 0)
			s.Access(2, x, 4, true, 1)
			s.End(2)
			s.FinishEnd(1)
			s.Access(1, x, 4, false, 2)
			s.End(1)
		}, nil},
		{"async vs parent continuation", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.Spawn(1, 2, false, 0)
			s.Access(2, x, 1, true, 1)
			s.End(2)
			s.Access(1, x, 1, false, 2)
			s.End(1)
		}, []uintptr{x}},
		{"disjoint fields of one word", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.Spawn(1, 2, false, 0)
			s.Access(2, x, 4, true, 1)
			s.End(2)
			s.Access(1, x+4, 4, true, 2)
			s.End(1)
		}, nil},
		{"overlapping sizes", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.Spawn(1, 2, false, 0)
			s.Access(2, x, 8, true, 1)
			s.End(2)
			s.Access(1, x+6, 1, false, 2)
			s.End(1)
		}, []uintptr{x + 6}},
		{"future get orders", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.Spawn(1, 2, true, 0)
			s.Access(2, x, 8, true, 1)
			s.End(2)
			s.Get(1, 2, 0)
			s.Access(1, x, 8, true, 2)
			s.End(1)
		}, nil},
		{"both isolated", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.Spawn(1, 2, false, 0)
			s.IsolatedBegin(2, 0)
			s.Access(2, x, 8, true, 1)
			s.IsolatedEnd(2)
			s.End(2)
			s.IsolatedBegin(1, 0)
			s.Access(1, x, 8, true, 2)
			s.IsolatedEnd(1)
			s.End(1)
		}, nil},
		{"isolated vs plain read", func(s event.Sink) {
			s.Spawn(0, 1, false, 0)
			s.Spawn(1, 2, false, 0)
			s.IsolatedBegin(2, 0)
			s.Access(2, x, 1, true, 1)
			s.IsolatedEnd(2)
			s.End(2)
			s.Access(1, x, 1, false, 2)
			s.End(1)
		}, []uintptr{x}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := racingBytes(t, tt.run)
			if len(got) != len(tt.want) {
				t.Fatalf("racing bytes %v, want %v", got, tt.want)
			}
			for _, a := range tt.want {
				if !got[a] {
					t.Errorf("no race reported at %#x", a)
				}
			}
		})
	}
}
