package explore

import (
	"math/rand/v2"
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

// byteLog is the conflict rule of IsoLog kept per byte, as it is defined:
// the oracle of TestIsoLogWords.
type byteLog map[uintptr]*isoUse

func (l byteLog) add(owner int, class uint8, addr, size uintptr, write bool, conflict func(int)) {
	for a := addr; a < addr+size; a++ {
		u := l[a]
		if u == nil {
			u = &isoUse{writer: -1}
			l[a] = u
		}
		if u.writer >= 0 {
			conflict(u.writer)
		}
		switch {
		case class != 0:
			for _, r := range u.readers {
				conflict(r)
			}
			if u.class != class {
				for _, c := range u.comm {
					conflict(c)
				}
				u.comm, u.class = u.comm[:0], class
			}
			u.comm = addOwner(u.comm, owner)
		case write:
			for _, r := range u.readers {
				conflict(r)
			}
			for _, c := range u.comm {
				conflict(c)
			}
			u.writer, u.readers, u.comm = owner, u.readers[:0], u.comm[:0]
		default:
			for _, c := range u.comm {
				conflict(c)
			}
			u.readers = addOwner(u.readers, owner)
		}
	}
}

// TestIsoLogWords checks IsoLog, which keeps a word that only whole-word
// accesses touched in one state and skips repeated accesses, against the
// rule applied byte by byte: on random sequences of accesses (few owners,
// sizes 1 to 16 at any alignment over 4 words, plain and commutative of
// two classes), every access conflicts with the same set of other owners
// (conflicts of an owner with itself, which callers ignore, aside).
func TestIsoLogWords(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	splits, wholes, conflicts := 0, 0, 0
	for seq := range 3000 {
		l, ref := NewIsoLog(), byteLog{}
		for i := range 1 + rng.IntN(40) {
			owner, class := rng.IntN(4), uint8(0)
			if rng.IntN(3) == 0 {
				class = uint8(1 + rng.IntN(2))
			}
			var addr, size uintptr
			if rng.IntN(2) == 0 {
				addr, size = 64+8*uintptr(rng.IntN(4)), 8
				wholes++
			} else {
				addr, size = 64+uintptr(rng.IntN(32)), 1+uintptr(rng.IntN(16))
				splits++
			}
			write := rng.IntN(2) == 0
			var got, want []int
			l.Add(owner, class, addr, size, write, func(o int) {
				if o != owner {
					got = append(got, o)
				}
			})
			ref.add(owner, class, addr, size, write, func(o int) {
				if o != owner {
					want = append(want, o)
				}
			})
			slices.Sort(got)
			slices.Sort(want)
			got, want = slices.Compact(got), slices.Compact(want)
			if !slices.Equal(got, want) {
				t.Fatalf("sequence %d, access %d (owner %d, class %d, [%d,+%d), write %v): conflicts %v, want %v",
					seq, i, owner, class, addr, size, write, got, want)
			}
			if len(want) > 0 {
				conflicts++
			}
		}
	}
	if conflicts == 0 || splits == 0 || wholes == 0 {
		t.Errorf("the sequences miss a case: %d conflicting accesses, %d partial, %d whole-word", conflicts, splits, wholes)
	}
}
