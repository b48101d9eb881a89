package checkbuild

import (
	"bytes"
	"testing"

	"github.com/tpinstr/tpinstr/rt/options"
)

// TestPrintVerdicts checks the summary that tpinstr test prints after go
// test: one line per package, and the tests whose runs did not cover every
// schedule.
func TestPrintVerdicts(t *testing.T) {
	every := "checked every schedule of this input (2 goroutines)"
	tests := []struct {
		name string
		in   []options.Verdict
		want string
	}{
		{"none", nil, ""},
		{"all every", []options.Verdict{{Pkg: "a", Test: "T1", Verdict: every}, {Pkg: "a", Test: "T2", Verdict: every}},
			"tpinstr: a: every schedule checked (2 tests)\n"},
		{"one partial, one outside tests", []options.Verdict{
			{Pkg: "a", Test: "T1", Verdict: every},
			{Pkg: "a", Test: "T2", Verdict: "checked 7 schedules (the max_schedules limit)"},
			{Pkg: "a", Verdict: "checked this schedule only: x at f.go:1"},
			{Pkg: "b", Test: "T", Verdict: every},
		}, "tpinstr: a: every schedule checked in 1 of 3 tests; not in:\n" +
			"tpinstr:   T2: checked 7 schedules (the max_schedules limit)\n" +
			"tpinstr:   outside any test: checked this schedule only: x at f.go:1\n" +
			"tpinstr: b: every schedule checked (1 test)\n"},
		{"unchecked sites are not every schedule", []options.Verdict{{Pkg: "a", Test: "T", Verdict: every + "; 1 access site without a hook not checked (the first: x at f.go:2:3)"}},
			"tpinstr: a: every schedule checked in 0 of 1 test; not in:\ntpinstr:   T: " + every + "; 1 access site without a hook not checked (the first: x at f.go:2:3)\n"},
		{"a parallel test's pending line does not count", []options.Verdict{
			{Pkg: "a", Test: "T1", Verdict: "checked with the package's other parallel tests, in one run: its verdict follows the last of them"},
			{Pkg: "a", Test: "T2", Verdict: every},
		}, "tpinstr: a: every schedule checked (1 test)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			printVerdicts(&b, tt.in)
			if b.String() != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", b.String(), tt.want)
			}
		})
	}
}
