package report

import "testing"

// TestDescribeFindings checks the words a failing test and TestMain give
// for what was found: each kind named, in the singular or plural.
func TestDescribeFindings(t *testing.T) {
	var l Log
	l.Found(FindRace, 2)
	l.Found(FindPermission, 1)
	l.Found(FindDeadlock, 1)
	l.Found(FindRace, 1)
	tests := []struct {
		from, to uint64
		want     string
	}{
		{0, 0, "no finding"},
		{0, 1, "1 determinacy race"},
		{0, 2, "2 determinacy races"},
		{2, 3, "1 permission error"},
		{1, 4, "1 determinacy race, 1 permission error and 1 deadlock"},
		{0, 5, "3 determinacy races, 1 permission error and 1 deadlock"},
		{4, 9, "1 determinacy race"},
	}
	for _, tt := range tests {
		if got := l.Describe([2]uint64{tt.from, tt.to}); got != tt.want {
			t.Errorf("Describe(%d, %d) = %q, want %q", tt.from, tt.to, got, tt.want)
		}
	}
	// Two spans, the findings between them left out (a test that waited
	// in t.Parallel while others ran).
	if got, want := l.Describe([2]uint64{0, 1}, [2]uint64{3, 5}), "2 determinacy races and 1 deadlock"; got != want {
		t.Errorf("Describe of two spans = %q, want %q", got, want)
	}
	l.AttributeToTests(0, 3)
	l.AttributeToTests(1, 2) // a second test that ran at once: counted once
	if got, want := l.DescribeOutsideTests(), "1 determinacy race and 1 deadlock"; got != want {
		t.Errorf("outside tests: %q, want %q", got, want)
	}
	if l.Count() != 5 || l.InTests() != 3 {
		t.Errorf("counts %d found, %d in tests; want 5 and 3", l.Count(), l.InTests())
	}
	l.Reset()
	if l.Count() != 0 || l.InTests() != 0 || l.Describe([2]uint64{0, 5}) != "no finding" {
		t.Errorf("after Reset: %d found, %d in tests, %q", l.Count(), l.InTests(), l.Describe([2]uint64{0, 5}))
	}
}
