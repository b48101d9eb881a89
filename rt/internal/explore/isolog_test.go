package explore

import (
	"slices"
	"testing"
)

// TestIsoLog checks the conflict rule shared by the serial run and
// exploration: the earlier owners an access conflicts with.
func TestIsoLog(t *testing.T) {
	type acc struct {
		owner int
		class uint8
		addr  uintptr
		size  uintptr
		write bool
	}
	tests := []struct {
		name string
		accs []acc
		want []int // conflicts of the last access, sorted, without duplicates
	}{
		{"read after a write", []acc{{1, 0, 8, 8, true}, {2, 0, 12, 1, false}}, []int{1}},
		{"write after reads", []acc{{1, 0, 8, 1, false}, {2, 0, 8, 1, false}, {3, 0, 8, 1, true}}, []int{1, 2}},
		{"reads only", []acc{{1, 0, 8, 8, false}, {2, 0, 8, 8, false}}, nil},
		{"disjoint bytes", []acc{{1, 0, 8, 4, true}, {2, 0, 12, 4, true}}, nil},
		{"commutative adds", []acc{{1, 1, 8, 8, true}, {2, 1, 8, 8, true}}, nil},
		{"add then or", []acc{{1, 1, 8, 8, true}, {2, 3, 8, 8, true}}, []int{1}},
		{"add then plain read", []acc{{1, 1, 8, 8, true}, {2, 0, 8, 8, false}}, []int{1}},
		{"plain read then add", []acc{{1, 0, 8, 8, false}, {2, 1, 8, 8, true}}, []int{1}},
		{"a write hides what it follows", []acc{{1, 0, 8, 1, true}, {2, 0, 8, 1, true}, {3, 0, 8, 1, false}}, []int{2}},
	}
	for _, tt := range tests {
		l := NewIsoLog()
		var got []int
		for i, a := range tt.accs {
			last := i == len(tt.accs)-1
			l.Add(a.owner, a.class, a.addr, a.size, a.write, func(o int) {
				if last && !slices.Contains(got, o) {
					got = append(got, o)
				}
			})
		}
		slices.Sort(got)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: conflicts %v, want %v", tt.name, got, tt.want)
		}
	}
}
