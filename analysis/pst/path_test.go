package pst

import (
	"go/types"
	"testing"
)

func TestOverlaps(t *testing.T) {
	x := types.NewVar(0, nil, "x", types.Typ[types.Int])
	y := types.NewVar(0, nil, "y", types.Typ[types.Int])
	loop := &Node{Kind: Loop, Var: types.NewVar(0, nil, "i", types.Typ[types.Int])}
	path := func(v *types.Var, steps ...Step) Path { return Path{Root: RootVar{Var: v}, Steps: steps} }
	f := func(name string) Step { return Step{Kind: Field, Name: name} }
	c := func(v int64) Step { return Step{Kind: Index, Const: true, Value: v} }
	deref := Step{Kind: Deref}
	idx := Step{Kind: Index}
	byLoop := Step{Kind: Index, Loop: loop}
	rng := func(lo, hi int64) Step { return Step{Kind: Index, Range: true, Value: lo, Hi: hi} }
	bytes := func(lo, hi int64) Step { return Step{Kind: Bytes, Value: lo, Hi: hi} }
	tests := []struct {
		name string
		a, b Path
		may  bool
		same int
	}{
		{"same variable", path(x), path(x), true, 0},
		{"different variables", path(x), path(y), false, 0},
		{"different fields", path(x, f("a")), path(x, f("b")), false, 0},
		{"struct and its field", path(x), path(x, f("a")), true, 0},
		{"pointer and its pointee", path(x), path(x, deref, f("a")), false, 0},
		{"different constant elements", path(x, c(0)), path(x, c(1)), false, 0},
		{"same constant element", path(x, c(2)), path(x, c(2)), true, 0},
		{"unknown index", path(x, deref, idx), path(x, deref, c(1)), true, 0},
		{"iteration index", path(x, deref, byLoop), path(x, deref, byLoop), true, 1},
		{"constant in a range", path(x, deref, c(3)), path(x, deref, rng(2, 4)), true, 0},
		{"constant past a range", path(x, deref, c(4)), path(x, deref, rng(2, 4)), false, 0},
		{"constant before an open range", path(x, deref, c(1)), path(x, deref, rng(2, -1)), false, 0},
		{"constant in an open range", path(x, deref, c(9)), path(x, deref, rng(2, -1)), true, 0},
		{"adjacent ranges", path(x, deref, rng(0, 2)), path(x, deref, rng(2, -1)), false, 0},
		{"overlapping ranges", path(x, deref, rng(0, 3)), path(x, deref, rng(2, 5)), true, 0},
		{"range and unknown index", path(x, deref, rng(0, 2)), path(x, deref, idx), true, 0},
		{"disjoint bytes", path(x, bytes(0, 1)), path(x, bytes(2, 3)), false, 0},
		{"overlapping bytes", path(x, bytes(0, 4)), path(x, bytes(2, 3)), true, 0},
		{"bytes and the whole variable", path(x, bytes(2, 3)), path(x), true, 0},
		{"bytes and a field", path(x, bytes(2, 3)), path(x, f("a")), true, 0},
		{"globals by key", Path{Root: RootVar{Global: "p.g"}}, Path{Root: RootVar{Global: "p.g"}}, true, 0},
		{"globals differ", Path{Root: RootVar{Global: "p.g"}}, Path{Root: RootVar{Global: "p.h"}}, false, 0},
	}
	for _, tt := range tests {
		for _, swap := range []bool{false, true} {
			a, b := tt.a, tt.b
			if swap {
				a, b = b, a
			}
			got := Overlaps(a, b)
			if got.May != tt.may || len(got.Same) != tt.same {
				t.Errorf("%s (swapped %v): Overlaps = %v, %d same loops; want %v, %d", tt.name, swap, got.May, len(got.Same), tt.may, tt.same)
			}
		}
	}
}

func TestPathString(t *testing.T) {
	x := types.NewVar(0, nil, "x", types.Typ[types.Int])
	loop := &Node{Kind: Loop, Var: types.NewVar(0, nil, "i", types.Typ[types.Int])}
	tests := []struct {
		p    Path
		want string
	}{
		{Path{Root: RootVar{Var: x}}, "x"},
		{Path{Root: RootVar{Var: x}, Steps: []Step{{Kind: Deref}}}, "*x"},
		{Path{Root: RootVar{Var: x}, Steps: []Step{{Kind: Deref}, {Kind: Field, Name: "n"}}}, "x.n"},
		{Path{Root: RootVar{Var: x}, Steps: []Step{{Kind: Deref}, {Kind: Index, Loop: loop}}}, "x[i]"},
		{Path{Root: RootVar{Var: x}, Steps: []Step{{Kind: Index, Const: true, Value: 3}}}, "x[3]"},
		{Path{Root: RootVar{Var: x}, Steps: []Step{{Kind: Deref}, {Kind: MapElem}}}, "x[_]"},
		{Path{Root: RootVar{Global: "example.com/lib.Count"}}, "lib.Count"},
		{Path{Root: RootVar{Var: x}, Steps: []Step{{Kind: Deref}, {Kind: Index, Range: true, Value: 2, Hi: -1}}}, "x[2:]"},
		{Path{Root: RootVar{Var: x}, Steps: []Step{{Kind: Deref}, {Kind: Index, Range: true, Value: 0, Hi: 2}}}, "x[0:2]"},
		{Path{Root: RootVar{Var: x}, Steps: []Step{{Kind: Bytes, Value: 2, Hi: 3}}}, "x.bytes[2:3]"},
	}
	for _, tt := range tests {
		if got := tt.p.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
}
