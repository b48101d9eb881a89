package checker

import (
	"slices"
	"testing"
)

func TestTestArgs(t *testing.T) {
	got := testArgs([]string{"-test.v", "-test.run=TestA|TestB", "-test.count", "3", "-test.timeout=10m", "-test.paniconexit0"}, "TestB/sub(1)")
	want := []string{`-test.run=^TestB$`, "-test.count=1", "-test.timeout=10m", "-test.paniconexit0"}
	if !slices.Equal(got, want) {
		t.Errorf("testArgs = %q, want %q", got, want)
	}
}
