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

// TestKindNames checks that every kind up to the last has a name, and
// that names are distinct.
func TestKindNames(t *testing.T) {
	seen := map[string]Kind{}
	for k := KindRead; k <= KindGosched; k++ {
		name := k.String()
		if name == "" {
			t.Errorf("kind %d has no name", k)
			continue
		}
		if o, dup := seen[name]; dup {
			t.Errorf("kinds %d and %d are both %q", o, k, name)
		}
		seen[name] = k
	}
	if KindUnknown.String() != "" || Kind(KindGosched+1).String() != "" {
		t.Errorf("KindUnknown or a kind past the last has a name")
	}
	for k, want := range map[Kind]bool{KindRead: false, KindRun: false, KindGo: true, KindMutex: true, KindGosched: true, KindGosched + 1: false} {
		if got := k.IsSync(); got != want {
			t.Errorf("%d.IsSync() = %v, want %v", k, got, want)
		}
	}
}
