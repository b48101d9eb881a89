package pst

import (
	"go/token"
	"go/types"
	"testing"
)

// TestLayout checks the byte ranges that the steps of an access through an
// unsafe view select in the viewed type.
func TestLayout(t *testing.T) {
	sizes := types.SizesFor("gc", "amd64")
	u8, u16, u32 := types.Typ[types.Uint8], types.Typ[types.Uint16], types.Typ[types.Uint32]
	field := func(name string, typ types.Type) *types.Var {
		return types.NewField(token.NoPos, nil, name, typ, false)
	}
	st := types.NewStruct([]*types.Var{field("a", u8), field("b", u32), field("c", types.NewArray(u16, 4))}, nil)
	f := func(name string) Step { return Step{Kind: Field, Name: name} }
	c := func(v int64) Step { return Step{Kind: Index, Const: true, Value: v} }
	tests := []struct {
		name      string
		typ       types.Type
		steps     []Step
		off, size int64
		consumed  int
		ok        bool
	}{
		{"whole value", u32, nil, 0, 4, 0, true},
		{"byte of an array", types.NewArray(u8, 4), []Step{c(2)}, 2, 1, 1, true},
		{"aligned field", st, []Step{f("b")}, 4, 4, 1, true},
		{"element of a field", st, []Step{f("c"), c(1)}, 10, 2, 2, true},
		{"unknown element", st, []Step{f("c"), {Kind: Index}}, 8, 8, 2, true},
		{"range of elements", st, []Step{f("c"), {Kind: Index, Range: true, Value: 1, Hi: 3}}, 10, 4, 2, true},
		{"open range of elements", st, []Step{f("c"), {Kind: Index, Range: true, Value: 2, Hi: -1}}, 12, 4, 2, true},
		{"stops at a dereference", types.NewArray(types.NewPointer(u8), 2), []Step{c(1), {Kind: Deref}}, 8, 8, 1, true},
		{"unknown field", st, []Step{f("z")}, 0, 0, 0, false},
		{"type parameter", types.NewTypeParam(types.NewTypeName(token.NoPos, nil, "P", nil), types.NewInterfaceType(nil, nil)), nil, 0, 0, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			off, size, n, ok := layout(sizes, tt.typ, tt.steps)
			if ok != tt.ok || (ok && (off != tt.off || size != tt.size || n != tt.consumed)) {
				t.Errorf("layout = %d, %d, %d steps, %v; want %d, %d, %d steps, %v", off, size, n, ok, tt.off, tt.size, tt.consumed, tt.ok)
			}
		})
	}
}
