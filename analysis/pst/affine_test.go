package pst

import (
	"math/rand"
	"testing"
)

// bruteSolve enumerates every assignment of bounded variables.
func bruteSolve(terms []eqTerm, rhs int64) bool {
	var rec func(i int, sum int64) bool
	rec = func(i int, sum int64) bool {
		if i == len(terms) {
			return sum == rhs
		}
		t := terms[i]
		for w := t.lo; w <= t.hi; w++ {
			if rec(i+1, sum+t.coef*w) {
				return true
			}
		}
		return false
	}
	return rec(0, 0)
}

// TestSolveSoundAgainstEnumeration checks the dependence test on random
// small equations: it never answers "no solution" when enumeration finds
// one (soundness), and with every variable bounded and few values it is
// exact. Half-bounded variables are checked against enumeration over a
// wide window, which only proves a solution exists.
func TestSolveSoundAgainstEnumeration(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	inexact := 0
	for n := 0; n < 20000; n++ {
		k := 1 + r.Intn(4)
		terms := make([]eqTerm, k)
		for i := range terms {
			c := int64(r.Intn(11) - 5)
			lo := int64(r.Intn(9) - 4)
			terms[i] = eqTerm{coef: c, lo: lo, hi: lo + int64(r.Intn(6)), loOK: true, hiOK: true}
		}
		rhs := int64(r.Intn(41) - 20)
		want := bruteSolve(terms, rhs)
		got := solve(terms, rhs)
		if want && !got {
			t.Fatalf("solve(%+v, %d) = false, but a solution exists", terms, rhs)
		}
		if got != want {
			inexact++
		}
		// Drop one bound: enumeration over a window still finds every
		// solution solve must admit.
		open := append([]eqTerm(nil), terms...)
		i := r.Intn(k)
		window := open[i]
		if r.Intn(2) == 0 {
			open[i].hiOK, window.hi = false, window.lo+40
		} else {
			open[i].loOK, window.lo = false, window.hi-40
		}
		wide := append([]eqTerm(nil), terms...)
		wide[i] = window
		if bruteSolve(wide, rhs) && !solve(open, rhs) {
			t.Fatalf("solve(%+v, %d) = false, but a solution exists", open, rhs)
		}
	}
	if inexact > 0 {
		t.Errorf("%d bounded equations answered inexactly", inexact)
	}
}

func TestSymOverlap(t *testing.T) {
	l := &Node{Kind: Loop}
	inner := &Node{Kind: Loop}
	i := func(c, k int64) Affine { // c*i + k, 0 <= i < 8
		return Affine{Const: k, Terms: []Term{{Loop: l, Coef: c, Lo: 0, Hi: 7, LoOK: true, HiOK: true}}}
	}
	ij := func(ci, cj, k int64) Affine { // ci*i + cj*j + k, 0 <= j < 4
		a := i(ci, k)
		a.Terms = append(a.Terms, Term{Loop: inner, Coef: cj, Lo: 0, Hi: 3, LoOK: true, HiOK: true})
		return a
	}
	mid := Term{Scope: &Node{}, Coef: 1}
	sym := func(lo Affine, hi *Affine) *SymIndex { return &SymIndex{Lo: lo, Hi: hi} }
	pt := func(a Affine) *SymIndex { return point(a) }
	withMid := func(k int64) *Affine { a := Affine{Const: k, Terms: []Term{mid}}; return &a }
	tests := []struct {
		name       string
		x, y       *SymIndex
		may, apart bool // apart: never in different iterations of l
	}{
		{"a[i] a[i]", pt(i(1, 0)), pt(i(1, 0)), true, true},
		{"a[i] a[i+1]", pt(i(1, 0)), pt(i(1, 1)), true, false},
		{"a[2i] a[2i+1]", pt(i(2, 0)), pt(i(2, 1)), false, true},
		{"a[2i] a[2i]", pt(i(2, 0)), pt(i(2, 0)), true, true},
		{"a[i] a[2i]", pt(i(1, 0)), pt(i(2, 0)), true, false},
		{"row a[4i+j]", pt(ij(4, 1, 0)), pt(ij(4, 1, 0)), true, true},
		{"row too wide a[3i+j]", pt(ij(3, 1, 0)), pt(ij(3, 1, 0)), true, false},
		{"column a[8j+i]", pt(ij(1, 8, 0)), pt(ij(1, 8, 0)), true, true},
		{"column too narrow a[7j+i]", pt(ij(1, 7, 0)), pt(ij(1, 7, 0)), true, false},
		{"chunks [8i, 8i+8)", sym(i(8, 0), ptr(i(8, 8))), sym(i(8, 0), ptr(i(8, 8))), true, true},
		{"chunks [8i, 8i+9)", sym(i(8, 0), ptr(i(8, 9))), sym(i(8, 0), ptr(i(8, 9))), true, false},
		{"halves [0,mid) [mid,∞)", sym(Affine{}, withMid(0)), sym(*withMid(0), nil), false, true},
		{"halves [0,mid+1) [mid,∞)", sym(Affine{}, withMid(1)), sym(*withMid(0), nil), true, false},
		{"pivot [0,p) [p+1,∞)", sym(Affine{}, withMid(0)), sym(*withMid(1), nil), false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			may, same := symOverlap(tt.x, tt.y)
			apart := !may
			for _, s := range same {
				apart = apart || s == l
			}
			if may != tt.may || apart != tt.apart {
				t.Errorf("may %v, apart in l %v; want %v, %v", may, apart, tt.may, tt.apart)
			}
		})
	}
}

func ptr(a Affine) *Affine { return &a }
