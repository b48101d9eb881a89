package mhp

import "strings"

// Rel is one entry of a condition vector (Definition 4.1 of the MHP paper):
// a relation between the iteration numbers of one common loop in the two
// statement instances.
type Rel uint8

// The three relations of the paper.
const (
	Eq  Rel = iota // "=": the same iteration
	Ne             // "≠": different iterations
	Any            // "*": any iterations
)

// String returns the paper's symbol for r.
func (r Rel) String() string {
	return [...]string{"=", "≠", "*"}[r]
}

// Vector is a condition vector ⟨C1, ..., Ck⟩ over the k common loops of two
// statements, outermost first.
type Vector []Rel

// String renders v as ⟨C1,...,Ck⟩.
func (v Vector) String() string {
	parts := make([]string, len(v))
	for i, r := range v {
		parts[i] = r.String()
	}
	return "⟨" + strings.Join(parts, ",") + "⟩"
}

// allOf returns the vector of k entries r.
func allOf(k int, r Rel) Vector {
	v := make(Vector, k)
	for i := range v {
		v[i] = r
	}
	return v
}

// covers reports whether v holds for the relations in a (each Eq or Ne).
func (v Vector) covers(a []Rel) bool {
	for i, r := range v {
		if r != Any && r != a[i] {
			return false
		}
	}
	return true
}

// uncovered searches for an assignment of Eq or Ne to each of k loops, with
// forced[x] fixing loop x to Eq, that no vector of cs covers. With
// excludeAllEq, the all-Eq assignment does not count (it denotes one
// statement instance paired with itself). It returns the assignment found.
func uncovered(k int, cs []Vector, forced []bool, excludeAllEq bool) ([]Rel, bool) {
	a := make([]Rel, k)
	var search func(x int, live []Vector, anyNe bool) bool
	search = func(x int, live []Vector, anyNe bool) bool {
		if len(live) == 0 {
			// No vector can cover any completion: complete with Eq, or
			// with one Ne if the all-Eq assignment is excluded.
			if !excludeAllEq || anyNe {
				for i := x; i < k; i++ {
					a[i] = Eq
				}
				return true
			}
			for i := x; i < k; i++ {
				if !forced[i] {
					for j := x; j < k; j++ {
						a[j] = Eq
					}
					a[i] = Ne
					return true
				}
			}
			return false
		}
		if x == k {
			return false
		}
		for _, r := range []Rel{Eq, Ne} {
			if r == Ne && forced[x] {
				continue
			}
			a[x] = r
			var next []Vector
			for _, v := range live {
				if v[x] == Any || v[x] == r {
					next = append(next, v)
				}
			}
			if search(x+1, next, anyNe || r == Ne) {
				return true
			}
		}
		return false
	}
	if search(0, cs, false) {
		return a, true
	}
	return nil, false
}
