package instrument

import "testing"

// TestPure checks that switching the pure optimization (pure.go) off
// takes no hook away from the cases of the other optimizations, some of
// which call the pure function p.
func TestPure(t *testing.T) {
	var cases []hookCase
	for _, cs := range [][]hookCase{straightCases, ifjoinCases, sliceloopCases, downloopCases, construnCases, invariantCases} {
		cases = append(cases, cs...)
	}
	checkSwitch(t, OptPure, cases)
}
