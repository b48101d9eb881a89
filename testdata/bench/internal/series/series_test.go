package series

import "testing"

func TestCheck(t *testing.T) {
	const n = 40
	right := func() []Pair {
		c := make([]Pair, n)
		for i := range c {
			c[i] = Coefficient(i)
		}
		return c
	}
	tests := []struct {
		name    string
		edit    func([]Pair)
		wantErr bool
	}{
		{"right", func([]Pair) {}, false},
		{"first pairs swapped", func(c []Pair) { c[1], c[2] = c[2], c[1] }, true},
		{"last pair missing", func(c []Pair) { c[n-1] = Pair{} }, true},
		{"mean off", func(c []Pair) { c[0].A += 0.01 }, true},
	}
	for _, tc := range tests {
		c := right()
		tc.edit(c)
		if err := Check(c); (err != nil) != tc.wantErr {
			t.Errorf("%s: Check = %v, want error %v", tc.name, err, tc.wantErr)
		}
	}
}
