package btree

import "testing"

func TestCount(t *testing.T) {
	tests := []int{0, 1, 2, 5, 10}
	for _, d := range tests {
		if got, want := Build(d).Count(), Nodes(d); got != want {
			t.Errorf("tree of depth %d has %d nodes, want %d", d, got, want)
		}
	}
}

func TestPlanCheck(t *testing.T) {
	p := NewPlan(8)
	right := func() Result {
		r := Result{Stretch: Nodes(9), LongLived: Nodes(8)}
		for _, d := range p.Depths() {
			r.Rounds = append(r.Rounds, p.Iterations(d)*Nodes(d))
		}
		return r
	}
	tests := []struct {
		name    string
		edit    func(*Result)
		wantErr bool
	}{
		{"right", func(*Result) {}, false},
		{"stretch", func(r *Result) { r.Stretch-- }, true},
		{"long-lived", func(r *Result) { r.LongLived = 0 }, true},
		{"one round short", func(r *Result) { r.Rounds[1] -= Nodes(p.Depths()[1]) }, true},
		{"missing round", func(r *Result) { r.Rounds = r.Rounds[:1] }, true},
	}
	for _, tc := range tests {
		r := right()
		tc.edit(&r)
		if err := p.Check(r); (err != nil) != tc.wantErr {
			t.Errorf("%s: Check = %v, want error %v", tc.name, err, tc.wantErr)
		}
	}
}
