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
	}
	for _, tt := range tests {
		if got := tt.p.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
}
