package sites

import "testing"

// TestRegisterLookup checks that registered sites are found at the base
// that Register returns, in order, and that unknown sites are zero.
func TestRegisterLookup(t *testing.T) {
	a := Register([]Info{{File: "a.go", Line: 1}, {File: "a.go", Line: 2, Kind: KindWrite}})
	b := Register([]Info{{File: "b.go", Line: 3, Commute: 1}})
	if a == 0 {
		t.Fatalf("first base is 0, the unknown site")
	}
	if b != a+2 {
		t.Fatalf("second base %d, want %d", b, a+2)
	}
	tests := []struct {
		site uint32
		want Info
	}{
		{0, Info{}},
		{a, Info{File: "a.go", Line: 1}},
		{a + 1, Info{File: "a.go", Line: 2, Kind: KindWrite}},
		{b, Info{File: "b.go", Line: 3, Commute: 1}},
		{b + 1, Info{}},
		{1 << 30, Info{}},
	}
	for _, tt := range tests {
		if got := Lookup(tt.site); got != tt.want {
			t.Errorf("Lookup(%d) = %+v, want %+v", tt.site, got, tt.want)
		}
	}
}
