package rt

import "testing"

// TestDescribeFindings checks the words a failing test and TestMain give
// for what was found: each kind named, in the singular or plural.
func TestDescribeFindings(t *testing.T) {
	st := &state{}
	st.found(findRace, 2)
	st.found(findPermission, 1)
	st.found(findDeadlock, 1)
	st.found(findRace, 1)
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
		if got := st.describe(tt.from, tt.to); got != tt.want {
			t.Errorf("describe(%d, %d) = %q, want %q", tt.from, tt.to, got, tt.want)
		}
	}
	st.attributeToTests(0, 3)
	if got, want := st.describeOutsideTests(), "1 determinacy race and 1 deadlock"; got != want {
		t.Errorf("outside tests: %q, want %q", got, want)
	}
	if st.raceCount() != 5 || st.testRaces() != 3 {
		t.Errorf("counts %d found, %d in tests; want 5 and 3", st.raceCount(), st.testRaces())
	}
}
